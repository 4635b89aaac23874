import { act, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SocketEvent } from '../../shared/events';
import { createRealtimeSocket, type TopicListener } from '../../web/src/lib/realtime/socket';
import { useTopic } from '../../web/src/lib/realtime/use-topic';
import { SessionProvider, useSession } from '../../web/src/lib/session/session-context';
import { FakeSocket, NEW_TOKEN, saveSession, sessionRoutes, stubApi, stubSocket, user } from './support/api-stub';

const TOPIC = 'user:01JUSER';
const readEvent = (unreadCount: number): SocketEvent => ({
  id: `read-${unreadCount}`,
  occurredAt: '2026-01-01T00:00:00.000Z',
  type: 'notifications.read',
  topic: TOPIC,
  data: { ids: null, unreadCount },
});

const flush = () => act(async () => {});
const latest = () => FakeSocket.instances.at(-1)!;

function listener(): TopicListener & { events: SocketEvent[]; subscribed: number; refused: string[] } {
  const l = {
    events: [] as SocketEvent[],
    subscribed: 0,
    refused: [] as string[],
    onEvent: (e: SocketEvent) => void l.events.push(e),
    onSubscribed: () => void (l.subscribed += 1),
    onRefused: (m: string) => void l.refused.push(m),
  };
  return l;
}

const newSocket = () => createRealtimeSocket({ url: () => 'ws://app.test/ws', minDelayMs: 100, lingerMs: 50 });

beforeEach(() => {
  stubSocket();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the shared socket', () => {
  it('opens on the first topic, subscribes once per topic and delivers parsed events to its listeners', async () => {
    const socket = newSocket();
    expect(FakeSocket.instances).toHaveLength(0);
    const a = listener();
    const b = listener();
    socket.subscribe(TOPIC, a);
    socket.subscribe(TOPIC, b);
    await flush();
    expect(FakeSocket.instances).toHaveLength(1);
    expect(latest().url).toBe('ws://app.test/ws');
    expect(latest().sent).toEqual([{ action: 'subscribe', topic: TOPIC }]);

    latest().emit({ type: 'subscribed', topic: TOPIC });
    latest().emit({ type: 'event', topic: TOPIC, event: readEvent(3) });
    expect(a.subscribed).toBe(1);
    expect(a.events).toEqual([readEvent(3)]);
    expect(b.events).toEqual([readEvent(3)]);
  });

  it('ignores messages that do not fit the server message schema', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const socket = newSocket();
    const a = listener();
    socket.subscribe(TOPIC, a);
    await flush();
    latest().emit({ type: 'event', topic: TOPIC, event: { ...readEvent(1), data: { unreadCount: -1 } } });
    latest().emit({ type: 'event', topic: TOPIC, event: { type: 'made.up', topic: TOPIC } });
    latest().dispatchEvent(new MessageEvent('message', { data: 'not json' }));
    expect(a.events).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(3);
  });

  it('tells a listener when its subscription is refused', async () => {
    const socket = newSocket();
    const a = listener();
    socket.subscribe('user:01OTHER', a);
    await flush();
    latest().emit({ type: 'error', topic: 'user:01OTHER', message: 'Sign in as this user to follow this topic' });
    expect(a.refused).toEqual(['Sign in as this user to follow this topic']);
  });

  it('unsubscribes when the last listener of a topic leaves and closes when no topic is left', async () => {
    vi.useFakeTimers();
    const socket = newSocket();
    const a = listener();
    const b = listener();
    const offA = socket.subscribe(TOPIC, a);
    const offB = socket.subscribe(TOPIC, b);
    const offListing = socket.subscribe('listing:01L', listener());
    await flush();
    offA();
    expect(latest().sent).toHaveLength(2);
    offB();
    expect(latest().sent.at(-1)).toEqual({ action: 'unsubscribe', topic: TOPIC });
    offListing();
    expect(latest().readyState).toBe(1);
    await vi.advanceTimersByTimeAsync(60);
    expect(latest().readyState).toBe(3);
  });

  it('reconnects with backoff after the connection drops and subscribes every topic again', async () => {
    vi.useFakeTimers();
    const socket = newSocket();
    const a = listener();
    socket.subscribe(TOPIC, a);
    socket.subscribe('listing:01L', listener());
    await flush();
    latest().emit({ type: 'subscribed', topic: TOPIC });
    latest().drop();
    expect(socket.connected).toBe(false);
    expect(FakeSocket.instances).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(200);
    expect(FakeSocket.instances).toHaveLength(2);
    expect(latest().sent).toEqual([
      { action: 'subscribe', topic: TOPIC },
      { action: 'subscribe', topic: 'listing:01L' },
    ]);
    latest().emit({ type: 'subscribed', topic: TOPIC });
    expect(a.subscribed).toBe(2);
    latest().emit({ type: 'event', topic: TOPIC, event: readEvent(0) });
    expect(a.events).toEqual([readEvent(0)]);
  });

  it('backs off longer after each failed attempt (a handshake refused never opens)', async () => {
    vi.useFakeTimers();
    const attempts: number[] = [];
    class Refused extends EventTarget {
      readyState = 0;
      constructor(readonly url: string) {
        super();
        attempts.push(Date.now());
        setTimeout(() => {
          this.readyState = 3;
          this.dispatchEvent(new Event('close'));
        }, 0);
      }
      close() {}
    }
    vi.stubGlobal('WebSocket', Refused);
    const socket = newSocket();
    socket.subscribe(TOPIC, listener());
    await vi.advanceTimersByTimeAsync(2_000);
    const gaps = attempts.slice(1).map((t, i) => t - attempts[i]!);
    expect(gaps.length).toBeGreaterThanOrEqual(3);
    // 100 ms doubled per failure, each within ±25 % jitter.
    gaps.slice(0, 4).forEach((gap, i) => {
      expect(gap).toBeGreaterThanOrEqual(100 * 2 ** i * 0.75);
      expect(gap).toBeLessThanOrEqual(100 * 2 ** i * 1.25 + 1);
    });
  });

  it('opens as the signed-in user with a one-time ticket, never the token in the URL, and reconnects on a change (078)', async () => {
    const api = stubApi(sessionRoutes(() => user()));
    const socket = newSocket();
    socket.setToken('aaa.bbb.ccc');
    socket.subscribe(TOPIC, listener());
    await waitFor(() => expect(FakeSocket.instances).toHaveLength(1));
    expect(latest().url).toBe('ws://app.test/ws?ticket=ticket-aaa-bbb-ccc');
    expect(latest().url).not.toContain('aaa.bbb.ccc');
    expect(api.find('POST', '/api/realtime/tickets').map((r) => r.token)).toEqual(['aaa.bbb.ccc']);
    socket.setToken('ggg.hhh.iii');
    await waitFor(() => expect(FakeSocket.instances).toHaveLength(2));
    expect(FakeSocket.instances[0]!.readyState).toBe(3);
    expect(latest().url).toBe('ws://app.test/ws?ticket=ticket-ggg-hhh-iii');
    socket.setToken(null);
    await flush();
    expect(latest().url).toBe('ws://app.test/ws');
    expect(latest().sent).toEqual([{ action: 'subscribe', topic: TOPIC }]);
  });

  it('opens anonymously when the session is refused a ticket, and tries again later when the server is unreachable', async () => {
    let answer: 'refused' | 'offline' = 'refused';
    stubApi((req) => {
      if (req.url.pathname !== '/api/realtime/tickets') return undefined;
      if (answer === 'offline') return Promise.reject(new TypeError('Failed to fetch'));
      return { status: 401, body: { error: { code: 'unauthorized', message: 'Sign in to continue' } } };
    });
    const refused = newSocket();
    refused.setToken('aaa.bbb.ccc');
    refused.subscribe('listing:01L', listener());
    await waitFor(() => expect(FakeSocket.instances).toHaveLength(1));
    expect(latest().url).toBe('ws://app.test/ws');

    answer = 'offline';
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const offline = newSocket();
    offline.setToken('aaa.bbb.ccc');
    offline.subscribe('listing:01L', listener());
    await flush();
    expect(FakeSocket.instances).toHaveLength(1);
  });
});

describe('useTopic', () => {
  function Bell({ socket }: { socket: ReturnType<typeof newSocket> }) {
    const session = useSession();
    const [count, setCount] = useState<number | null>(null);
    useTopic(
      session.user ? `user:${session.user.id}` : null,
      (event) => {
        if (event.type === 'notifications.read') setCount(event.data.unreadCount);
      },
      { socket },
    );
    return <output data-testid="count">{count ?? 'none'}</output>;
  }

  it("follows the signed-in user's topic on a socket opened with the session's ticket", async () => {
    saveSession();
    stubApi(sessionRoutes(() => user()));
    const socket = newSocket();
    render(
      <SessionProvider>
        <Bell socket={socket} />
      </SessionProvider>,
    );
    await waitFor(() => expect(latest()?.sent).toEqual([{ action: 'subscribe', topic: TOPIC }]));
    expect(latest().url).toBe(`ws://app.test/ws?ticket=ticket-${NEW_TOKEN.replaceAll('.', '-')}`);
    act(() => latest().emit({ type: 'event', topic: TOPIC, event: readEvent(7) }));
    expect(screen.getByTestId('count').textContent).toBe('7');
  });

  it('unsubscribes when the component goes away', async () => {
    const socket = newSocket();
    function Listing() {
      useTopic('listing:01L', () => {}, { socket });
      return null;
    }
    const view = render(<Listing />);
    await flush();
    expect(latest().sent).toEqual([{ action: 'subscribe', topic: 'listing:01L' }]);
    view.unmount();
    expect(latest().sent.at(-1)).toEqual({ action: 'unsubscribe', topic: 'listing:01L' });
  });
});
