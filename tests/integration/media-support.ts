import { expect, inject } from 'vitest';
import type { ListingDetail } from '../../shared/api/listings';
import { call } from './auth-support';

type Errors = { error: { message: string; fields?: Record<string, string> } };

/** Presigned POST straight to the local bucket, as the browser does (the emulator enforces no policy, we do). */
export async function upload(token: string, file: Buffer, contentType = 'image/png', claimedSize = file.length) {
  const ticket = await call<{ url: string; fields: Record<string, string>; key: string } & Errors>(
    'POST',
    '/api/listing-photos/uploads',
    { token, body: { contentType, size: claimedSize } },
  );
  expect(ticket.status).toBe(201);
  const form = new FormData();
  for (const [name, value] of Object.entries(ticket.body.fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(file)], { type: contentType }), 'photo');
  expect((await fetch(ticket.body.url, { method: 'POST', body: form })).ok).toBe(true);
  return ticket.body.key;
}

/** The HTTP status the local media origin answers for a key. */
export const mediaStatus = async (key: string) => (await fetch(`${inject('baseUrl')}/media/${key}`)).status;

/** The listing once the media worker has made a thumbnail of every photo. */
export async function withThumbnails(listingId: string): Promise<ListingDetail> {
  for (let i = 0; i < 60; i++) {
    const res = await call<ListingDetail>('GET', `/api/listings/${listingId}`);
    if (res.body.images.every((img) => img.thumbUrl !== img.url)) return res.body;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no thumbnails on listing ${listingId}`);
}
