import { NotFoundError } from '../../lib/errors';
import type { UserRecord } from '../auth/ports';
import type { AdminRoleStore } from './ports';

/** The user a grant or revoke names, or 404. */
export async function targetUser(roles: Pick<AdminRoleStore, 'userByUsername'>, username: string): Promise<UserRecord> {
  const user = await roles.userByUsername(username);
  if (!user) throw new NotFoundError(`No user is called ${username}`, 'user_not_found');
  return user;
}
