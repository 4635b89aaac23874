import WebSocket from 'ws';
import { describe, expect, inject, it } from 'vitest';
import type { CurrentUser, SignedIn, SignInCompletion } from '../../shared/api/auth';
import {
  approve,
  call,
  complete,
  newFundedWallet,
  postForm,
  startSignIn,
  uniqueName,
  waitForStatus,
} from './auth-support';

const FROM = '127.0.4.1';

/** Subscribes to a topic on the gateway's socket and resolves with the first event on it. */
function firstEvent(topic: string): {
  subscribed: Promise<void>;
  event: Promise<Record<string, unknown>>;
  close(): void;
} {
  const socket = new WebSocket(`${inject('baseUrl').replace(/^http/, 'ws')}/ws`);
  let subscribedResolve!: () => void;
  const subscribed = new Promise<void>((r) => (subscribedResolve = r));
  const event = new Promise<Record<string, unknown>>((resolve, reject) => {
    socket.on('open', () => socket.send(JSON.stringify({ action: 'subscribe', topic })));
    socket.on('message', (raw) => {
      const m = JSON.parse(String(raw)) as { type: string; event?: Record<string, unknown> };
      if (m.type === 'subscribed') subscribedResolve();
      if (m.type === 'event') resolve(m.event!);
    });
    socket.on('error', reject);
  });
  return { subscribed, event, close: () => socket.close() };
}

describe('wallet sign-in through the local gateway, Xaman stand-in and ledger', () => {
  let wallet: string;
  let signedIn: SignedIn;

  it('starts a SignIn request with a QR code, deep link, secret and topic', async () => {
    const started = await startSignIn(FROM);
    expect(started.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(started.topic).toBe(`signing:${started.uuid}`);
    expect(started.deepLink).toContain(`/sign/${started.uuid}`);
    expect(started.clientSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(started.expiresAt) - Date.now()).toBeGreaterThan(4 * 60_000);
    const qr = await fetch(started.qrPngUrl);
    expect(qr.headers.get('content-type')).toBe('image/png');
    expect((await call('GET', `/api/auth/sign-in/${started.uuid}`, { from: FROM })).body).toEqual({
      uuid: started.uuid,
      status: 'pending',
    });
  });

  it('approving with a new wallet announces signed on the socket and gives a registration ticket', async () => {
    const started = await startSignIn(FROM);
    const socket = firstEvent(started.topic);
    try {
      await socket.subscribed;
      wallet = await newFundedWallet(started.deepLink);
      await approve(started.deepLink, wallet);
      const event = await socket.event;
      expect(event).toMatchObject({ topic: started.topic, type: 'signing.status', data: { status: 'signed' } });
    } finally {
      socket.close();
    }
    const done = await complete(started.uuid, started.clientSecret, FROM);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const registration = done.body as Extract<SignInCompletion, { kind: 'registration' }>;
    expect(registration).toMatchObject({ kind: 'registration', walletAddress: wallet });

    const username = uniqueName('buyer');
    const createdRes = await call<SignedIn>('POST', '/api/users', {
      body: { username, ticket: registration.ticket },
      from: FROM,
    });
    expect(createdRes.status, JSON.stringify(createdRes.body)).toBe(201);
    signedIn = createdRes.body;
    expect(signedIn.user).toMatchObject({
      username,
      walletAddress: wallet,
      role: 'user',
      isSeller: false,
      avatarUrl: null,
    });

    const me = await call<CurrentUser>('GET', '/api/me', { token: signedIn.session.token, from: FROM });
    expect(me.status).toBe(200);
    expect(me.body).toEqual(signedIn.user);

    // The ticket made its account; a second account for the same wallet is refused.
    const again = await call('POST', '/api/users', {
      body: { username: uniqueName('other'), ticket: registration.ticket },
      from: FROM,
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: { message: 'This wallet already has an account' } });

    // Replaying the used request is refused.
    const replay = await complete(started.uuid, started.clientSecret, FROM);
    expect(replay.status).toBe(409);
  });

  it('signs the same wallet in again as the known user, with a session', async () => {
    const started = await startSignIn(FROM);
    await approve(started.deepLink, wallet);
    // No socket here: the status read asks the signer itself once the last check is 5 s old, or the queue resolves it.
    expect(await waitForStatus(started.uuid, FROM)).toBe('signed');
    const done = await complete(started.uuid, started.clientSecret, FROM);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ kind: 'session', user: { id: signedIn.user.id, walletAddress: wallet } });
    const token = (done.body as SignedIn).session.token;
    expect((await call('GET', '/api/me', { token, from: FROM })).status).toBe(200);
  });

  it('completes a request only for the browser that started it', async () => {
    const started = await startSignIn(FROM);
    await approve(started.deepLink, wallet);
    const stranger = await complete(started.uuid, 'x'.repeat(43), FROM);
    expect(stranger.status).toBe(403);
    // The rightful browser can still complete it, once.
    expect((await complete(started.uuid, started.clientSecret, FROM)).status).toBe(200);
    expect((await complete(started.uuid, started.clientSecret, FROM)).status).toBe(409);
  });

  it('a rejected request reads cancelled and cannot be completed', async () => {
    const started = await startSignIn(FROM);
    const res = await postForm(started.deepLink, 'reject');
    expect(res.status).toBe(303);
    expect(await waitForStatus(started.uuid, FROM)).toBe('cancelled');
    expect((await complete(started.uuid, started.clientSecret, FROM)).status).toBe(409);
  });

  it('answers 404 for a request it never started', async () => {
    const uuid = '00000000-0000-4000-8000-000000000000';
    expect((await call('GET', `/api/auth/sign-in/${uuid}`, { from: FROM })).status).toBe(404);
    expect((await complete(uuid, 'x'.repeat(43), FROM)).status).toBe(404);
  });
});
