import { SignJWT } from 'jose';
import { epoch, TokenRefused, verifyHs256 } from './hs256';

/**
 * Session tokens and registration tickets: HS256 JWTs signed with the one session signing key. The algorithm, issuer
 * and audience are pinned on verify, so a token of one kind is never accepted as the other and `alg: none` or any
 * other algorithm is refused before the signature is even looked at.
 */
export const TOKEN_ALGORITHM = 'HS256';
export const TOKEN_ISSUER = 'marketplace';
export const SESSION_AUDIENCE = 'session';
export const REGISTRATION_AUDIENCE = 'registration';
/** A token's lifetime: a session unused (not refreshed) for this long ends (its idle timeout). */
export const SESSION_LIFETIME_SECONDS = 12 * 60 * 60;
/** However often it is refreshed, a session ends this long after its sign-in (decision 078). */
export const SESSION_ABSOLUTE_LIFETIME_SECONDS = 30 * 24 * 60 * 60;
export const REGISTRATION_LIFETIME_SECONDS = 10 * 60;
/** Spec part 1 "Session" and its business constants: a token this close to its expiry is not used (nor refreshed). */
export const SESSION_MIN_REMAINING_SECONDS = 5 * 60;

export { TokenRefused, type TokenRefusal } from './hs256';

/** The current key and, after a rotation, the previous one or two: the same bytes for the same secret. */
const keyBytes = new Map<string, Uint8Array>();
const KEYS_KEPT = 4;

export function signingKey(secret: string): Uint8Array {
  if (secret.length < 32) throw new Error('The session signing key must be at least 32 characters');
  let bytes = keyBytes.get(secret);
  if (!bytes) {
    if (keyBytes.size >= KEYS_KEPT) keyBytes.clear();
    bytes = new TextEncoder().encode(secret);
    keyBytes.set(secret, bytes);
  }
  return bytes;
}

async function sign(
  claims: Record<string, unknown>,
  subject: string,
  audience: string,
  lifetime: number,
  key: Uint8Array,
  at: Date,
) {
  const exp = epoch(at) + lifetime;
  const token = await new SignJWT(claims)
    .setProtectedHeader({ alg: TOKEN_ALGORITHM, typ: 'JWT' })
    .setIssuer(TOKEN_ISSUER)
    .setAudience(audience)
    .setSubject(subject)
    .setIssuedAt(epoch(at))
    .setExpirationTime(exp)
    .sign(key);
  return { token, expiresAt: new Date(exp * 1000) };
}

async function verify(token: string, audience: string, key: Uint8Array, at: Date) {
  return verifyHs256(token, key, { issuer: TOKEN_ISSUER, audience, at });
}

export interface SessionClaims {
  userId: string;
  sessionId: string;
  expiresAt: Date;
}

/** `lifetime`: seconds the token lives, at most the idle timeout (less when the session's absolute end is nearer). */
export function issueSessionToken(
  s: { userId: string; sessionId: string },
  key: Uint8Array,
  at: Date,
  lifetime = SESSION_LIFETIME_SECONDS,
): Promise<{ token: string; expiresAt: Date }> {
  return sign({ sid: s.sessionId }, s.userId, SESSION_AUDIENCE, Math.min(lifetime, SESSION_LIFETIME_SECONDS), key, at);
}

export async function verifySessionToken(token: string, key: Uint8Array, at: Date): Promise<SessionClaims> {
  const p = await verify(token, SESSION_AUDIENCE, key, at);
  if (typeof p.sid !== 'string' || p.sid === '' || !p.sub) throw new TokenRefused('invalid');
  return { userId: p.sub, sessionId: p.sid, expiresAt: new Date(p.exp! * 1000) };
}

/** A ticket lets the holder of a verified new wallet create one account with it, within 10 minutes. */
export function issueRegistrationTicket(
  walletAddress: string,
  key: Uint8Array,
  at: Date,
): Promise<{ token: string; expiresAt: Date }> {
  return sign({}, walletAddress, REGISTRATION_AUDIENCE, REGISTRATION_LIFETIME_SECONDS, key, at);
}

export async function verifyRegistrationTicket(
  token: string,
  key: Uint8Array,
  at: Date,
): Promise<{ walletAddress: string }> {
  const p = await verify(token, REGISTRATION_AUDIENCE, key, at);
  return { walletAddress: p.sub! };
}
