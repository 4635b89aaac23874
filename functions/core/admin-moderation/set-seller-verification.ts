import type { SellerVerification } from '../../../shared/api/admin-moderation';
import { NotFoundError } from '../../lib/errors';
import type { SellerVerificationDeps } from './ports';

/**
 * An administrator marks a seller verified or not (decision 069): the mark is the store page's, the listing's and the
 * purchase's 'Verified Seller' badge, and with require_kyc on only a verified seller publishes listings. Setting the mark
 * it already has changes and records nothing (a retried PUT); a change is audited with its before, after and reason.
 */
export async function setSellerVerification(
  actorId: string,
  username: string,
  input: { verified: boolean; reason: string },
  deps: SellerVerificationDeps,
): Promise<SellerVerification> {
  const user = await deps.store.userByUsername(username);
  if (!user) throw new NotFoundError('User not found');
  const before = await deps.store.verified(user.userId);
  const after: SellerVerification = { userId: user.userId, username: user.username, verified: input.verified };
  if (before === input.verified) return after;
  const at = deps.clock.now();
  await deps.store.setVerified(user.userId, input.verified, at.toISOString());
  await deps.audit.record(
    {
      actorId,
      action: input.verified ? 'user.verify' : 'user.unverify',
      subject: user.userId,
      before: { verified: before },
      after: { verified: input.verified, reason: input.reason },
    },
    at,
  );
  return after;
}
