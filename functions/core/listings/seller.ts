import { ForbiddenError, NotFoundError } from '../../lib/errors';
import type { AccountStore } from '../auth/ports';

export type SellerAccounts = Pick<AccountStore, 'user' | 'profileFlags'>;

/** The signed-in user, if they may sell: listing, uploading listing photos and editing need it (spec part 3). */
export async function requireSeller(userId: string, accounts: SellerAccounts) {
  const user = await accounts.user(userId);
  if (!user) throw new NotFoundError('The account no longer exists');
  if (!(await accounts.profileFlags(userId)).isSeller) {
    throw new ForbiddenError('Only sellers can list items: turn on selling in your profile settings');
  }
  return user;
}
