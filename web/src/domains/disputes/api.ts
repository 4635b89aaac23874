import type { BodyOf } from '../../../../shared/api/contract';
import * as contracts from '../../../../shared/api/disputes';
import type { ListingPhotoContentType } from '../../../../shared/api/listings';
import { ApiError, apiSend, newIdempotencyKey } from '../../lib/api';
import { postUpload, UploadError } from '../uploads/post-upload';

/**
 * Uploads photos for a report or an answer straight to the media bucket, one after another (a slow phone link shares
 * its bandwidth with nothing else): their keys, which the report or answer then sends.
 */
export async function uploadDisputePhotos(token: string, files: readonly File[]): Promise<string[]> {
  const keys: string[] = [];
  for (const file of files) {
    const ticket = await apiSend(contracts.startDisputePhotoUpload, {
      token,
      body: { contentType: file.type as ListingPhotoContentType, size: file.size },
    });
    await postUpload(ticket, file);
    keys.push(ticket.key);
  }
  return keys;
}

/**
 * Report Issue and its ends (decision 053). Each POST carries the Idempotency-Key of its click: a lost answer retried
 * is never a second dispute or refund. Each answers the order as the caller sees it after.
 */

export function openDispute(token: string, orderId: string, body: BodyOf<typeof contracts.openDispute>) {
  return apiSend(contracts.openDispute, { token, params: { orderId }, body, idempotencyKey: newIdempotencyKey() });
}

export function withdrawDispute(token: string, orderId: string) {
  return apiSend(contracts.withdrawDispute, { token, params: { orderId } });
}

export function refundDispute(token: string, orderId: string) {
  return apiSend(contracts.refundDispute, {
    token,
    params: { orderId },
    body: {},
    idempotencyKey: newIdempotencyKey(),
  });
}

export function respondToDispute(token: string, orderId: string, body: BodyOf<typeof contracts.respondToDispute>) {
  return apiSend(contracts.respondToDispute, { token, params: { orderId }, body, idempotencyKey: newIdempotencyKey() });
}

/**
 * What a report or an answer shows when sending failed: the server's field errors and its message, the file storage's
 * refusal, or `fallback` for anything else.
 */
export function sendErrors(error: unknown, fallback: string): Record<string, string> & { form: string } {
  return {
    ...(error instanceof ApiError && error.fields),
    form: error instanceof ApiError || error instanceof UploadError ? error.message : fallback,
  };
}
