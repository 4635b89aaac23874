import { describe, expect, it } from 'vitest';
import { testClock } from '../../fixtures/test-clock';
import { authorizeConnection } from '../../../functions/core/realtime/authorize-connection';
import { handleSocketMessage } from '../../../functions/core/realtime/connections';
import { issueSocketTicket, ticketHash } from '../../../functions/core/realtime/issue-socket-ticket';
import { openConnection } from '../../../functions/core/realtime/open-connection';
import type {
  RealtimeStore,
  SocketSender,
  SocketTicketRecord,
  SocketTicketStore,
} from '../../../functions/core/realtime/ports';
import { publishEvent } from '../../../functions/core/realtime/publish-event';
import type { DomainEventOf } from '../../../shared/events';
import { MemorySessions } from './auth/memory-ports';

// Decision 078: the socket opens with a one-time ticket, and private topics follow the session it was issued in.

const now = new Date('2026-01-01T00:00:00Z');
const later = (seconds: number) => testClock(new Date(now.getTime() + seconds * 1000));

class MemoryTickets implements SocketTicketStore {
  readonly items = new Map<string, SocketTicketRecord>();
  async save(t: SocketTicketRecord) {
    this.items.set(t.ticketHash, { ...t });
  }
  async take(hash: string) {
    const found = this.items.get(hash) ?? null;
    this.items.delete(hash);
    return found;
  }
}

function sessionsOf(...ids: string[]) {
  const sessions = new MemorySessions();
  for (const sessionId of ids) {
    sessions.records.set(sessionId, {
      sessionId,
      userId: 'U1',
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + 12 * 3_600_000).toISOString(),
      revokedAt: null,
    });
  }
  return sessions;
}

async function refusal(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return 'accepted';
  } catch (error) {
    return (error as { reason?: string }).reason ?? String(error);
  }
}

describe('socket tickets', () => {
  it('open the socket once, within 30 s, while the session is live; no ticket is anonymous; a token in the URL is refused', async () => {
    const tickets = new MemoryTickets();
    const sessions = sessionsOf('S1');
    const deps =
      (seconds = 1) =>
      () => ({ tickets, sessions, clock: later(seconds) });
    const issue = () => issueSocketTicket({ userId: 'U1', sessionId: 'S1' }, { tickets, clock: testClock(now) });

    const first = await issue();
    expect(first.expiresAt).toBe('2026-01-01T00:00:30.000Z');
    expect(first.ticket).toMatch(/^[\w-]{43}$/);
    // Stored by its hash only.
    expect([...tickets.items.keys()]).toEqual([ticketHash(first.ticket)]);
    expect(JSON.stringify([...tickets.items.values()])).not.toContain(first.ticket);

    expect(await authorizeConnection({ ticket: first.ticket }, deps())).toEqual({ userId: 'U1', sessionId: 'S1' });
    expect(await refusal(authorizeConnection({ ticket: first.ticket }, deps()))).toBe('unknown_or_used');

    const late = await issue();
    expect(await refusal(authorizeConnection({ ticket: late.ticket }, deps(30)))).toBe('expired');
    expect(await refusal(authorizeConnection({ ticket: 'x'.repeat(43) }, deps()))).toBe('unknown_or_used');

    const afterSignOut = await issue();
    await sessions.revoke('S1', now.toISOString());
    expect(await refusal(authorizeConnection({ ticket: afterSignOut.ticket }, deps()))).toBe('session_ended');

    const unused = () => {
      throw new Error('an anonymous socket reads nothing');
    };
    expect(await authorizeConnection({}, unused)).toBeNull();
    expect(await refusal(authorizeConnection({ token: 'aaa.bbb.ccc' }, unused))).toBe('token_in_url');
  });
});

describe('private topics follow the session', () => {
  function memoryStore() {
    const conns = new Map<string, { userId?: string; sessionId?: string; topics: Set<string> }>();
    const subs = new Map<string, Map<string, string | undefined>>();
    const store: RealtimeStore = {
      async saveConnection(c) {
        conns.set(c.connectionId, { userId: c.userId, sessionId: c.sessionId, topics: new Set() });
      },
      async removeConnection(id) {
        conns.delete(id);
      },
      async getConnection(id) {
        const c = conns.get(id);
        return c && { ...(c.userId && { userId: c.userId, sessionId: c.sessionId }), topics: [...c.topics] };
      },
      async subscribe(id, topic, _ttl, sessionId) {
        conns.get(id)!.topics.add(topic);
        subs.set(topic, (subs.get(topic) ?? new Map()).set(id, sessionId));
      },
      async unsubscribe(id, topic) {
        conns.get(id)?.topics.delete(topic);
        subs.get(topic)?.delete(id);
      },
      async subscribersOf(topic) {
        return [...(subs.get(topic) ?? new Map<string, string | undefined>())].map(([connectionId, sessionId]) => ({
          connectionId,
          ...(sessionId && { sessionId }),
        }));
      },
    };
    return { store, conns, subs };
  }
  const subscribe = (topic: string) => ({ body: JSON.stringify({ action: 'subscribe', topic }) });
  const event = (topic: string): DomainEventOf<'notifications.read'> => ({
    id: `e-${topic}`,
    topic,
    type: 'notifications.read',
    occurredAt: now.toISOString(),
    data: { ids: null, unreadCount: 0 },
  });

  it('stop reaching a signed-out or expired session’s sockets (which lose the subscription), and keep public topics', async () => {
    const { store, subs } = memoryStore();
    const sessions = sessionsOf('S1', 'S2');
    const clock = testClock(now);
    // One browser per session; a third socket subscribed before sessions were kept on subscriptions.
    await openConnection('c1', { userId: 'U1', sessionId: 'S1' }, { store, clock });
    await openConnection('c2', { userId: 'U1', sessionId: 'S2' }, { store, clock });
    for (const id of ['c1', 'c2']) {
      for (const topic of ['user:U1', 'listing:L1']) {
        expect(await handleSocketMessage(store, id, subscribe(topic), now, sessions)).toMatchObject({
          type: 'subscribed',
        });
      }
    }
    await openConnection('old', { userId: 'U1', sessionId: 'S1' }, { store, clock });
    await store.subscribe('old', 'user:U1', 9e9);

    const sent: string[] = [];
    const sender: SocketSender = { send: async (id) => (sent.push(id), 'sent') };
    const publish = async (topic: string, at = now) => {
      sent.length = 0;
      await publishEvent(event(topic), { store, sender, clock: testClock(at), sessions });
      return [...sent].sort();
    };
    expect(await publish('user:U1')).toEqual(['c1', 'c2']);
    expect([...subs.get('user:U1')!.keys()]).toEqual(['c1', 'c2']);

    await sessions.revoke('S1', now.toISOString());
    expect(await publish('user:U1')).toEqual(['c2']);
    expect([...subs.get('user:U1')!.keys()]).toEqual(['c2']);
    expect(await publish('listing:L1')).toEqual(['c1', 'c2']);
    // The signed-out socket can't follow the private topic again.
    expect(await handleSocketMessage(store, 'c1', subscribe('user:U1'), now, sessions)).toEqual({
      type: 'error',
      topic: 'user:U1',
      message: 'Your session has ended: sign in again to follow your own topic',
    });

    // S2's token expires unrefreshed (its idle timeout): the same.
    const expired = new Date(now.getTime() + 12 * 3_600_000);
    expect(await publish('user:U1', expired)).toEqual([]);
    expect(subs.get('user:U1')!.size).toBe(0);
    expect(await publish('listing:L1', expired)).toEqual(['c1', 'c2']);
  });
});
