import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { SIGN_IN_CODE_ALPHABET, SIGN_IN_CODE_LENGTH, SITE_NAME } from '../../../shared/domain/sign-in-code';
import { NotFoundError } from '../../lib/errors';
import type { Clock } from '../clock/clock';
import type { SignerGateway } from '../signing/ports';
import type { SigningEvents, SigningRequestRecord, SigningRequestStore } from '../signing/requests';

// The rules a wallet sign-in's three steps share (start, status, complete).

/** Spec part 1 "Business constants and limits": a sign-in request expires after 5 minutes. */
export const SIGN_IN_EXPIRE_MINUTES = 5;
/** A new short code for one sign-in request (decision 078): shown by our dialog and by the wallet. */
export function newSignInCode(): string {
  return Array.from(
    { length: SIGN_IN_CODE_LENGTH },
    () => SIGN_IN_CODE_ALPHABET[randomInt(SIGN_IN_CODE_ALPHABET.length)],
  ).join('');
}

/** What the wallet shows with the request: the site, the code to compare, and that nothing is paid. */
export const signInInstruction = (code: string) =>
  `Sign in to ${SITE_NAME} with code ${code}. Approve only if the sign-in screen shows the same code. Signing moves no funds.`;

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
