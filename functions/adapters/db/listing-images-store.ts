import type { ThumbnailDeps } from '../../core/listings/make-thumbnails';
import { conditionally } from './conditional';
import type { Db } from './service';

/** A listing's images, read and written at its version (the thumbnail worker's view of a listing). */
export function listingImagesStore(db: Db): Pick<ThumbnailDeps, 'images' | 'setImages'> {
  const { listing } = db.entities;
  return {
    async images(listingId) {
      const { data } = await listing.get({ listingId }).go({ attributes: ['images', 'version'] });
      return data ? { images: data.images ?? [], version: data.version ?? 1 } : null;
    },
    setImages: (listingId, images, version) =>
      conditionally(() =>
        listing
          .patch({ listingId })
          .set({ images, version: version + 1 })
          .where((a, op) => op.eq(a.version, version))
          .go(),
      ),
  };
}
