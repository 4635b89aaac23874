import { describe, expect, it } from 'vitest';
import { testClock } from '../../fixtures/test-clock';
import { answerSocketMessage } from '../../../functions/core/realtime/answer-socket-message';
import { handleSocketMessage } from '../../../functions/core/realtime/connections';
import { openConnection } from '../../../functions/core/realtime/open-connection';
import { subscribersOncePerBatch } from '../../../functions/core/realtime/batch-subscribers';
import { eventRegistry, handleEvent, UnhandledEventError } from '../../../functions/core/realtime/handle-event';
import type { RealtimeStore, SocketSender } from '../../../functions/core/realtime/ports';
import { FanOutError, publishEvent } from '../../../functions/core/realtime/publish-event';
import {
  MAX_CLIENT_MESSAGE_BYTES,
  MAX_SUBSCRIPTIONS_PER_CONNECTION,
  type DomainEventOf,
  type ServerSocketMessage,
} from '../../../shared/events';
import { MemorySessions } from './auth/memory-ports';

function memoryStore() {
  const connections = new Map<string, { userId?: string; sessionId?: string; topics: Set<string>; ttl: number }>();
  const subs = new Map<string, Map<string, { ttl: number; sessionId?: string }>>();
  let subscriberReads = 0;
  const store: RealtimeStore = {
    async saveConnection(c) {
      connections.set(c.connectionId, { userId: c.userId, sessionId: c.sessionId, topics: new Set(), ttl: c.ttl });
    },
    async removeConnection(id) {
      for (const t of connections.get(id)?.topics ?? []) subs.get(t)?.delete(id);
      connections.delete(id);
    },
    async getConnection(id) {
      const c = connections.get(id);
      if (!c) return undefined;
      return { ...(c.userId && { userId: c.userId, sessionId: c.sessionId }), topics: [...c.topics] };
    },
    async subscribe(id, topic, ttl, sessionId) {
      connections.get(id)!.topics.add(topic);
      if (!subs.has(topic)) subs.set(topic, new Map());
      subs.get(topic)!.set(id, { ttl, ...(sessionId && { sessionId }) });
    },
    async unsubscribe(id, topic) {
      connections.get(id)?.topics.delete(topic);
      subs.get(topic)?.delete(id);
    },
    async subscribersOf(topic, now) {
      subscriberReads++;
      return [...(subs.get(topic) ?? new Map()).entries()]
        .filter(([, s]) => s.ttl > now)
        .map(([connectionId, s]) => ({ connectionId, ...(s.sessionId && { sessionId: s.sessionId }) }));
    },
  };
  return { store, connections, reads: () => subscriberReads };
}

const now = new Date('2026-01-01T00:00:00Z');
const ids = (subscribers: { connectionId: string }[]) => subscribers.map((s) => s.connectionId);

/** Live sessions of the users below (decision 078): each socket's ticket named one. */
function liveSessions(...sessionIds: string[]) {
  const sessions = new MemorySessions();
  for (const sessionId of sessionIds) {
    sessions.records.set(sessionId, {
      sessionId,
      userId: sessionId.replace(/^S-/, '01'),
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + 3_600_000).toISOString(),
      revokedAt: null,
    });
  }
  return sessions;
}
const sessions = liveSessions('S-ALICE', 'S-BOB');
const as = (userId: string) => ({ userId, sessionId: userId.replace(/^01/, 'S-') });

const text = (body: string) => ({ body });
const subscribe = (topic: string) => text(JSON.stringify({ action: 'subscribe', topic }));
const UUID = '0b6c8a3e-5d2f-4a1b-9c3d-2e1f0a9b8c7d';

function signingEvent(topic = `signing:${UUID}`): DomainEventOf<'signing.status'> {
  return {
    id: 'e1',
    topic,
    type: 'signing.status',
    occurredAt: now.toISOString(),
    data: { uuid: UUID, purpose: 'sign-in', status: 'signed' },
  };
}

describe('socket messages', () => {
  it('subscribes, answers pings and unsubscribes', async () => {
    const { store } = memoryStore();
    await openConnection('c1', undefined, { store, clock: testClock(now) });
    expect(await handleSocketMessage(store, 'c1', subscribe('listing:01ABC'), now, sessions)).toEqual({
      type: 'subscribed',
      topic: 'listing:01ABC',
    });
    expect(ids(await store.subscribersOf('listing:01ABC', 0))).toEqual(['c1']);
    expect(await handleSocketMessage(store, 'c1', text('{"action":"ping"}'), now, sessions)).toEqual({ type: 'pong' });
    await handleSocketMessage(store, 'c1', text('{"action":"unsubscribe","topic":"listing:01ABC"}'), now, sessions);
    expect(ids(await store.subscribersOf('listing:01ABC', 0))).toEqual([]);
  });

  it('lets anyone follow public topics (listings, signing requests)', async () => {
    const { store } = memoryStore();
    await openConnection('anon', undefined, { store, clock: testClock(now) });
    await openConnection('bob', as('01BOB'), { store, clock: testClock(now) });
    for (const id of ['anon', 'bob']) {
      for (const topic of ['listing:01ABC', `signing:${UUID}`]) {
        expect(await handleSocketMessage(store, id, subscribe(topic), now, sessions)).toEqual({
          type: 'subscribed',
          topic,
        });
      }
    }
  });

  it("lets only the user's own authenticated socket follow user:<id>", async () => {
    const { store } = memoryStore();
    await openConnection('alice', as('01ALICE'), { store, clock: testClock(now) });
    await openConnection('bob', as('01BOB'), { store, clock: testClock(now) });
    await openConnection('anon', undefined, { store, clock: testClock(now) });
    expect(await handleSocketMessage(store, 'alice', subscribe('user:01ALICE'), now, sessions)).toEqual({
      type: 'subscribed',
      topic: 'user:01ALICE',
    });
    expect(await handleSocketMessage(store, 'bob', subscribe('user:01ALICE'), now, sessions)).toEqual({
      type: 'error',
      message: "Another user's topic",
      topic: 'user:01ALICE',
    });
    expect(await handleSocketMessage(store, 'anon', subscribe('user:01ALICE'), now, sessions)).toEqual({
      type: 'error',
      message: 'Sign in to follow your own topic',
      topic: 'user:01ALICE',
    });
    expect(await store.subscribersOf('user:01ALICE', 0)).toEqual([{ connectionId: 'alice', sessionId: 'S-ALICE' }]);
  });

  it('answers garbage with an error frame, never a throw', async () => {
    const { store, connections } = memoryStore();
    await openConnection('c1', undefined, { store, clock: testClock(now) });
    const garbage = [
      { frame: text('nope'), message: 'Messages must be JSON' },
      { frame: { body: undefined }, message: 'Messages must be JSON' },
      { frame: text('null'), message: 'Unknown action: use subscribe, unsubscribe or ping' },
      { frame: text('[1,2]'), message: 'Unknown action: use subscribe, unsubscribe or ping' },
      { frame: text('{"action":"shutdown"}'), message: 'Unknown action: use subscribe, unsubscribe or ping' },
      { frame: { body: 'AAECAw==', isBase64Encoded: true }, message: 'Messages must be JSON text, not binary' },
      {
        frame: text(JSON.stringify({ action: 'ping', pad: 'x'.repeat(MAX_CLIENT_MESSAGE_BYTES) })),
        message: `Messages must be at most ${MAX_CLIENT_MESSAGE_BYTES} bytes`,
      },
    ];
    for (const { frame, message } of garbage) {
      expect(await handleSocketMessage(store, 'c1', frame, now, sessions)).toEqual({ type: 'error', message });
    }
    expect(await handleSocketMessage(store, 'c1', subscribe('admin:all'), now, sessions)).toEqual({
      type: 'error',
      message: 'Unknown topic',
      topic: 'admin:all',
    });
    expect((await handleSocketMessage(store, 'c1', text('{"action":"subscribe"}'), now, sessions)).type).toBe('error');
    expect((await handleSocketMessage(store, 'c1', text('{"action":"ping","x":1}'), now, sessions)).type).toBe('error');
    expect((await handleSocketMessage(store, 'gone', subscribe('listing:1'), now, sessions)).type).toBe('error');
    // Still usable afterwards.
    expect(await handleSocketMessage(store, 'c1', subscribe('listing:1'), now, sessions)).toEqual({
      type: 'subscribed',
      topic: 'listing:1',
    });
    expect(connections.get('c1')!.topics.size).toBe(1);
  });

  it('caps subscriptions per connection', async () => {
    const { store } = memoryStore();
    await openConnection('c1', undefined, { store, clock: testClock(now) });
    for (let i = 0; i < MAX_SUBSCRIPTIONS_PER_CONNECTION; i++) {
      await handleSocketMessage(store, 'c1', subscribe(`listing:${i}`), now, sessions);
    }
    const over = await handleSocketMessage(store, 'c1', subscribe('listing:X'), now, sessions);
    expect(over.type).toBe('error');
  });

  it('sends the answer back on the socket', async () => {
    const { store } = memoryStore();
    await openConnection('c1', undefined, { store, clock: testClock(now) });
    const sent: [string, ServerSocketMessage][] = [];
    const sender: SocketSender = { send: async (id, m) => (sent.push([id, m]), 'sent') };
    await answerSocketMessage('c1', text('{"action":"ping"}'), { store, sender, clock: testClock(now), sessions });
    expect(sent).toEqual([['c1', { type: 'pong' }]]);
  });
});

describe('publishEvent', () => {
  async function subscribed(ids: string[], topic: string) {
    const memory = memoryStore();
    for (const id of ids) {
      await openConnection(id, undefined, { store: memory.store, clock: testClock(now) });
      await handleSocketMessage(memory.store, id, subscribe(topic), now, sessions);
    }
    return memory;
  }

  it('sends to live subscribers and forgets gone connections', async () => {
    const event = signingEvent();
    const { store, connections } = await subscribed(['a', 'b'], event.topic);
    const delivered: [string, ServerSocketMessage][] = [];
    const sender: SocketSender = {
      async send(id, message) {
        if (id === 'b') return 'gone';
        delivered.push([id, message]);
        return 'sent';
      },
    };
    expect(await publishEvent(event, { store, sender, clock: testClock(now), sessions })).toEqual({ sent: 1, gone: 1 });
    expect(delivered).toEqual([['a', { type: 'event', topic: event.topic, event }]]);
    expect(connections.has('b')).toBe(false);
  });

  it('reads the subscribers once and keeps at most `concurrency` sends in flight', async () => {
    const event = signingEvent();
    const ids = Array.from({ length: 100 }, (_, i) => `c${i}`);
    const memory = await subscribed(ids, event.topic);
    let inFlight = 0;
    let peak = 0;
    const sender: SocketSender = {
      async send() {
        peak = Math.max(peak, ++inFlight);
        await new Promise((r) => setTimeout(r, 1));
        inFlight--;
        return 'sent';
      },
    };
    expect(
      await publishEvent(event, { store: memory.store, sender, clock: testClock(now), sessions, concurrency: 8 }),
    ).toEqual({
      sent: 100,
      gone: 0,
    });
    expect(peak).toBe(8);
    expect(memory.reads()).toBe(1);
  });

  it('fails the event when a send fails, after every other subscriber got it', async () => {
    const event = signingEvent();
    const { store } = await subscribed(['a', 'b', 'c'], event.topic);
    const delivered: string[] = [];
    const sender: SocketSender = {
      async send(id) {
        if (id === 'b') throw new Error('throttled');
        delivered.push(id);
        return 'sent';
      },
    };
    const error = await publishEvent(event, { store, sender, clock: testClock(now), sessions }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(FanOutError);
    expect((error as FanOutError).failed).toBe(1);
    expect(delivered.sort()).toEqual(['a', 'c']);
  });
});

describe('handleEvent', () => {
  const notifyRequest: DomainEventOf<'notify.requested'> = {
    id: 'n1',
    occurredAt: now.toISOString(),
    type: 'notify.requested',
    data: {
      userId: '01ALICE',
      type: 'auction_ending',
      title: 'Auction Ending Soon',
      message: 'Ends soon',
      relatedId: '01L',
      dedupeKey: 'auction_ending:01L',
    },
  };

  it('fans socket events out to their topic, runs notify for notify.requested, the declines of a sold-out listing and new-listing notices', async () => {
    const event = signingEvent();
    const { store } = memoryStore();
    await openConnection('a', undefined, { store, clock: testClock(now) });
    await handleSocketMessage(store, 'a', subscribe(event.topic), now, sessions);
    const sent: string[] = [];
    const notified: unknown[] = [];
    const soldOut: string[] = [];
    const notes: unknown[] = [];
    const published: string[] = [];
    const counted: string[] = [];
    const registry = eventRegistry({
      store,
      sender: { send: async (id) => (sent.push(id), 'sent') },
      clock: testClock(now),
      sessions,
      notify: async (request) => notified.push(request),
      listingClosed: async (listingId) => soldOut.push(listingId),
      orderNote: async (request, at) => notes.push([request, at.toISOString()]),
      listingPublished: async (e) => published.push(e.data.listingId),
      analytics: async (e) => counted.push(e.type),
      recountActiveListings: async (sellerId) => counted.push(`recount ${sellerId}`),
    });
    expect(await handleEvent(event, registry)).toEqual({ sent: 1, gone: 0 });
    expect(sent).toEqual(['a']);
    await handleEvent(notifyRequest, registry);
    expect(notified).toEqual([notifyRequest.data]);
    const sold = { id: 'listing.closed:L1', type: 'listing.closed', occurredAt: now.toISOString() } as const;
    await handleEvent({ ...sold, data: { listingId: 'L1', reason: 'ended' } }, registry);
    expect(soldOut).toEqual(['L1']);
    const note = { orderId: 'O1', senderId: 'B', content: 'Issue reported', noteKey: 'dispute:O1:open' };
    await handleEvent({ id: 'n1', type: 'order.note.requested', occurredAt: now.toISOString(), data: note }, registry);
    expect(notes).toEqual([[note, now.toISOString()]]);
    const listing = { listingId: 'L2', sellerId: 'S', sellerUsername: 'sam', title: 'Desk', chunk: 0, cursor: null };
    await handleEvent({ id: 'p1', type: 'listing.published', occurredAt: now.toISOString(), data: listing }, registry);
    expect(published).toEqual(['L2']);
    // Analytics (decision 056): a view is only counted; an order's change is pushed and counted.
    const viewed = { id: 'v1', type: 'listing.viewed', occurredAt: now.toISOString() } as const;
    await handleEvent({ ...viewed, data: { listingId: 'L1', sellerId: 'S1', viewerKey: 'u:B' } }, registry);
    const order = { id: 'o1', type: 'order.updated', topic: 'user:S1', occurredAt: now.toISOString() } as const;
    expect(await handleEvent({ ...order, data: { orderId: 'O1', status: 'completed' } }, registry)).toEqual({
      sent: 0,
      gone: 0,
    });
    const stale = { id: 's1', type: 'analytics.listings.stale', occurredAt: now.toISOString() } as const;
    await handleEvent({ ...stale, data: { sellerId: 'S1' } }, registry);
    expect(counted).toEqual(['listing.viewed', 'order.updated', 'recount S1']);
  });

  it('throws for an event type without a handler, so the message is retried and dead-lettered, not dropped', async () => {
    await expect(handleEvent(notifyRequest, {})).rejects.toBeInstanceOf(UnhandledEventError);
  });
});

describe('subscribersOncePerBatch', () => {
  it("reads a topic's subscribers once for the batch, each topic on its own", async () => {
    const { store, reads } = memoryStore();
    await store.saveConnection({ connectionId: 'c1', connectedAt: now.toISOString(), ttl: 9e9 });
    await store.subscribe('c1', 'listing:A', 9e9);
    const batch = subscribersOncePerBatch(store);
    const all = await Promise.all([
      batch.subscribersOf('listing:A', 0),
      batch.subscribersOf('listing:A', 0),
      batch.subscribersOf('listing:B', 0),
    ]);
    expect(all.map(ids)).toEqual([['c1'], ['c1'], []]);
    expect(reads()).toBe(2);
    // A new batch reads again.
    await subscribersOncePerBatch(store).subscribersOf('listing:A', 0);
    expect(reads()).toBe(3);
  });

  it('does not keep a failed read: the next message of the batch reads again', async () => {
    const { store } = memoryStore();
    let calls = 0;
    const batch = subscribersOncePerBatch({
      ...store,
      async subscribersOf() {
        if (++calls === 1) throw new Error('throttled');
        return [{ connectionId: 'c9' }];
      },
    });
    await expect(batch.subscribersOf('listing:A', 0)).rejects.toThrow('throttled');
    expect(ids(await batch.subscribersOf('listing:A', 0))).toEqual(['c9']);
  });
});
