import { useId, useRef, useState, type ChangeEvent } from 'react';
import { Link } from 'react-router-dom';
import { toast } from 'sonner';
import { useSWRConfig } from 'swr';
import { LISTING_PHOTO_CONTENT_TYPES, LISTING_PHOTO_MAX_BYTES } from '../../../../../shared/api/listings';
import type { Store } from '../../../../../shared/api/stores';
import { imageFileProblem } from '../../../lib/image-file';
import { keys } from '../../../domains/keys';
import { saveStore, uploadBanner } from '../../../domains/stores/api';

/**
 * The store banner, saved as soon as it is chosen or removed ('Banner Updated'): uploaded like a listing photo, which
 * the server checks and re-encodes. Uploads are for sellers (the server refuses others), so others are told how.
 */
export function BannerUpload({ store, token, canUpload }: { store: Store; token: string; canUpload: boolean }) {
  const id = useId();
  const { mutate } = useSWRConfig();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);

  const save = (work: Promise<{ bannerUrl: string | null }>) => {
    setBusy(true);
    work
      .then(async ({ bannerUrl }) => {
        await mutate(keys.store(store.username, store.userId), (s?: Store) => s && { ...s, bannerUrl }, {
          revalidate: false,
        });
        toast.success('Banner Updated');
      })
      .catch((error: unknown) => {
        console.warn('Saving the banner failed', error);
        toast.error('Upload Failed', {
          description: error instanceof Error && error.message ? error.message : 'Please try again.',
        });
      })
      .finally(() => setBusy(false));
  };

  const chosen = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = imageFileProblem(file, LISTING_PHOTO_CONTENT_TYPES, LISTING_PHOTO_MAX_BYTES);
    if (problem) toast.error(problem[0], { description: problem[1] });
    else save(uploadBanner(file, token));
  };

  return (
    <div className="form-field" role="group" aria-labelledby={`${id}-label`}>
      <span className="field-label" id={`${id}-label`}>
        Banner
      </span>
      <div className="store-banner customize-banner">
        {store.bannerUrl && <img src={store.bannerUrl} alt="Your banner" />}
      </div>
      {canUpload ? (
        <div className="customize-buttons">
          <input
            ref={input}
            type="file"
            accept="image/*"
            className="sr-only"
            tabIndex={-1}
            aria-label="Banner image file"
            onChange={chosen}
            disabled={busy}
          />
          <button
            type="button"
            className="btn btn-outline btn-sm"
            onClick={() => input.current?.click()}
            disabled={busy}
          >
            {busy ? 'Uploading...' : 'Upload Banner'}
          </button>
          {store.bannerUrl && (
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              onClick={() => save(saveStore(token, { bannerKey: null }))}
              disabled={busy}
            >
              Remove Banner
            </button>
          )}
          <span className="field-hint">JPEG, PNG, WebP or GIF, up to 5 MB; wide images fit best (4:1).</span>
        </div>
      ) : (
        <p className="field-hint">
          <Link to="/settings">Turn on selling in Settings</Link> to add a banner.
        </p>
      )}
    </div>
  );
}
