import { createHmac } from 'node:crypto';
import { SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import {
  issueRegistrationTicket,
  issueSessionToken,
  signingKey,
  TokenRefused,
  verifyRegistrationTicket,
  verifySessionToken,
} from '../../../../functions/core/auth/tokens';
import { TEST_KEY } from './memory-ports';

const NOW = new Date('2026-06-01T12:00:00Z');
const later = (seconds: number) => new Date(NOW.getTime() + seconds * 1000);
const session = { userId: '01JUSER', sessionId: '01JSESSION' };

async function refusal(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (error) {
    if (error instanceof TokenRefused) return error.reason;
    throw error;
  }
  return 'accepted';
}

/** A token with the given header and claims, signed with `key` (the way an attacker could make one). */
function craft(header: { alg: string }, claims: Record<string, unknown>, key: Uint8Array = TEST_KEY) {
  return new SignJWT(claims)
    .setProtectedHeader(header)
    .setIssuedAt(Math.floor(NOW.getTime() / 1000))
    .setExpirationTime(Math.floor(NOW.getTime() / 1000) + 3600)
    .sign(key);
}

describe('session tokens', () => {
  it('issue a 12 h HS256 token naming the user and session, which verifies', async () => {
    const { token, expiresAt } = await issueSessionToken(session, TEST_KEY, NOW);
    expect(expiresAt.toISOString()).toBe('2026-06-02T00:00:00.000Z');
    const header = JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString()) as { alg: string };
    expect(header.alg).toBe('HS256');
    expect(await verifySessionToken(token, TEST_KEY, later(60))).toEqual({ ...session, expiresAt });
  });

  it('refuse an expired token', async () => {
    const { token } = await issueSessionToken(session, TEST_KEY, NOW);
    expect(await refusal(verifySessionToken(token, TEST_KEY, later(12 * 3600)))).toBe('expired');
  });

  it('refuse a token signed with another key (forged)', async () => {
    const other = new TextEncoder().encode('another-key-of-sufficient-length-0123456789');
    const { token } = await issueSessionToken(session, other, NOW);
    expect(await refusal(verifySessionToken(token, TEST_KEY, NOW))).toBe('invalid');
  });

  it('refuse a token whose claims were changed after signing', async () => {
    const { token } = await issueSessionToken(session, TEST_KEY, NOW);
    const [h, p, s] = token.split('.');
    const claims = JSON.parse(Buffer.from(p!, 'base64url').toString()) as Record<string, unknown>;
    const changed = Buffer.from(JSON.stringify({ ...claims, sub: '01JADMIN' })).toString('base64url');
    expect(await refusal(verifySessionToken(`${h}.${changed}.${s}`, TEST_KEY, NOW))).toBe('invalid');
  });

  it('refuse alg none', async () => {
    const token = new UnsecuredJWT({ sid: session.sessionId })
      .setIssuer('marketplace')
      .setAudience('session')
      .setSubject(session.userId)
      .setIssuedAt(Math.floor(NOW.getTime() / 1000))
      .setExpirationTime(Math.floor(NOW.getTime() / 1000) + 3600)
      .encode();
    expect(await refusal(verifySessionToken(token, TEST_KEY, NOW))).toBe('invalid');
  });

  it('refuse another algorithm even with the right key (the algorithm is pinned)', async () => {
    const claims = { sid: session.sessionId, sub: session.userId, iss: 'marketplace', aud: 'session' };
    expect(await refusal(verifySessionToken(await craft({ alg: 'HS512' }, claims), TEST_KEY, NOW))).toBe('invalid');
    expect(await refusal(verifySessionToken(await craft({ alg: 'HS256' }, claims), TEST_KEY, NOW))).toBe('accepted');
  });

  it('refuse a wrong audience, a wrong issuer and a token without a session id', async () => {
    const base = { sid: session.sessionId, sub: session.userId, iss: 'marketplace', aud: 'session' };
    for (const claims of [
      { ...base, aud: 'registration' },
      { ...base, iss: 'someone-else' },
      { ...base, sid: undefined },
    ]) {
      expect(await refusal(verifySessionToken(await craft({ alg: 'HS256' }, claims), TEST_KEY, NOW))).toBe('invalid');
    }
  });

  it('refuse a registration ticket used as a session, and a session used as a ticket', async () => {
    const ticket = await issueRegistrationTicket('rTicketWallet123456789012345', TEST_KEY, NOW);
    expect(await refusal(verifySessionToken(ticket.token, TEST_KEY, NOW))).toBe('invalid');
    const { token } = await issueSessionToken(session, TEST_KEY, NOW);
    expect(await refusal(verifyRegistrationTicket(token, TEST_KEY, NOW))).toBe('invalid');
  });

  it('refuse what is not a JWT at all', async () => {
    for (const token of ['', 'abc', 'a.b.c', 'eyJhbGciOiJIUzI1NiJ9..']) {
      expect(await refusal(verifySessionToken(token, TEST_KEY, NOW))).toBe('invalid');
    }
  });

  it('refuse a signing key shorter than 32 characters', () => {
    expect(() => signingKey('short')).toThrow(/at least 32/);
  });

  it('keep one key per secret (imported once), and a rotated key refuses the old tokens', async () => {
    const [a, b] = ['a'.repeat(40), 'b'.repeat(40)];
    expect(signingKey(a)).toBe(signingKey(a));
    const { token } = await issueSessionToken(session, signingKey(a), NOW);
    expect(await refusal(verifySessionToken(token, signingKey(a), NOW))).toBe('accepted');
    expect(await refusal(verifySessionToken(token, signingKey(b), NOW))).toBe('invalid');
    // A key of the same bytes from elsewhere (not the cached array) checks the same.
    expect(await refusal(verifySessionToken(token, new TextEncoder().encode(a), NOW))).toBe('accepted');
  });
});

describe('the HS256 check', () => {
  const claims = { sid: session.sessionId, sub: session.userId, iss: 'marketplace', aud: 'session' };
  const verdict = async (token: string | Promise<string>) => refusal(verifySessionToken(await token, TEST_KEY, NOW));

  /** Signed by hand, for headers jose won't sign. */
  const byHand = (header: object, body: object) => {
    const part = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const input = `${part(header)}.${part(body)}`;
    return `${input}.${createHmac('sha256', TEST_KEY).update(input).digest('base64url')}`;
  };

  it('refuses critical or unencoded-payload headers, a future nbf and a truncated or padded signature', async () => {
    const t = Math.floor(NOW.getTime() / 1000);
    const full = { ...claims, iat: t, exp: t + 60 };
    expect(await verdict(byHand({ alg: 'HS256' }, full))).toBe('accepted');
    expect(await verdict(byHand({ alg: 'HS256', crit: ['x'], x: 1 }, full))).toBe('invalid');
    expect(await verdict(byHand({ alg: 'HS256', b64: true }, full))).toBe('invalid');
    expect(await verdict(craft({ alg: 'HS256' }, { ...claims, nbf: Math.floor(NOW.getTime() / 1000) + 60 }))).toBe(
      'invalid',
    );
    const good = await craft({ alg: 'HS256' }, claims);
    expect(await verdict(good)).toBe('accepted');
    expect(await verdict(good.slice(0, -2))).toBe('invalid');
    expect(await verdict(`${good}A`)).toBe('invalid');
    expect(await verdict(`${good}=`)).toBe('invalid');
  });

  it('accepts its audience in a list, and refuses claims that are not an object or lack exp or iat', async () => {
    expect(await verdict(craft({ alg: 'HS256' }, { ...claims, aud: ['other', 'session'] }))).toBe('accepted');
    const [h, , s] = (await craft({ alg: 'HS256' }, claims)).split('.');
    for (const payload of ['[1]', 'null', '"x"', '{']) {
      expect(await verdict(`${h}.${Buffer.from(payload).toString('base64url')}.${s}`)).toBe('invalid');
    }
    const noExp = new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setIssuedAt(1).sign(TEST_KEY);
    expect(await verdict(noExp)).toBe('invalid');
    const noIat = new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime(Math.floor(NOW.getTime() / 1000) + 60)
      .sign(TEST_KEY);
    expect(await verdict(noIat)).toBe('invalid');
  });
});

describe('registration tickets', () => {
  it('bind the verified wallet for 10 minutes', async () => {
    const t = await issueRegistrationTicket('rTicketWallet123456789012345', TEST_KEY, NOW);
    expect(t.expiresAt.getTime() - NOW.getTime()).toBe(600_000);
    expect(await verifyRegistrationTicket(t.token, TEST_KEY, later(599))).toEqual({
      walletAddress: 'rTicketWallet123456789012345',
    });
    expect(await refusal(verifyRegistrationTicket(t.token, TEST_KEY, later(600)))).toBe('expired');
  });
});
