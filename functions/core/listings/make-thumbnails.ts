import type { ListingImageRecord } from './photos';
import { thumbnailKey } from './photos';

/** Longest side of a thumbnail: sharp on a card (up to ~300 CSS px) and the gallery strip on 2x screens. */
export const THUMBNAIL_MAX_PX = 480;

export interface ThumbnailDeps {
  /** The listing's images and write version; null when the listing is gone. */
  images(listingId: string): Promise<{ images: ListingImageRecord[]; version: number } | null>;
  /** Sets the images at `version` (bumping it); false when the listing changed meanwhile. */
  setImages(listingId: string, images: ListingImageRecord[], version: number): Promise<boolean>;
  readPhoto(key: string): Promise<Uint8Array | null>;
  /** A WebP at most THUMBNAIL_MAX_PX on its longest side, upright (EXIF orientation applied); null if undecodable. */
  resize(photo: Uint8Array): Promise<Uint8Array | null>;
  writeThumbnail(key: string, webp: Uint8Array): Promise<void>;
}

/**
 * Makes the missing thumbnails of a listing's photos and records them. Photos removed from the listing meanwhile are
 * skipped; a lost race with an edit re-reads the listing, so an edit never loses a thumbnail and vice versa.
 */
export async function makeThumbnails(listingId: string, keys: string[], deps: ThumbnailDeps): Promise<number> {
  const made = new Map<string, string>();
  const tried = new Set<string>();
  for (let attempt = 0; attempt < 5; attempt++) {
    const current = await deps.images(listingId);
    if (!current) return 0;
    const wanted = current.images.filter((i) => keys.includes(i.key) && !i.thumbKey);
    for (const image of wanted) {
      if (tried.has(image.key)) continue;
      tried.add(image.key);
      const photo = await deps.readPhoto(image.key);
      // A file with an image signature that still does not decode keeps its full image as the thumbnail.
      const webp = photo && (await deps.resize(photo));
      if (!webp) continue;
      const thumb = thumbnailKey(image.key);
      await deps.writeThumbnail(thumb, webp);
      made.set(image.key, thumb);
    }
    if (!wanted.some((i) => made.has(i.key))) return 0;
    const images = current.images.map((i) => {
      const thumbKey = !i.thumbKey ? made.get(i.key) : undefined;
      return thumbKey ? { ...i, thumbKey } : i;
    });
    if (await deps.setImages(listingId, images, current.version)) return made.size;
  }
  throw new Error(`listing ${listingId} kept changing while its thumbnails were recorded`);
}
