import type { SignInStatusAnswer } from '../../../shared/api/auth';
import { readThroughStatus } from '../signing/poll-signing';
import type { RateLimitStore } from './ports';
import { enforceRateLimit } from './rate-limit';
import { signInRecord, type StatusDeps } from './sign-in';

export interface GetSignInStatusDeps extends StatusDeps {
  rateLimits: RateLimitStore;
}

/**
 * A sign-in request's status, for a browser that follows it without a socket. Anyone may ask, so the asks are counted
 * per address and per request before anything is read (decision 078): unknown ids cost their sender too.
 */
export async function getSignInStatus(
  uuid: string,
  sourceIp: string,
  deps: GetSignInStatusDeps,
): Promise<SignInStatusAnswer> {
  const at = deps.clock.now();
  await enforceRateLimit(deps.rateLimits, 'signInStatusPerAddress', sourceIp, at);
  await enforceRateLimit(deps.rateLimits, 'signInStatusPerRequest', uuid, at);
  const record = await signInRecord(deps.store, uuid);
  return { uuid, status: await readThroughStatus(record, deps) };
}
