import type { SignInStatusAnswer } from '../../../shared/api/auth';
import { readThroughStatus } from '../signing/poll-signing';
import { signInRecord, type StatusDeps } from './sign-in';

/** A sign-in request's status, for a browser that follows it without a socket. */
export async function getSignInStatus(uuid: string, deps: StatusDeps): Promise<SignInStatusAnswer> {
  const record = await signInRecord(deps.store, uuid);
  return { uuid, status: await readThroughStatus(record, deps) };
}
