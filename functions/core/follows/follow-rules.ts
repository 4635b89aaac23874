import { InvalidStateError, NotFoundError } from '../../lib/errors';
import type { FollowStore } from './ports';

/** The store page's own text for a store nobody has (spec part 3 "Store page"). */
export const STORE_NOT_FOUND = 'User Not Found';

/** The user whose store `username` names; 404 when nobody has it. */
export async function storeOwnerId(username: string, follows: Pick<FollowStore, 'sellerIdOf'>): Promise<string> {
  const sellerId = await follows.sellerIdOf(username);
  if (!sellerId) throw new NotFoundError(STORE_NOT_FOUND, 'store_not_found');
  return sellerId;
}

/** Nobody follows their own store: it would count them among their followers and tell them of their own listings. */
export function assertNotOwnStore(userId: string, sellerId: string): void {
  if (userId === sellerId) throw new InvalidStateError('cannot_follow_yourself', 'You cannot follow your own store.');
}
