import type { ModeratedUser, UserModeration } from '../../../shared/api/admin-moderation';
import { ForbiddenError, NotFoundError } from '../../lib/errors';
import type { ModerationDeps } from './ports';

/**
 * Suspends or unsuspends a user (decision 066). Suspending marks the user, then revokes every session: every entry
 * point that acts for a user (listing, bidding, buying, messaging) needs a live session, and sign-in refuses a
 * suspended account, so a suspended user can do none of them. Their open orders settle as usual (the schedules act on
 * the orders, not for the user).
 */
export async function moderateUser(
  actorId: string,
  input: { username: string; action: UserModeration; reason: string },
  deps: ModerationDeps,
): Promise<ModeratedUser> {
  const user = await deps.store.userByUsername(input.username);
  if (!user) throw new NotFoundError('User not found');
  if (user.userId === actorId) throw new ForbiddenError('You cannot suspend your own account');
  const at = deps.clock.now();
  const iso = at.toISOString();
  const suspend = input.action === 'suspend';
  if (suspend) {
    if (!user.suspendedAt) await deps.store.setSuspension(user.userId, { at: iso, reason: input.reason });
    // Also when already suspended: a session opened in the moment of the first suspension is revoked by a second.
    await deps.store.revokeSessions(user.userId, iso);
  } else if (user.suspendedAt) {
    await deps.store.setSuspension(user.userId, null);
  }
  const after: ModeratedUser = {
    userId: user.userId,
    username: user.username,
    suspended: suspend,
    suspendedReason: suspend ? (user.suspendedReason ?? input.reason) : null,
  };
  await deps.audit.record(
    {
      actorId,
      action: `user.${input.action}`,
      subject: user.userId,
      before: { suspended: user.suspendedAt !== null, reason: user.suspendedReason },
      after: { suspended: after.suspended, reason: input.reason },
    },
    at,
  );
  return after;
}
