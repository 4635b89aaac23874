import { useRef, useState, type ChangeEvent } from 'react';
import { toast } from 'sonner';
import { AVATAR_CONTENT_TYPES, AVATAR_MAX_BYTES, type Profile } from '../../../../shared/api/profile';
import { imageFileProblem } from '../../lib/image-file';
import { uploadAvatar } from './api';

/**
 * Avatar picture and its upload (image only, at most 5 MB; spec part 3 error catalogue toasts), on /settings and in the
 * seller portal's Customize tab. Checked before anything is sent; S3 and the server check again.
 */
export function AvatarUpload({
  username,
  avatarUrl,
  token,
  onUploaded,
}: {
  username: string;
  avatarUrl: string | null;
  token: string;
  onUploaded(profile: Profile): void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);

  const chosen = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = imageFileProblem(file, AVATAR_CONTENT_TYPES, AVATAR_MAX_BYTES);
    if (problem) {
      toast.error(problem[0], { description: problem[1] });
      return;
    }
    setUploading(true);
    uploadAvatar(file, token)
      .then((profile) => {
        onUploaded(profile);
        toast.success('Avatar Updated');
      })
      .catch((error: unknown) => {
        console.warn('Avatar upload failed', error);
        toast.error('Upload Failed', {
          description: error instanceof Error && error.message ? error.message : 'Please try again.',
        });
      })
      .finally(() => setUploading(false));
  };

  return (
    <div className="avatar-upload">
      {avatarUrl ? (
        <img className="avatar avatar-lg" src={avatarUrl} alt="Your avatar" width={80} height={80} />
      ) : (
        <span className="avatar avatar-initial avatar-lg" aria-hidden>
          {username.slice(0, 1).toUpperCase()}
        </span>
      )}
      <div>
        <input
          ref={input}
          id="avatar-file"
          type="file"
          accept="image/*"
          aria-label="Avatar image file"
          tabIndex={-1}
          className="sr-only"
          onChange={chosen}
          disabled={uploading}
        />
        <button type="button" className="btn btn-outline" onClick={() => input.current?.click()} disabled={uploading}>
          {uploading ? 'Uploading...' : 'Change Avatar'}
        </button>
        <p className="field-hint">JPEG, PNG, WebP or GIF, up to 5 MB.</p>
      </div>
    </div>
  );
}
