import type { PhotoStore, PromoteOutcome } from '../core/listings/photos';
import { cleanImage, formatOfKey } from './image-cleaner';
import { moveObject, readObject, readObjectStart, removeObjects, writeObject } from './media-store';

const CONTENT_TYPES = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', gif: 'image/gif' } as const;

/** Writes the upload re-encoded (orientation applied, metadata gone, size bounded) under `to`, then deletes it. */
async function promoteImage(from: string, to: string, maxPx: number): Promise<PromoteOutcome> {
  const format = formatOfKey(to);
  if (!format) throw new Error(`No image format for key ${to}`);
  const original = await readObject(from);
  if (!original) return 'missing';
  const clean = await cleanImage(original, format, maxPx);
  if (!clean) return 'undecodable';
  await writeObject(to, clean, CONTENT_TYPES[format]);
  await removeObjects([from]);
  return 'promoted';
}

/**
 * Uploads checked and re-encoded onto their served keys. Uses sharp (native): a route importing this lists
 * `nativeModules: ['sharp']` in functions/routes.ts so the deployment ships it.
 */
export const photoStore: PhotoStore = {
  inspect: (key) => readObjectStart(key),
  promote: promoteImage,
  move: moveObject,
  remove: removeObjects,
};
