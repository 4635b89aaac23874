import sharp from 'sharp';
import { THUMBNAIL_MAX_PX } from '../core/listings/make-thumbnails';

/** Null when sharp cannot decode the file (corrupt, or a format it does not read): that is not worth a retry. */
export async function resizeToThumbnail(photo: Uint8Array): Promise<Uint8Array | null> {
  try {
    return await sharp(photo, { limitInputPixels: 50_000_000 })
      .rotate()
      .resize(THUMBNAIL_MAX_PX, THUMBNAIL_MAX_PX, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 78 })
      .toBuffer();
  } catch {
    return null;
  }
}
