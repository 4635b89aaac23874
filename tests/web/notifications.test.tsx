import './support/setup';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { NotificationPage, NotificationSummary } from '../../shared/api/notifications';
import type { Notification } from '../../shared/domain/notification';
import { routes } from '../../web/src/app/router';
import { notificationTarget, relativeTime } from '../../web/src/domains/notifications/api';
import { realtime } from '../../web/src/lib/realtime/socket';
import { page } from './support/listing-fixture';
import { renderRoutes } from './support/render';
import { FakeSocket, saveSession, sessionRoutes, stubApi, stubSocket, user, type ApiRequest } from './support/api-stub';

/** A valid notification id (a ULID); a higher number is newer. */
const nid = (n: number) => `01J${String(n).padStart(23, '0')}`;
const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

function note(id: string, over: Partial<Notification> = {}): Notification {
  return {
    id,
    type: 'auction_ending',
    title: `Title ${id}`,
    message: `Message ${id}`,
    read: false,
    relatedId: 'LISTING1',
    createdAt: ago(5),
    ...over,
  };
}

/** A notifications server in memory: the summary, cursor pages of `pageSize`, mark one and mark all. */
function notificationServer(initial: Notification[], pageSize = 20) {
  const items = [...initial];
  const unread = () => items.filter((n) => !n.read).length;
  const route = (req: ApiRequest) => {
    const path = req.url.pathname;
    if (path === '/api/me/notifications/summary') {
      return { body: { unreadCount: unread(), latest: items.slice(0, 5) } satisfies NotificationSummary };
    }
    if (path === '/api/me/notifications' && req.method === 'GET') {
      const cursor = req.url.searchParams.get('cursor');
      const start = cursor ? items.findIndex((n) => n.id === cursor) + 1 : 0;
      const slice = items.slice(start, start + pageSize);
      const more = start + pageSize < items.length;
      return {
        body: {
          items: slice,
          nextCursor: more ? slice.at(-1)!.id : null,
          unreadCount: unread(),
        } satisfies NotificationPage,
      };
    }
    if (path === '/api/me/notifications/read-all' && req.method === 'POST') {
      const marked = unread();
      for (const n of items) n.read = true;
      return { body: { marked, unreadCount: 0 } };
    }
    const id = /^\/api\/me\/notifications\/(\w+)\/read$/.exec(path)?.[1];
    if (id && req.method === 'POST') {
      const n = items.find((x) => x.id === id);
      if (!n) return { status: 404, body: { error: { code: 'not_found', message: 'Notification not found' } } };
      n.read = true;
      return { body: { id, read: true, unreadCount: unread() } };
    }
    if (path === '/api/listings') return { body: page([]) };
    return undefined;
  };
  return { items, route };
}

function signedIn(server: ReturnType<typeof notificationServer>) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1280 });
  saveSession();
  stubSocket();
  // The page's one socket may still linger from the previous test: start from a new one.
  realtime.setToken(`drop-${Math.random()}`);
  return stubApi(sessionRoutes(() => user(), server.route));
}

async function openBell(name: RegExp | string = /^Notifications, \d+ unread$/) {
  const bell = await screen.findByRole('button', { name });
  fireEvent.keyDown(bell, { key: 'Enter' });
  return screen.findByRole('menu');
}

describe('notification rules', () => {
  it('leads each type where the spec says', () => {
    expect(notificationTarget({ type: 'message', relatedId: 'C1' })).toBe('/messages');
    expect(notificationTarget({ type: 'bid', relatedId: 'L1' })).toBe('/item/L1');
    expect(notificationTarget({ type: 'offer', relatedId: null })).toBe('/activity');
    expect(notificationTarget({ type: 'auction_ending', relatedId: 'L2' })).toBe('/item/L2');
    expect(notificationTarget({ type: 'auction_ending', relatedId: null })).toBe('/marketplace');
    expect(notificationTarget({ type: 'transaction', relatedId: 'O1' })).toBe('/activity');
    expect(notificationTarget({ type: 'escrow_released', relatedId: 'E1' })).toBe('/activity');
    expect(notificationTarget({ type: 'review_received', relatedId: 'O2' })).toBe('/purchased/O2');
    expect(notificationTarget({ type: 'new_listing', relatedId: 'L3' })).toBe('/item/L3');
    expect(notificationTarget({ type: 'other', relatedId: 'X' })).toBe('/notifications');
  });

  it('says ages in English relative time', () => {
    const now = Date.parse('2026-06-01T12:00:00Z');
    expect(relativeTime('2026-06-01T11:55:00Z', now)).toBe('5 minutes ago');
    expect(relativeTime('2026-06-01T11:59:00Z', now)).toBe('1 minute ago');
    expect(relativeTime('2026-06-01T09:00:00Z', now)).toBe('3 hours ago');
    expect(relativeTime('2026-05-30T12:00:00Z', now)).toBe('2 days ago');
    expect(relativeTime('2026-06-01T11:59:58Z', now)).toBe('just now');
  });
});

describe('header notification bell', () => {
  it('is not there for a signed-out visitor', async () => {
    stubApi((req) => (req.url.pathname === '/api/listings' ? { body: page([]) } : undefined));
    renderRoutes(routes, '/');
    await screen.findByRole('button', { name: 'Connect Wallet' });
    expect(screen.queryByRole('button', { name: /^Notifications/ })).toBeNull();
  });

  it('caps the badge at 99+ and names the count; the popover lists the 5 latest with their age', async () => {
    const many = Array.from({ length: 120 }, (_, i) => note(nid(200 - i)));
    signedIn(notificationServer(many));
    renderRoutes(routes, '/');
    const bell = await screen.findByRole('button', { name: 'Notifications, 120 unread' }, { timeout: 3000 });
    expect(within(bell).getByText('99+')).toBeTruthy();
    const menu = await openBell();
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual([
      'Mark all read',
      ...many.slice(0, 5).map((n) => `${n.title}${n.message}5 minutes ago`),
      'View All Notifications',
    ]);
    expect(within(menu).getAllByRole('img', { name: 'Unread' })).toHaveLength(5);
  });

  it("shows 'No notifications yet' and a disabled 'Mark all read' when there are none", async () => {
    signedIn(notificationServer([]));
    renderRoutes(routes, '/');
    const menu = await openBell('Notifications, 0 unread');
    expect(within(menu).getByText('No notifications yet')).toBeTruthy();
    expect(within(menu).getByRole('menuitem', { name: 'Mark all read' }).getAttribute('aria-disabled')).toBe('true');
  });

  it('a click marks it read, closes the popover and opens the item', async () => {
    const server = notificationServer([note(nid(2), { relatedId: 'ITEM9' }), note(nid(1), { read: true })]);
    const api = signedIn(server);
    const { router } = renderRoutes(routes, '/');
    const menu = await openBell('Notifications, 1 unread');
    fireEvent.click(within(menu).getByRole('menuitem', { name: new RegExp(`Title ${nid(2)}`) }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/item/ITEM9'));
    expect(screen.queryByRole('menu')).toBeNull();
    expect(api.find('POST', `/api/me/notifications/${nid(2)}/read`)).toHaveLength(1);
    expect(await screen.findByRole('button', { name: 'Notifications, 0 unread' })).toBeTruthy();
  });

  it("'Mark all read' marks them all and keeps the popover open", async () => {
    const api = signedIn(notificationServer([note(nid(2)), note(nid(1))]));
    renderRoutes(routes, '/');
    const menu = await openBell('Notifications, 2 unread');
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Mark all read' }));
    expect(await screen.findByRole('button', { name: 'Notifications, 0 unread' })).toBeTruthy();
    expect(api.find('POST', '/api/me/notifications/read-all')).toHaveLength(1);
    expect(screen.getByRole('menu')).toBeTruthy();
  });

  it('a pushed notification raises the badge without a reload', async () => {
    const server = notificationServer([note(nid(1))]);
    const api = signedIn(server);
    renderRoutes(routes, '/');
    await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    await waitFor(() =>
      expect(FakeSocket.instances.at(-1)?.sent).toContainEqual({ action: 'subscribe', topic: 'user:01JUSER' }),
    );
    const socket = FakeSocket.instances.at(-1)!;
    const reads = api.find('GET', '/api/me/notifications/summary').length;
    const pushed = note(nid(2), { title: 'Auction Ending Soon' });
    act(() =>
      socket.emit({
        type: 'event',
        topic: 'user:01JUSER',
        event: {
          id: `notification.created:${pushed.id}`,
          occurredAt: pushed.createdAt,
          type: 'notification.created',
          topic: 'user:01JUSER',
          data: { notification: pushed, unreadCount: 2 },
        },
      }),
    );
    expect(await screen.findByRole('button', { name: 'Notifications, 2 unread' })).toBeTruthy();
    // The push itself carried the count and the item: no read was needed.
    expect(api.find('GET', '/api/me/notifications/summary')).toHaveLength(reads);
    const menu = await openBell('Notifications, 2 unread');
    expect(within(menu).getByRole('menuitem', { name: /Auction Ending Soon/ })).toBeTruthy();
  });

  it('the account panel links to /notifications with the unread badge', async () => {
    signedIn(notificationServer([note(nid(2)), note(nid(1))]));
    renderRoutes(routes, '/');
    await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    fireEvent.keyDown(screen.getByRole('button', { name: 'alice_1 account' }), { key: 'Enter' });
    const panel = await screen.findByRole('menu');
    const link = within(panel).getByRole('menuitem', { name: /^Notifications/ });
    expect(link.getAttribute('href')).toBe('/notifications');
    expect(within(link).getByLabelText('2 unread').textContent).toBe('2');
  });
});

describe('/notifications', () => {
  it('lists them newest first with the unread badge, loads more, and a click marks read and navigates', async () => {
    const items = Array.from({ length: 25 }, (_, i) =>
      note(nid(100 - i), { type: i === 0 ? 'message' : 'other', read: i >= 3 }),
    );
    const api = signedIn(notificationServer(items));
    const { router } = renderRoutes(routes, '/notifications');
    expect(await screen.findByRole('heading', { name: 'Notifications' })).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Your notifications' });
    expect(within(list).getAllByRole('button')).toHaveLength(20);
    expect(screen.getByLabelText('3 unread').textContent).toBe('3');
    fireEvent.click(screen.getByRole('button', { name: 'Load More' }));
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Your notifications' })).getAllByRole('button')).toHaveLength(25),
    );
    expect(screen.queryByRole('button', { name: 'Load More' })).toBeNull();
    fireEvent.click(
      within(screen.getByRole('list', { name: 'Your notifications' })).getByRole('button', {
        name: new RegExp(`Title ${nid(100)}`),
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/messages'));
    expect(api.find('POST', `/api/me/notifications/${nid(100)}/read`)).toHaveLength(1);
  });

  it("'Mark all as read' clears the badge", async () => {
    signedIn(notificationServer([note(nid(2)), note(nid(1))]));
    renderRoutes(routes, '/notifications');
    fireEvent.click(await screen.findByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(screen.queryByLabelText('2 unread')).toBeNull());
    expect((screen.getByRole('button', { name: 'Mark all as read' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("says 'No notifications yet' when there are none", async () => {
    signedIn(notificationServer([]));
    renderRoutes(routes, '/notifications');
    expect(await screen.findByText('No notifications yet', { selector: 'main p' })).toBeTruthy();
  });

  it('offers Try Again when the list fails to load', async () => {
    const server = notificationServer([note(nid(1))]);
    let fail = true;
    signedIn({
      ...server,
      route: (req) =>
        fail && req.url.pathname === '/api/me/notifications'
          ? { status: 503, body: { error: { code: 'unavailable', message: 'Down' } } }
          : server.route(req),
    });
    renderRoutes(routes, '/notifications');
    expect(await screen.findByText('Failed to load notifications')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('button', { name: new RegExp(`Title ${nid(1)}`) })).toBeTruthy();
  });
});
