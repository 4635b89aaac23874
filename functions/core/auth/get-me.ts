import type { CurrentUser } from '../../../shared/api/auth';
import { NotFoundError } from '../../lib/errors';
import type { AccountStore } from './ports';
import { currentUser } from './sessions';

/** The signed-in user as the browser shows them. */
export async function getMe(
  userId: string,
  deps: { accounts: Pick<AccountStore, 'user' | 'profileFlags'>; mediaUrl: (key: string) => string },
): Promise<CurrentUser> {
  const user = await deps.accounts.user(userId);
  if (!user) throw new NotFoundError('The account no longer exists');
  return currentUser(user, deps.accounts, deps.mediaUrl);
}
