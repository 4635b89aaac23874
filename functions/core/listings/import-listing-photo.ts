import { BadRequestError } from '../../lib/errors';
import type { RateLimitStore } from '../auth/ports';
import { enforceRateLimit } from '../auth/rate-limit';
import type { Clock } from '../clock/clock';
import { pendingUploadKey, sniffImageType } from './photos';
import { requireSeller, type SellerAccounts } from './seller';
import type { MediaUrl } from './to-card';

export interface ImportListingPhotoDeps {
  accounts: SellerAccounts;
  /** The bytes at a public address, at most 5 MB (it refuses anything else). */
  fetchImage(url: string): Promise<Uint8Array>;
  writePhoto(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  newId: () => string;
  mediaUrl: MediaUrl;
  /** Each import is a fetch from another host: counted per user (decision 078). */
  rateLimits: RateLimitStore;
  clock: Clock;
}

/**
 * A product-lookup image becomes one of the seller's own uploads: stored under their prefix with the type its bytes
 * show, so the listing attaches it through the same checks as a file the seller chose.
 */
export async function importListingPhoto(
  userId: string,
  url: string,
  deps: ImportListingPhotoDeps,
): Promise<{ key: string; url: string }> {
  await requireSeller(userId, deps.accounts);
  await enforceRateLimit(deps.rateLimits, 'importListingPhoto', `user:${userId}`, deps.clock.now());
  const bytes = await deps.fetchImage(url);
  const type = sniffImageType(bytes);
  if (!type) throw new BadRequestError('This address is not an image file', { url: 'Not an image' });
  const key = pendingUploadKey(userId, type, deps.newId());
  await deps.writePhoto(key, bytes, type);
  return { key, url: deps.mediaUrl(key) };
}
