import { beforeAll, describe, expect, it } from 'vitest';
import { call } from './auth-support';
import { giveNotifications } from './notification-support';
import { signUp, type Account } from './route-support';
import { openSocket } from './socket-support';

const FROM = '127.0.13.1';

describe('socket topics per user, through the local WebSocket gateway', () => {
  let alice: Account;
  let bob: Account;

  beforeAll(async () => {
    alice = await signUp(FROM, 'rt_alice');
    bob = await signUp(FROM, 'rt_bob');
  }, 120_000);

  it("delivers an event published to a user's topic to that user's socket only", async () => {
    const topic = `user:${alice.userId}`;
    const mine = await openSocket(alice.token);
    const other = await openSocket(bob.token);
    try {
      mine.send(JSON.stringify({ action: 'subscribe', topic }));
      expect(await mine.next()).toEqual({ type: 'subscribed', topic });
      other.send(JSON.stringify({ action: 'subscribe', topic }));
      expect(await other.next()).toEqual({ type: 'error', message: "Another user's topic", topic });

      // A real producer: marking all read publishes notifications.read on the user's topic through the events queue.
      await giveNotifications(alice.userId, 2, 'rt');
      const res = await call('POST', '/api/me/notifications/read-all', { token: alice.token, body: {}, from: FROM });
      expect(res.status).toBe(200);
      const frame = await mine.next();
      expect(frame).toMatchObject({ type: 'event', topic, event: { type: 'notifications.read', topic } });
      expect(frame.type === 'event' && frame.event.type === 'notifications.read' && frame.event.data.unreadCount).toBe(
        0,
      );
      // Bob's socket got nothing but its refusal.
      await new Promise((r) => setTimeout(r, 300));
      expect(other.frames).toHaveLength(1);
    } finally {
      mine.close();
      other.close();
    }
  });

  it("refuses an anonymous socket a user's topic but lets it follow public ones", async () => {
    const anon = await openSocket();
    try {
      const topic = `user:${alice.userId}`;
      anon.send(JSON.stringify({ action: 'subscribe', topic }));
      expect(await anon.next()).toEqual({ type: 'error', message: 'Sign in to follow your own topic', topic });
      anon.send(JSON.stringify({ action: 'subscribe', topic: 'listing:01PUBLIC' }));
      expect(await anon.next()).toEqual({ type: 'subscribed', topic: 'listing:01PUBLIC' });
    } finally {
      anon.close();
    }
  });

  it('answers garbage with error frames and the socket stays usable', async () => {
    const s = await openSocket(alice.token);
    try {
      const garbage: (string | Buffer)[] = [
        'not json',
        Buffer.from([0, 1, 2, 3]),
        JSON.stringify({ action: 'ping', pad: 'x'.repeat(5_000) }),
        JSON.stringify({ action: 'shutdown' }),
        JSON.stringify({ action: 'subscribe', topic: 'admin:all' }),
        '',
      ];
      for (const g of garbage) {
        s.send(g);
        expect((await s.next()).type, String(g).slice(0, 40)).toBe('error');
      }
      s.send(JSON.stringify({ action: 'ping' }));
      expect(await s.next()).toEqual({ type: 'pong' });
      expect(s.ws.readyState).toBe(s.ws.OPEN);
    } finally {
      s.close();
    }
  });
});
