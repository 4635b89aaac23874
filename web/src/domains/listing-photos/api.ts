import * as contracts from '../../../../shared/api/listings';
import {
  LISTING_PHOTO_CONTENT_TYPES,
  LISTING_PHOTO_MAX_BYTES,
  LOOKUP_PHOTO_MAX_COUNT,
  startListingPhotoUpload,
  type ListingPhotoContentType,
} from '../../../../shared/api/listings';
import { apiSend } from '../../lib/api';

/** A photo in the wizard: a fresh upload (with its progress), an imported lookup image, or one the listing has. */
export interface WizardPhoto {
  id: string;
  name: string;
  /** What the thumbnail shows: an object URL for a fresh file, the media URL otherwise. */
  previewUrl: string;
  /** The media key once uploaded. */
  key?: string;
  /** 0 to 1 while uploading. */
  progress: number;
  status: 'uploading' | 'ready' | 'failed';
  /** Where it came from: lookup imports count against their own limit of 5. */
  origin: 'upload' | 'lookup' | 'listing';
}

export type Problem = readonly [title: string, description: string];

/**
 * Spec part 3 validation rules and error catalogue (the count up to `max`, the administrators' max_listing_images,
 * decision 063): the count first (the whole choice is refused), then each file's
 * type and size.
 */
export function checkPhotoFiles(
  files: File[],
  current: number,
  max: number,
): { accepted: File[]; problems: Problem[] } {
  const room = max - current;
  if (files.length > room) {
    return { accepted: [], problems: [['Too Many Images', `You can only upload ${Math.max(0, room)} more image(s)`]] };
  }
  const accepted: File[] = [];
  const problems: Problem[] = [];
  for (const file of files) {
    if (!(LISTING_PHOTO_CONTENT_TYPES as readonly string[]).includes(file.type)) {
      problems.push(['Invalid File', `${file.name} is not an image file`]);
    } else if (file.size > LISTING_PHOTO_MAX_BYTES) {
      problems.push(['File Too Large', `${file.name} is larger than 5MB`]);
    } else {
      accepted.push(file);
    }
  }
  return { accepted, problems };
}

/**
 * How many lookup images may still be imported: at most 5 from lookups in all, never above the listing's `max` (the
 * administrators' max_listing_images, decision 063).
 */
export function lookupPhotoRoom(photos: readonly Pick<WizardPhoto, 'origin'>[], max: number): number {
  const fromLookup = photos.filter((p) => p.origin === 'lookup').length;
  return Math.max(0, Math.min(LOOKUP_PHOTO_MAX_COUNT - fromLookup, max - photos.length));
}

/** Presigned POST straight to the media bucket, with upload progress (fetch has none): resolves with the key. */
export async function uploadPhoto(file: File, token: string, onProgress: (fraction: number) => void): Promise<string> {
  const ticket = await apiSend(startListingPhotoUpload, {
    body: { contentType: file.type as ListingPhotoContentType, size: file.size },
    token,
  });
  const form = new FormData();
  for (const [name, value] of Object.entries(ticket.fields)) form.append(name, value);
  // S3 requires the file to be the last field.
  form.append('file', file);
  await new Promise<void>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', ticket.url);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () =>
      xhr.status >= 200 && xhr.status < 300 ? resolve() : reject(new Error(`upload refused (${xhr.status})`));
    xhr.onerror = () => reject(new Error('upload failed'));
    xhr.send(form);
  });
  onProgress(1);
  return ticket.key;
}

/** Copies an image from the web (a product lookup's) into the seller's uploads: its key and its media URL. */
export function importListingPhoto(token: string, url: string) {
  return apiSend(contracts.importListingPhoto, { body: { url }, token });
}

/** Moves one item of a list (photo reordering). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length || from === to) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}
