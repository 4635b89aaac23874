import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { ProductLookupResult } from '../../../../../shared/api/lookup';
import { importListingPhoto, lookupPhotoRoom, type WizardPhoto } from '../../../domains/listing-photos/api';
import { useMaxListingImages } from '../../../domains/platform-settings/api';

let importId = 0;

/**
 * The wizard's photos: those the seller uploads (PhotoManager adds them) and those copied from a product lookup. Object
 * URLs of fresh files live until the wizard goes (the review step shows them too).
 */
export function useWizardPhotos(initialPhotos: WizardPhoto[], token: string) {
  const maxPhotos = useMaxListingImages();
  const [photos, setPhotos] = useState(initialPhotos);
  const shown = useRef(photos);
  useEffect(() => {
    shown.current = photos;
  }, [photos]);
  useEffect(
    () => () => {
      for (const p of shown.current) if (p.previewUrl.startsWith('blob:')) URL.revokeObjectURL(p.previewUrl);
    },
    [],
  );

  // Each image is copied into the seller's uploads; it shows at once (the lookup's address) and gets its key later.
  const importProductPhotos = (product: ProductLookupResult) => {
    const imports = product.images
      .filter((url) => /^https?:\/\//i.test(url))
      .slice(0, lookupPhotoRoom(photos, maxPhotos))
      .map((url) => ({ id: `import-${++importId}`, url }));
    if (!imports.length) return;
    setPhotos((list) => [
      ...list,
      ...imports.map(({ id, url }, i): WizardPhoto => ({
        id,
        name: `${product.productName} (${i + 1})`,
        previewUrl: url,
        progress: 0,
        status: 'uploading',
        origin: 'lookup',
      })),
    ]);
    void Promise.allSettled(
      imports.map(({ id, url }) =>
        importListingPhoto(token, url).then(
          ({ key, url: stored }) =>
            setPhotos((list) =>
              list.map((p) => (p.id === id ? { ...p, key, previewUrl: stored, progress: 1, status: 'ready' } : p)),
            ),
          (error: unknown) => {
            setPhotos((list) => list.filter((p) => p.id !== id));
            throw error;
          },
        ),
      ),
    ).then((results) => {
      if (results.some((r) => r.status === 'rejected')) {
        toast.error('Upload Error', { description: 'Failed to upload images. Please try again.' });
      }
    });
  };

  const uploading = photos.some((p) => p.status === 'uploading');
  const keys = () => photos.filter((p) => p.key).map((p) => p.key!);
  return { photos, setPhotos, uploading, keys, importProductPhotos };
}
