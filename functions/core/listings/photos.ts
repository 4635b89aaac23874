import { LISTING_PHOTO_MAX_BYTES, type ListingPhotoContentType } from '../../../shared/api/listings';
import { BadRequestError } from '../../lib/errors';

export interface ListingImageRecord {
  key: string;
  thumbKey?: string;
}

const EXTENSIONS: Record<ListingPhotoContentType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
};

/** How many leading bytes `sniffImageType` needs. */
export const IMAGE_SIGNATURE_BYTES = 12;

/**
 * Where a seller's photo uploads wait until a listing takes them. The bucket expires this prefix after a day, so a
 * photo nobody attached does not stay; a key outside the seller's own is never attached to their listing.
 */
export const PENDING_UPLOADS = 'uploads/';
/** Where attached listing photos and their thumbnails live. */
export const LISTING_PHOTOS = 'listing-photos/';
/** Longest side of a served listing photo: the full-screen gallery on a large 2x screen. */
export const LISTING_PHOTO_MAX_PX = 2048;

export function pendingPhotoPrefix(userId: string): string {
  return `${PENDING_UPLOADS}${userId}/`;
}

/**
 * A fresh key per upload (listing photos, banners, avatars), so uploads never overwrite each other or someone else's.
 * Its extension names the type the upload was ticketed as, which is the format it is served in.
 */
export function pendingUploadKey(userId: string, contentType: ListingPhotoContentType, id: string): string {
  return `${pendingPhotoPrefix(userId)}${id}.${EXTENSIONS[contentType]}`;
}

/** The key a checked upload moves to when a listing takes it. */
export function attachedKey(pendingKey: string): string {
  return `${LISTING_PHOTOS}${pendingKey.slice(PENDING_UPLOADS.length)}`;
}

/** The thumbnail's key next to its photo. */
export function thumbnailKey(photoKey: string): string {
  return `${photoKey.replace(/\.[a-z]+$/, '')}.thumb.webp`;
}

/**
 * The image type the file's signature (its first bytes) says, or null: a file is judged by its content, not by the
 * name or the Content-Type the browser claimed.
 */
export function sniffImageType(head: Uint8Array): ListingPhotoContentType | null {
  const at = (offset: number, bytes: number[]) => bytes.every((b, i) => head[offset + i] === b);
  const ascii = (offset: number, text: string) =>
    at(
      offset,
      [...text].map((c) => c.charCodeAt(0)),
    );
  if (at(0, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (at(0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (ascii(0, 'GIF87a') || ascii(0, 'GIF89a')) return 'image/gif';
  if (ascii(0, 'RIFF') && ascii(8, 'WEBP')) return 'image/webp';
  return null;
}

/** What the bucket holds under a key: its size and first bytes; null when nothing is there. */
export interface UploadedObject {
  size: number;
  head: Uint8Array;
}

/** What became of an upload promoted to its served key. */
export type PromoteOutcome = 'promoted' | 'undecodable' | 'missing';

export interface PhotoStore {
  inspect(key: string): Promise<UploadedObject | null>;
  /**
   * Re-encodes a checked upload under its served key, then the upload goes: EXIF orientation applied, every metadata
   * block (EXIF, GPS, XMP, ...) dropped, at most `maxPx` on its longest side, in the format the key's extension names.
   * Nothing is written when the bytes do not decode as an image ('undecodable') or the upload is gone ('missing').
   */
  promote(from: string, to: string, maxPx: number): Promise<PromoteOutcome>;
  /** Moves an object as it is (an attached photo back to its upload key when its write fails). */
  move(from: string, to: string): Promise<void>;
  remove(keys: string[]): Promise<void>;
}

/** Copies objects in the media bucket as they are (content type and caching with them), and deletes them. */
export interface PhotoCopier {
  copy(from: string, to: string): Promise<void>;
  remove(keys: string[]): Promise<void>;
}

/** A photo's and its thumbnail's keys: the objects a listing holds for it. */
export function keysOfImages(images: readonly ListingImageRecord[]): string[] {
  return images.flatMap((i) => [i.key, ...(i.thumbKey ? [i.thumbKey] : [])]);
}

/**
 * A listing's photos (and thumbnails) copied under keys of their own for another listing, same folder and format, a
 * fresh id each (decision 010): no two listings share an object, so an edit dropping a photo of one, or deleting it,
 * never takes it from the other (a relisted auction's old page, its buyers' orders, conversations about it). Copies
 * made before a failed one are deleted again.
 */
export async function copyPhotos(
  images: readonly ListingImageRecord[],
  newId: () => string,
  store: PhotoCopier,
): Promise<ListingImageRecord[]> {
  const copies = images.map((i) => {
    const folder = i.key.slice(0, i.key.lastIndexOf('/') + 1);
    const key = `${folder}${newId()}${/\.[a-z]+$/.exec(i.key)?.[0] ?? ''}`;
    return i.thumbKey ? { key, thumbKey: thumbnailKey(key) } : { key };
  });
  const pairs = images.flatMap((i, n) => {
    const to = copies[n]!;
    return [[i.key, to.key] as const, ...(i.thumbKey && to.thumbKey ? [[i.thumbKey, to.thumbKey] as const] : [])];
  });
  const made: string[] = [];
  const results = await Promise.allSettled(
    pairs.map(async ([from, to]) => {
      await store.copy(from, to);
      made.push(to);
    }),
  );
  const failed = results.find((r) => r.status === 'rejected');
  if (failed) {
    // Best effort: the error that matters is the copy's.
    if (made.length) await store.remove(made).catch(() => undefined);
    throw failed.reason;
  }
  return copies;
}

export interface AttachedPhotos {
  images: ListingImageRecord[];
  /** Keys attached now for the first time, under their listing key (they need thumbnails). */
  added: string[];
  /** Keys the listing had and no longer has (their objects go once the listing is written). */
  dropped: string[];
}

/**
 * Checks a key the browser sent before anything takes it: the user's own pending upload, present, within the size
 * limit and really an image. An upload that fails the check is deleted at once.
 */
export async function checkPendingImage(
  userId: string,
  key: string,
  store: PhotoStore,
  /** How the error names the image, and the field it is reported on. */
  label: { name: string; field: string },
): Promise<void> {
  const { name, field } = label;
  if (!key.startsWith(pendingPhotoPrefix(userId)) || key.includes('..')) {
    throw new BadRequestError(`${name} is not an upload of yours`, { [field]: 'Upload the image again' });
  }
  const object = await store.inspect(key);
  if (!object) throw new BadRequestError(`${name} was not uploaded`, { [field]: 'Upload the image again' });
  const problem =
    object.size > LISTING_PHOTO_MAX_BYTES
      ? `${name} is larger than 5MB`
      : !sniffImageType(object.head)
        ? `${name} is not an image file`
        : null;
  if (problem) {
    await store.remove([key]);
    throw new BadRequestError(problem, { [field]: problem });
  }
}

/**
 * Checks an upload (as `checkPendingImage`) and re-encodes it under its served key `to`, so nothing that was not
 * cleaned is ever served. An upload that checks out by its first bytes but does not decode is refused and deleted.
 */
export async function promotePendingImage(
  userId: string,
  key: string,
  to: string,
  store: PhotoStore,
  label: { name: string; field: string; maxPx: number },
): Promise<void> {
  const { name, field, maxPx } = label;
  await checkPendingImage(userId, key, store, { name, field });
  const outcome = await store.promote(key, to, maxPx);
  if (outcome === 'missing') {
    throw new BadRequestError(`${name} was not uploaded`, { [field]: 'Upload the image again' });
  }
  if (outcome === 'undecodable') {
    await store.remove([key]);
    const problem = `${name} is not an image file`;
    throw new BadRequestError(problem, { [field]: problem });
  }
}

/**
 * Moves photos a write attached back to their upload keys (pending key -> listing key) when the write then fails, so
 * nothing is left orphaned under a listing key and the browser can send the same keys again; back under the upload
 * prefix, an abandoned one expires with the bucket's lifecycle rule. Best effort, like each move.
 */
export async function releasePhotos(moved: ReadonlyMap<string, string>, store: PhotoStore): Promise<void> {
  await Promise.allSettled([...moved].map(([pending, attached]) => store.move(attached, pending)));
}

/**
 * Checks the photo keys a seller sends, in order (the first is the main image). Keys the listing already has stay as
 * they are; a new key must be the seller's own pending upload, present, within the size limit and really an image. It
 * is then re-encoded under its listing key. An upload that fails the check is deleted at once.
 */
export async function attachPhotos(
  userId: string,
  keys: readonly string[],
  existing: readonly ListingImageRecord[],
  store: PhotoStore,
  /** Uploads already moved by an earlier attempt of the same write (pending key -> listing key). */
  moved = new Map<string, string>(),
): Promise<AttachedPhotos> {
  const current = new Map(existing.map((i) => [i.key, i]));
  const images: ListingImageRecord[] = [];
  const added: string[] = [];
  // Moved by this call: if a later photo is refused they go back, so the browser can send the same keys again.
  const movedNow: [pending: string, attached: string][] = [];
  try {
    for (const [index, key] of keys.entries()) {
      const kept = current.get(key);
      if (kept) {
        images.push(kept);
        continue;
      }
      const earlier = moved.get(key);
      if (earlier) {
        images.push({ key: earlier });
        added.push(earlier);
        continue;
      }
      const attached = attachedKey(key);
      await promotePendingImage(userId, key, attached, store, {
        name: `Photo ${index + 1}`,
        field: `photoKeys.${index}`,
        maxPx: LISTING_PHOTO_MAX_PX,
      });
      moved.set(key, attached);
      movedNow.push([key, attached]);
      images.push({ key: attached });
      added.push(attached);
    }
  } catch (error) {
    for (const [pending] of movedNow) moved.delete(pending);
    await releasePhotos(new Map(movedNow), store);
    throw error;
  }
  const keptKeys = new Set(images.map((i) => i.key));
  const dropped = keysOfImages(existing.filter((i) => !keptKeys.has(i.key)));
  return { images, added, dropped };
}
