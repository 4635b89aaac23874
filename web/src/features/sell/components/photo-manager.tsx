import { useId, useRef, useState, type Dispatch, type DragEvent, type SetStateAction } from 'react';
import { toast } from 'sonner';
import { checkPhotoFiles, moveItem, uploadPhoto, type WizardPhoto } from '../../../domains/listing-photos/api';
import { useMaxListingImages } from '../../../domains/platform-settings/api';

let nextId = 0;

/**
 * Photo upload (spec part 3): up to the administrators' max_listing_images (decision 063), each checked before it is sent, uploaded straight to storage with a
 * progress bar, reorderable with buttons (keyboard and screen readers), the first one the main image.
 */
export function PhotoManager({
  photos,
  setPhotos,
  token,
  error,
}: {
  photos: WizardPhoto[];
  setPhotos: Dispatch<SetStateAction<WizardPhoto[]>>;
  token: string;
  error?: string;
}) {
  const inputId = useId();
  const maxPhotos = useMaxListingImages();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);

  const update = (id: string, change: Partial<WizardPhoto>) =>
    setPhotos((list) => list.map((p) => (p.id === id ? { ...p, ...change } : p)));

  const add = async (files: File[]) => {
    const { accepted, problems } = checkPhotoFiles(files, photos.length, maxPhotos);
    for (const [title, description] of problems) toast.error(title, { description });
    if (!accepted.length) return;
    const items = accepted.map((file) => ({
      file,
      photo: {
        id: `new-${++nextId}`,
        name: file.name,
        previewUrl: URL.createObjectURL(file),
        progress: 0,
        status: 'uploading',
        origin: 'upload',
      } satisfies WizardPhoto,
    }));
    setPhotos((list) => [...list, ...items.map((i) => i.photo)]);
    let failed = false;
    // Two at a time: parallel enough to be quick, gentle on a phone's uplink.
    const queue = [...items];
    const worker = async () => {
      for (let item = queue.shift(); item; item = queue.shift()) {
        const { file, photo } = item;
        try {
          const key = await uploadPhoto(file, token, (progress) => update(photo.id, { progress }));
          update(photo.id, { key, progress: 1, status: 'ready' });
        } catch {
          failed = true;
          update(photo.id, { status: 'failed' });
        }
      }
    };
    await Promise.all([worker(), worker()]);
    if (failed) toast.error('Upload Error', { description: 'Failed to upload images. Please try again.' });
    else toast.success('Images Uploaded');
  };

  const remove = (photo: WizardPhoto) => {
    if (photo.previewUrl.startsWith('blob:')) URL.revokeObjectURL(photo.previewUrl);
    setPhotos((list) => list.filter((p) => p.id !== photo.id));
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    void add([...e.dataTransfer.files]);
  };

  return (
    <fieldset className="photo-manager" aria-describedby={error ? `${inputId}-error` : undefined}>
      <legend className="field-label">
        Photos ({photos.length}/{maxPhotos})
      </legend>
      <div
        className={`photo-drop${dragging ? ' is-dragging' : ''}`}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <p>Drag photos here or</p>
        <label htmlFor={inputId} className="btn btn-outline">
          Choose Photos
        </label>
        <input
          ref={input}
          id={inputId}
          className="sr-only"
          type="file"
          accept="image/*"
          multiple
          onChange={(e) => {
            void add([...(e.target.files ?? [])]);
            e.target.value = '';
          }}
        />
        <p className="field-hint">Up to 8 images, 5MB each. The first photo is the main image.</p>
      </div>
      {error && (
        <p id={`${inputId}-error`} className="field-error">
          {error}
        </p>
      )}
      {photos.length > 0 && (
        <ol className="photo-list" aria-label="Photos in display order">
          {photos.map((photo, index) => (
            <li key={photo.id} className="photo-item">
              <img src={photo.previewUrl} alt={photo.name} width={120} height={120} />
              {index === 0 && <span className="badge photo-main">Main</span>}
              {photo.status === 'uploading' && (
                <progress max={1} value={photo.progress} aria-label={`Uploading ${photo.name}`} />
              )}
              {photo.status === 'failed' && <p className="field-error">Upload failed</p>}
              <div className="photo-actions">
                <button
                  type="button"
                  className="btn btn-ghost btn-sm"
                  aria-label={`Move photo ${index + 1} earlier`}
                  disabled={index === 0}
                  onClick={() => setPhotos((list) => moveItem(list, index, index - 1))}
                >
                  ←
                </button>
                <button
                  type="button"
                  className="btn btn-ghost btn-sm"
                  aria-label={`Move photo ${index + 1} later`}
                  disabled={index === photos.length - 1}
                  onClick={() => setPhotos((list) => moveItem(list, index, index + 1))}
                >
                  →
                </button>
                <button
                  type="button"
                  className="btn btn-ghost btn-sm"
                  aria-label={`Remove photo ${index + 1}`}
                  onClick={() => remove(photo)}
                >
                  ✕
                </button>
              </div>
            </li>
          ))}
        </ol>
      )}
    </fieldset>
  );
}
