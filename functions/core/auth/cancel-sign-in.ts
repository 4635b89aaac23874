import type { SignInStatusAnswer } from '../../../shared/api/auth';
import { ConflictError, ForbiddenError } from '../../lib/errors';
import { readThroughStatus } from '../signing/poll-signing';
import type { SignerGateway } from '../signing/ports';
import type { RateLimitStore } from './ports';
import { enforceRateLimit } from './rate-limit';
import { secretMatches, signInRecord, type StatusDeps } from './sign-in';
import type { SignInAnswer } from './complete-sign-in';

export interface CancelSignInDeps extends StatusDeps {
  signer: Pick<SignerGateway, 'get' | 'cancel'>;
  rateLimits: RateLimitStore;
}

/**
 * Cancels a pending sign-in request at the wallet service, for the browser that started it, and records it
 * cancelled. Safe to repeat: a request that is no longer pending answers its status without asking the wallet service.
 */
export async function cancelSignIn(
  { uuid, clientSecret, sourceIp }: SignInAnswer,
  deps: CancelSignInDeps,
): Promise<SignInStatusAnswer> {
  const at = deps.clock.now();
  // Counted with completions: both take the starter's secret and call the wallet service.
  await enforceRateLimit(deps.rateLimits, 'completeSignIn', sourceIp, at);
  const record = await signInRecord(deps.store, uuid);
  if (!secretMatches(clientSecret, record.clientSecretHash)) {
    throw new ForbiddenError('This sign-in request was started by another browser');
  }
  if (record.status !== 'pending') return { uuid, status: record.status };

  const outcome = await deps.signer.cancel(uuid);
  if (outcome.cancelled || outcome.reason === 'already_cancelled') {
    if (await deps.store.updateIfPending(uuid, { status: 'cancelled', checkedAt: at.toISOString() })) {
      await deps.events.statusChanged({ ...record, status: 'cancelled' }, at);
      return { uuid, status: 'cancelled' };
    }
    return { uuid, status: (await deps.store.get(uuid))?.status ?? 'cancelled' };
  }
  if (outcome.reason === 'already_opened') {
    throw new ConflictError('The sign-in request is open in the wallet and can no longer be cancelled');
  }
  // Signed, rejected or expired meanwhile: the wallet service's answer is recorded as a status read would.
  return { uuid, status: await readThroughStatus(record, deps, 0) };
}
