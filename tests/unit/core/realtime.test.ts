import { describe, expect, it } from 'vitest';
import { handleSocketMessage, openConnection } from '../../../functions/core/realtime/connections';
import type { RealtimeStore, SocketSender } from '../../../functions/core/realtime/ports';
import { publishEvent } from '../../../functions/core/realtime/publish-event';
import { MAX_SUBSCRIPTIONS_PER_CONNECTION, type ServerSocketMessage } from '../../../shared/events';

function memoryStore() {
  const connections = new Map<string, { topics: Set<string>; ttl: number }>();
  const subs = new Map<string, Map<string, number>>();
  const store: RealtimeStore = {
    async saveConnection(c) {
      connections.set(c.connectionId, { topics: new Set(), ttl: c.ttl });
    },
    async removeConnection(id) {
      for (const t of connections.get(id)?.topics ?? []) subs.get(t)?.delete(id);
      connections.delete(id);
    },
    async topicsOf(id) {
      const c = connections.get(id);
      return c ? [...c.topics] : undefined;
    },
    async subscribe(id, topic, ttl) {
      connections.get(id)!.topics.add(topic);
      if (!subs.has(topic)) subs.set(topic, new Map());
      subs.get(topic)!.set(id, ttl);
    },
    async unsubscribe(id, topic) {
      connections.get(id)?.topics.delete(topic);
      subs.get(topic)?.delete(id);
    },
    async subscribersOf(topic, now) {
      return [...(subs.get(topic) ?? new Map<string, number>()).entries()].filter(([, t]) => t > now).map(([id]) => id);
    },
  };
  return { store, connections };
}

const now = new Date('2026-01-01T00:00:00Z');

describe('socket messages', () => {
  it('subscribes, answers pings and unsubscribes', async () => {
    const { store } = memoryStore();
    await openConnection(store, 'c1', undefined, now);
    expect(await handleSocketMessage(store, 'c1', '{"action":"subscribe","topic":"listing:01ABC"}', now)).toEqual({
      type: 'subscribed',
      topic: 'listing:01ABC',
    });
    expect(await store.subscribersOf('listing:01ABC', 0)).toEqual(['c1']);
    expect(await handleSocketMessage(store, 'c1', '{"action":"ping"}', now)).toEqual({ type: 'pong' });
    await handleSocketMessage(store, 'c1', '{"action":"unsubscribe","topic":"listing:01ABC"}', now);
    expect(await store.subscribersOf('listing:01ABC', 0)).toEqual([]);
  });

  it('answers bad messages with an error, not a throw', async () => {
    const { store } = memoryStore();
    await openConnection(store, 'c1', undefined, now);
    expect((await handleSocketMessage(store, 'c1', 'nope', now)).type).toBe('error');
    expect(await handleSocketMessage(store, 'c1', '{"action":"subscribe","topic":"admin:all"}', now)).toEqual({
      type: 'error',
      message: 'Unknown topic',
    });
    expect((await handleSocketMessage(store, 'gone', '{"action":"subscribe","topic":"listing:1"}', now)).type).toBe(
      'error',
    );
  });

  it('caps subscriptions per connection', async () => {
    const { store } = memoryStore();
    await openConnection(store, 'c1', undefined, now);
    for (let i = 0; i < MAX_SUBSCRIPTIONS_PER_CONNECTION; i++) {
      await handleSocketMessage(store, 'c1', JSON.stringify({ action: 'subscribe', topic: `listing:${i}` }), now);
    }
    const over = await handleSocketMessage(store, 'c1', '{"action":"subscribe","topic":"listing:X"}', now);
    expect(over.type).toBe('error');
  });
});

describe('publishEvent', () => {
  it('sends to live subscribers and forgets gone connections', async () => {
    const { store, connections } = memoryStore();
    const topic = 'signing:0b6c8a3e-5d2f-4a1b-9c3d-2e1f0a9b8c7d';
    for (const id of ['a', 'b']) {
      await openConnection(store, id, undefined, now);
      await handleSocketMessage(store, id, JSON.stringify({ action: 'subscribe', topic }), now);
    }
    const delivered: [string, ServerSocketMessage][] = [];
    const sender: SocketSender = {
      async send(id, message) {
        if (id === 'b') return 'gone';
        delivered.push([id, message]);
        return 'sent';
      },
    };
    const event = {
      id: 'e1',
      topic,
      type: 'signing.status' as const,
      occurredAt: now.toISOString(),
      data: { uuid: '0b6c8a3e-5d2f-4a1b-9c3d-2e1f0a9b8c7d', purpose: 'sign-in' as const, status: 'signed' as const },
    };
    expect(await publishEvent(event, { store, sender, now })).toEqual({ sent: 1, gone: 1 });
    expect(delivered).toEqual([['a', { type: 'event', topic, event }]]);
    expect(connections.has('b')).toBe(false);
  });
});
