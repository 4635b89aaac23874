import type { BodyOf } from '../../../../shared/api/contract';
import * as moderation from '../../../../shared/api/admin-moderation';
import { apiSend, newIdempotencyKey } from '../../lib/api';

/** Features, unfeatures, hides or unhides a listing (decision 066). */
export function moderateListing(token: string, listingId: string, body: BodyOf<typeof moderation.moderateListing>) {
  return apiSend(moderation.moderateListing, {
    token,
    params: { listingId },
    body,
    idempotencyKey: newIdempotencyKey(),
  });
}

/** Suspends or unsuspends a user by username (decision 066). */
export function moderateUser(token: string, body: BodyOf<typeof moderation.moderateUser>) {
  return apiSend(moderation.moderateUser, { token, body, idempotencyKey: newIdempotencyKey() });
}

/** Marks a seller verified or not by username (decision 069): a PUT of the mark, so a retry is the same change. */
export function setSellerVerification(
  token: string,
  username: string,
  body: BodyOf<typeof moderation.setSellerVerification>,
) {
  return apiSend(moderation.setSellerVerification, { token, params: { username }, body });
}
