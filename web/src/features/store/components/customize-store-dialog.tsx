import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { toast } from 'sonner';
import { useSWRConfig } from 'swr';
import {
  STORE_BIO_MAX,
  STORE_DESCRIPTION_MAX,
  STORE_NAME_MAX,
  type Store,
  type StoreSettings,
} from '../../../../../shared/api/stores';
import { LISTING_PHOTO_CONTENT_TYPES, LISTING_PHOTO_MAX_BYTES } from '../../../../../shared/api/listings';
import { errorProps, FormField } from '../../../components/ui/form-field';
import { ApiError } from '../../../lib/api';
import { imageFileProblem } from '../../../lib/image-file';
import { uploadPhoto } from '../../../domains/listing-photos/api';
import { saveStore } from '../../../domains/stores/api';
import { keys } from '../../../domains/keys';
import { Dialog } from '../../../components/ui/dialog';
import { DialogFormFooter } from '../../../components/ui/dialog-form-footer';

type Texts = Pick<StoreSettings, 'storeName' | 'storeDescription' | 'bio'>;

/** Customize Store (spec part 3): store name, description, bio and banner, saved to the owner's profile. */
export function CustomizeStoreDialog({
  store,
  token,
  canUpload,
  open,
  onOpenChange,
}: {
  store: Store;
  token: string;
  /** Whether the owner may upload images (sellers only). */
  canUpload: boolean;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const id = useId();
  const { mutate } = useSWRConfig();
  const [texts, setTexts] = useState<Texts>({ storeName: '', storeDescription: '', bio: '' });
  const [banner, setBanner] = useState<{ file: File; preview: string } | 'remove' | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  // Each opening starts from the store as it is now.
  useEffect(() => {
    if (!open) return;
    setTexts({
      storeName: store.storeName ?? '',
      storeDescription: store.storeDescription ?? '',
      bio: store.bio ?? '',
    });
    setBanner(null);
    setErrors({});
  }, [open, store]);

  useEffect(() => () => void (banner && banner !== 'remove' && URL.revokeObjectURL(banner.preview)), [banner]);

  const chooseBanner = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = imageFileProblem(file, LISTING_PHOTO_CONTENT_TYPES, LISTING_PHOTO_MAX_BYTES);
    if (problem) toast.error(problem[0], { description: problem[1] });
    else setBanner({ file, preview: URL.createObjectURL(file) });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    try {
      let bannerKey: string | null | undefined;
      if (banner === 'remove') bannerKey = null;
      else if (banner) {
        try {
          bannerKey = await uploadPhoto(banner.file, token, () => undefined);
        } catch (error) {
          console.warn('Banner upload failed', error);
          toast.error('Upload Failed', {
            description: error instanceof ApiError ? error.message : 'Please try again.',
          });
          return;
        }
      }
      const saved = await saveStore(token, { ...texts, ...(bannerKey !== undefined ? { bannerKey } : {}) });
      await mutate(keys.store(store.username, store.userId), { ...store, ...saved }, { revalidate: true });
      toast.success('Store Updated');
      onOpenChange(false);
    } catch (error) {
      console.warn('Saving the store failed', error);
      if (error instanceof ApiError && error.fields) setErrors(error.fields);
      toast.error('Error', {
        description:
          error instanceof ApiError && error.status === 400
            ? error.message
            : 'Failed to save changes. Please try again.',
      });
    } finally {
      setSaving(false);
    }
  };

  const text = (name: keyof Texts, label: string, max: number, multiline: boolean) => {
    const fieldId = `${id}-${name}`;
    const props = {
      ...errorProps(fieldId, errors[name]),
      className: 'input',
      value: texts[name],
      maxLength: max,
      onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
        setTexts((t) => ({ ...t, [name]: e.target.value })),
    };
    return (
      <FormField id={fieldId} label={label} error={errors[name]}>
        {multiline ? <textarea {...props} rows={3} /> : <input {...props} type="text" />}
      </FormField>
    );
  };

  const bannerPreview = banner === 'remove' ? null : banner ? banner.preview : store.bannerUrl;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !saving && onOpenChange(next)}
      title="Customize Store"
      description="Your store name, description, bio and banner, as visitors see them."
      className="customize-store-dialog"
    >
      <form onSubmit={(e) => void submit(e)} noValidate>
        {text('storeName', 'Store Name', STORE_NAME_MAX, false)}
        {text('storeDescription', 'Store Description', STORE_DESCRIPTION_MAX, true)}
        {text('bio', 'Personal Bio', STORE_BIO_MAX, true)}
        <div className="form-field">
          <span className="field-label" id={`${id}-banner`}>
            Banner
          </span>
          <div className="store-banner store-banner-preview">
            {bannerPreview && <img src={bannerPreview} alt="Banner preview" />}
          </div>
          <div className="banner-buttons" role="group" aria-labelledby={`${id}-banner`}>
            {/* Image uploads are for sellers (the server refuses others). */}
            {canUpload ? (
              <button type="button" className="btn btn-outline btn-sm" onClick={() => fileInput.current?.click()}>
                Upload Banner
              </button>
            ) : (
              <p className="field-hint">Turn on selling in Settings to add a banner.</p>
            )}
            {bannerPreview && (
              <button type="button" className="btn btn-ghost btn-sm" onClick={() => setBanner('remove')}>
                Remove Banner
              </button>
            )}
          </div>
          <input
            ref={fileInput}
            type="file"
            accept="image/*"
            hidden
            aria-label="Banner image"
            onChange={chooseBanner}
          />
          {errors.bannerKey && <p className="field-error">{errors.bannerKey}</p>}
        </div>
        <DialogFormFooter busy={saving} label="Save Changes" busyLabel="Saving..." />
      </form>
    </Dialog>
  );
}
