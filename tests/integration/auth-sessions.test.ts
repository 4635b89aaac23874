import { SignJWT, UnsecuredJWT } from 'jose';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import WebSocket from 'ws';
import type { Session, SignedIn, SignInCompletion } from '../../shared/api/auth';
import { approve, call, complete, newFundedWallet, startSignIn, uniqueName } from './auth-support';

const FROM = '127.0.4.3';

/** Opens the app's socket (with a session token in its URL when given): 'open', or the status that refused it. */
function connectSocket(token?: string): Promise<'open' | number> {
  const url = `${inject('baseUrl').replace('http', 'ws')}/ws${token === undefined ? '' : `?token=${encodeURIComponent(token)}`}`;
  const ws = new WebSocket(url);
  return new Promise((resolve, reject) => {
    ws.once('open', () => (ws.close(), resolve('open')));
    ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.once('error', reject);
  });
}

describe('sessions: user routes, refresh and sign-out', () => {
  let signedIn: SignedIn;

  beforeAll(async () => {
    const started = await startSignIn(FROM);
    const wallet = await newFundedWallet(started.deepLink);
    await approve(started.deepLink, wallet);
    const done = await complete(started.uuid, started.clientSecret, FROM);
    const { ticket } = done.body as Extract<SignInCompletion, { kind: 'registration' }>;
    const res = await call<SignedIn>('POST', '/api/users', {
      body: { username: uniqueName('sess'), ticket },
      from: FROM,
    });
    expect(res.status).toBe(201);
    signedIn = res.body;
  }, 60_000);

  it('answers 401 JSON to user routes without a valid bearer token', async () => {
    const claims = { sid: '01JAAAAAAAAAAAAAAAAAAAAAAA' };
    const forged = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('marketplace')
      .setAudience('session')
      .setSubject(signedIn.user.id)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('a-guessed-key-that-is-not-the-servers-key'));
    const none = new UnsecuredJWT(claims)
      .setIssuer('marketplace')
      .setAudience('session')
      .setSubject(signedIn.user.id)
      .setIssuedAt()
      .setExpirationTime('1h')
      .encode();
    const cases: Record<string, string>[] = [
      {},
      { authorization: 'Basic abc' },
      { authorization: `Bearer ${forged}` },
      { authorization: `Bearer ${none}` },
      { authorization: 'Bearer garbage' },
    ];
    for (const headers of cases) {
      const res = await call('GET', '/api/me', { headers, from: FROM });
      expect(res.status, JSON.stringify(headers)).toBe(401);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.body).toMatchObject({ error: { code: 'unauthorized' } });
    }
  });

  it('refreshes the session with a new token for the same session', async () => {
    const res = await call<Session>('POST', '/api/auth/session', {
      body: {},
      token: signedIn.session.token,
      from: FROM,
    });
    expect(res.status).toBe(200);
    expect(Date.parse(res.body.expiresAt)).toBeGreaterThanOrEqual(Date.parse(signedIn.session.expiresAt));
    const sid = (t: string) =>
      (JSON.parse(Buffer.from(t.split('.')[1]!, 'base64url').toString()) as { sid: string }).sid;
    expect(sid(res.body.token)).toBe(sid(signedIn.session.token));
    expect((await call('GET', '/api/me', { token: res.body.token, from: FROM })).status).toBe(200);
  });

  it('opens a socket anonymously, and refuses any session token in its URL, even a live one (decision 078)', async () => {
    expect(await connectSocket()).toBe('open');
    expect(await connectSocket(signedIn.session.token)).toBe(401);
    const forged = await new SignJWT({ sid: 'x' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(signedIn.user.id)
      .sign(new TextEncoder().encode('not the signing key'));
    for (const token of ['junk', forged, new UnsecuredJWT({ sub: signedIn.user.id }).encode()]) {
      expect(await connectSocket(token)).toBe(401);
    }
  });

  it('signs out: every token of the session is refused afterwards', async () => {
    const refreshed = await call<Session>('POST', '/api/auth/session', {
      body: {},
      token: signedIn.session.token,
      from: FROM,
    });
    const out = await call('DELETE', '/api/auth/session', { token: signedIn.session.token, from: FROM });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ signedOut: true });
    for (const token of [signedIn.session.token, refreshed.body.token]) {
      expect((await call('GET', '/api/me', { token, from: FROM })).status).toBe(401);
      expect((await call('POST', '/api/auth/session', { body: {}, token, from: FROM })).status).toBe(401);
      expect((await call('POST', '/api/realtime/tickets', { body: {}, token, from: FROM })).status).toBe(401);
    }
  });
});
