import { createHash, timingSafeEqual } from 'node:crypto';
import { NotFoundError } from '../../lib/errors';
import type { Clock } from '../clock/clock';
import type { SignerGateway } from '../signing/ports';
import type { SigningEvents, SigningRequestRecord, SigningRequestStore } from '../signing/requests';

// The rules a wallet sign-in's three steps share (start, status, complete).

/** Spec part 1 "Business constants and limits": a sign-in request expires after 5 minutes. */
export const SIGN_IN_EXPIRE_MINUTES = 5;
export const SIGN_IN_INSTRUCTION = 'Sign in to the marketplace with this wallet. Signing moves no funds.';

export const hashSecret = (secret: string) => createHash('sha256').update(secret, 'utf8').digest('hex');

/** Constant-time comparison of the presented secret with the stored hash. */
export function secretMatches(secret: string, storedHash: string): boolean {
  const a = Buffer.from(hashSecret(secret), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A sign-in request by its uuid; any other request (or none) is not one (404). */
export async function signInRecord(
  store: Pick<SigningRequestStore, 'get'>,
  uuid: string,
): Promise<SigningRequestRecord> {
  const record = await store.get(uuid);
  if (!record || record.purpose !== 'sign-in') throw new NotFoundError('No such sign-in request');
  return record;
}

/** What reading a sign-in request's status takes (the status read asks the wallet service when the last is old). */
export interface StatusDeps {
  signer: Pick<SignerGateway, 'get'>;
  store: SigningRequestStore;
  events: SigningEvents;
  clock: Clock;
}
