import { errors, jwtVerify, SignJWT } from 'jose';

/**
 * Session tokens and registration tickets: HS256 JWTs signed with the one session signing key. The algorithm, issuer
 * and audience are pinned on verify, so a token of one kind is never accepted as the other and `alg: none` or any
 * other algorithm is refused before the signature is even looked at.
 */
export const TOKEN_ALGORITHM = 'HS256';
export const TOKEN_ISSUER = 'marketplace';
export const SESSION_AUDIENCE = 'session';
export const REGISTRATION_AUDIENCE = 'registration';
export const SESSION_LIFETIME_SECONDS = 12 * 60 * 60;
export const REGISTRATION_LIFETIME_SECONDS = 10 * 60;
/** Spec part 1 sections 4.3 and 9: a token this close to its expiry is not used (nor refreshed). */
export const SESSION_MIN_REMAINING_SECONDS = 5 * 60;

/** Why a token was refused (for logs and tests; the API answers every refusal the same 401). */
export type TokenRefusal = 'expired' | 'invalid';

export class TokenRefused extends Error {
  constructor(readonly reason: TokenRefusal) {
    super(`token refused: ${reason}`);
    this.name = 'TokenRefused';
  }
}

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

const hmacKeys = new WeakMap<Uint8Array, Promise<CryptoKey>>();

/**
 * The key imported once for HMAC: jose given raw bytes imports them again for every token (a Web Crypto call on the
 * thread pool each time, as much again as the signature's own check).
 */
function hmacKey(bytes: Uint8Array): Promise<CryptoKey> {
  let key = hmacKeys.get(bytes);
  if (!key) {
    key = crypto.subtle.importKey('raw', bytes as Uint8Array<ArrayBuffer>, { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]);
    hmacKeys.set(bytes, key);
  }
  return key;
}

const epoch = (d: Date) => Math.floor(d.getTime() / 1000);

async function sign(
  claims: Record<string, unknown>,
  subject: string,
  audience: string,
  lifetime: number,
  key: Uint8Array,
  now: Date,
) {
  const exp = epoch(now) + lifetime;
  const token = await new SignJWT(claims)
    .setProtectedHeader({ alg: TOKEN_ALGORITHM, typ: 'JWT' })
    .setIssuer(TOKEN_ISSUER)
    .setAudience(audience)
    .setSubject(subject)
    .setIssuedAt(epoch(now))
    .setExpirationTime(exp)
    .sign(await hmacKey(key));
  return { token, expiresAt: new Date(exp * 1000) };
}

async function verify(token: string, audience: string, key: Uint8Array, now: Date) {
  try {
    const { payload } = await jwtVerify(token, await hmacKey(key), {
      algorithms: [TOKEN_ALGORITHM],
      issuer: TOKEN_ISSUER,
      audience,
      requiredClaims: ['sub', 'exp', 'iat'],
      currentDate: now,
    });
    return payload;
  } catch (error) {
    if (error instanceof errors.JWTExpired) throw new TokenRefused('expired');
    if (error instanceof errors.JOSEError || error instanceof TypeError) throw new TokenRefused('invalid');
    throw error;
  }
}

export interface SessionClaims {
  userId: string;
  sessionId: string;
  expiresAt: Date;
}

export function issueSessionToken(
  s: { userId: string; sessionId: string },
  key: Uint8Array,
  now: Date,
): Promise<{ token: string; expiresAt: Date }> {
  return sign({ sid: s.sessionId }, s.userId, SESSION_AUDIENCE, SESSION_LIFETIME_SECONDS, key, now);
}

export async function verifySessionToken(token: string, key: Uint8Array, now: Date): Promise<SessionClaims> {
  const p = await verify(token, SESSION_AUDIENCE, key, now);
  if (typeof p.sid !== 'string' || p.sid === '' || !p.sub) throw new TokenRefused('invalid');
  return { userId: p.sub, sessionId: p.sid, expiresAt: new Date(p.exp! * 1000) };
}

/** A ticket lets the holder of a verified new wallet create one account with it, within 10 minutes. */
export function issueRegistrationTicket(
  walletAddress: string,
  key: Uint8Array,
  now: Date,
): Promise<{ token: string; expiresAt: Date }> {
  return sign({}, walletAddress, REGISTRATION_AUDIENCE, REGISTRATION_LIFETIME_SECONDS, key, now);
}

export async function verifyRegistrationTicket(
  token: string,
  key: Uint8Array,
  now: Date,
): Promise<{ walletAddress: string }> {
  const p = await verify(token, REGISTRATION_AUDIENCE, key, now);
  return { walletAddress: p.sub! };
}
