import { beforeAll, describe, expect, inject, it } from 'vitest';
import WebSocket from 'ws';
import { call, postForm, startSignIn } from './auth-support';
import { giveNotifications } from './notification-support';
import { signInAgain, signUp, type Account } from './route-support';
import { openSocket, socketTicket } from './socket-support';

// Decision 078 through the local gateways: one-time socket tickets, private topics that end with the session, the
// sign-in code on both screens and the status polls' limits.

const FROM = '127.0.78.1';

/** Opens the app's socket with this query: 'open', or the status that refused the upgrade. */
function connect(query: string): Promise<'open' | number> {
  const ws = new WebSocket(`${inject('baseUrl').replace('http', 'ws')}/ws${query}`);
  return new Promise((resolve, reject) => {
    ws.once('open', () => (ws.close(), resolve('open')));
    ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.once('error', reject);
  });
}

describe('socket tickets and sessions', () => {
  let alice: Account;
  let secondSession: string;

  beforeAll(async () => {
    alice = await signUp(FROM, 'tk_alice');
    secondSession = await signInAgain(alice);
  }, 90_000);

  it('opens a socket once per ticket; a used or made-up ticket or a token in the URL is refused', async () => {
    expect((await call('POST', '/api/realtime/tickets', { body: {}, from: FROM })).status).toBe(401);
    const issued = await call<{ ticket: string; expiresAt: string }>('POST', '/api/realtime/tickets', {
      body: {},
      token: alice.token,
      from: FROM,
    });
    expect(issued.status).toBe(201);
    const lifetime = Date.parse(issued.body.expiresAt) - Date.now();
    expect(lifetime).toBeGreaterThan(20_000);
    expect(lifetime).toBeLessThanOrEqual(30_000);
    expect(await connect(`?ticket=${encodeURIComponent(issued.body.ticket)}`)).toBe('open');
    expect(await connect(`?ticket=${encodeURIComponent(issued.body.ticket)}`)).toBe(401);
    expect(await connect(`?ticket=${'x'.repeat(43)}`)).toBe(401);
    expect(await connect(`?token=${encodeURIComponent(alice.token)}`)).toBe(401);
    expect(await connect('')).toBe('open');
  });

  it("stops a signed-out session's private events, keeps its public topics and the other session's socket", async () => {
    const topic = `user:${alice.userId}`;
    const first = await openSocket(alice.token);
    const second = await openSocket(secondSession);
    // A ticket issued before the sign-out is no good after it.
    const unused = await socketTicket(alice.token);
    try {
      for (const s of [first, second]) {
        s.send(JSON.stringify({ action: 'subscribe', topic }));
        expect(await s.next()).toEqual({ type: 'subscribed', topic });
      }
      const readAll = async (token: string) => {
        await giveNotifications(alice.userId, 1, 'tk');
        const res = await call('POST', '/api/me/notifications/read-all', { token, body: {}, from: FROM });
        expect(res.status).toBe(200);
      };
      await readAll(alice.token);
      for (const s of [first, second]) expect(await s.next()).toMatchObject({ type: 'event', topic });

      expect((await call('DELETE', '/api/auth/session', { token: alice.token, from: FROM })).status).toBe(200);
      expect(await connect(`?ticket=${encodeURIComponent(unused)}`)).toBe(401);
      await readAll(secondSession);
      expect(await second.next()).toMatchObject({ type: 'event', topic, event: { type: 'notifications.read' } });
      // Both sockets were subscribers of the one fan-out that reached the second: the first got nothing.
      await new Promise((r) => setTimeout(r, 300));
      expect(first.frames).toHaveLength(2);
      first.send(JSON.stringify({ action: 'subscribe', topic }));
      expect(await first.next()).toEqual({
        type: 'error',
        topic,
        message: 'Your session has ended: sign in again to follow your own topic',
      });

      // Public topics go on: the first socket follows a sign-in that is rejected in the wallet.
      const started = await startSignIn(FROM);
      first.send(JSON.stringify({ action: 'subscribe', topic: started.topic }));
      expect(await first.next()).toEqual({ type: 'subscribed', topic: started.topic });
      expect((await postForm(started.deepLink, 'reject')).status).toBe(303);
      expect(await first.next(15_000)).toMatchObject({
        type: 'event',
        topic: started.topic,
        event: { data: { status: 'cancelled' } },
      });
    } finally {
      first.close();
      second.close();
    }
  });

  it('shows the sign-in code on the wallet’s page and limits status polls per request', async () => {
    const started = await startSignIn('127.0.78.2');
    expect(started.code).toMatch(/^[A-Z2-9]{4}$/);
    const page = await (await fetch(started.deepLink)).text();
    expect(page).toContain('RLUSD Marketplace');
    expect(page).toContain(started.code);
    // 60 a minute per request, from any address: 121 polls span at most two fixed windows, so some are refused.
    const polls: number[] = [];
    let limited: Awaited<ReturnType<typeof call>> | undefined;
    for (let batch = 0; batch < 3; batch++) {
      const answers = await Promise.all(
        Array.from({ length: batch < 2 ? 40 : 41 }, (_, i) =>
          call('GET', `/api/auth/sign-in/${started.uuid}`, { from: `127.0.78.${10 + batch * 41 + i}` }),
        ),
      );
      polls.push(...answers.map((a) => a.status));
      limited ??= answers.find((a) => a.status === 429);
    }
    expect(polls.filter((status) => status === 200).length).toBeLessThanOrEqual(120);
    expect(limited?.headers['retry-after']).toMatch(/^\d+$/);
    expect(limited?.body).toMatchObject({ error: { code: 'too_many_requests' } });
  });
});
