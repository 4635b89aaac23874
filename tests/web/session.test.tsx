import './support/setup';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { routes } from '../../web/src/app/router';
import { SESSION_KEYS, isSessionUsable, readUsableSession } from '../../web/src/lib/session/session-storage';
import { dispatchSellerStatusChanged, WALLET_USER_CHANGED } from '../../web/src/lib/session/session-events';
import { pending } from './support/fetch-stub';
import { page } from './support/listing-fixture';
import { renderRoutes } from './support/render';
import { balances, inHours, NEW_TOKEN, saveSession, sessionRoutes, stubApi, TOKEN, user } from './support/api-stub';

const listings = (req: { url: URL }) => (req.url.pathname === '/api/listings' ? { body: page([]) } : undefined);

function setWidth(width: number) {
  act(() => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
    window.dispatchEvent(new Event('resize'));
  });
}

describe('session storage rules (spec part 1 session states)', () => {
  const now = Date.parse('2026-05-01T12:00:00Z');
  it('uses a JWT-shaped token with more than 5 minutes left, and nothing else', () => {
    expect(isSessionUsable({ token: TOKEN, expiresAt: '2026-05-01T12:05:01Z' }, now)).toBe(true);
    expect(isSessionUsable({ token: TOKEN, expiresAt: '2026-05-01T12:05:00Z' }, now)).toBe(false);
    expect(isSessionUsable({ token: TOKEN, expiresAt: '2026-05-01T11:00:00Z' }, now)).toBe(false);
    expect(isSessionUsable({ token: 'not-a-jwt', expiresAt: '2026-05-01T18:00:00Z' }, now)).toBe(false);
    expect(isSessionUsable({ token: TOKEN, expiresAt: 'soon' }, now)).toBe(false);
  });

  it('clears every local key when the saved session is unusable', () => {
    saveSession(TOKEN, new Date(Date.now() + 4 * 60_000).toISOString());
    expect(readUsableSession(Date.now())).toBeNull();
    for (const key of Object.values(SESSION_KEYS)) expect(localStorage.getItem(key)).toBeNull();
  });
});

describe('header and session restore', () => {
  it('signed out: shows Connect Wallet, no account controls, and asks the server nothing about sessions', async () => {
    setWidth(1280);
    const { requests } = stubApi(listings);
    renderRoutes(routes, '/');
    const header = screen.getByRole('banner');
    expect(await within(header).findByRole('button', { name: 'Connect Wallet' })).toBeTruthy();
    expect(within(header).queryByRole('link', { name: /wallet balance/i })).toBeNull();
    expect(requests.filter((r) => r.url.pathname.startsWith('/api/auth'))).toEqual([]);
  });

  it('discards a saved token with under 5 minutes left without calling the server', async () => {
    setWidth(1280);
    saveSession(TOKEN, new Date(Date.now() + 4 * 60_000).toISOString());
    const { requests } = stubApi(sessionRoutes(() => user(), listings));
    renderRoutes(routes, '/');
    expect(await screen.findByRole('button', { name: 'Connect Wallet' })).toBeTruthy();
    expect(requests.some((r) => r.url.pathname === '/api/auth/session')).toBe(false);
    expect(localStorage.getItem(SESSION_KEYS.token)).toBeNull();
  });

  it('restores a saved session: loading placeholder, refresh with the old token, user read with the new one', async () => {
    setWidth(1280);
    saveSession();
    let answerRefresh!: () => void;
    const refreshed = new Promise<void>((resolve) => (answerRefresh = resolve));
    const route = sessionRoutes(
      () => user(),
      (req) => {
        if (req.url.pathname === '/api/wallet/balances') {
          return { body: balances([{ currency: 'RLUSD', value: '1234.5', cents: 123450 }]) };
        }
        return listings(req);
      },
    );
    const { find } = stubApi((req) => {
      if (req.url.pathname === '/api/auth/session' && req.method === 'POST') {
        return refreshed
          .then(() => ({ token: NEW_TOKEN, expiresAt: inHours(12) }))
          .then((body) => {
            return new Response(JSON.stringify(body), { status: 200 }) as never;
          });
      }
      return route(req);
    });
    renderRoutes(routes, '/');
    expect(screen.getByRole('status', { name: 'Restoring your session' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Connect Wallet' })).toBeNull();
    answerRefresh();

    expect(await screen.findByRole('button', { name: 'alice_1 account' })).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Wallet balance $1,234.50' })).toBeTruthy();
    expect(find('POST', '/api/auth/session')[0]?.token).toBe(TOKEN);
    expect(find('GET', '/api/me')[0]?.token).toBe(NEW_TOKEN);
    expect(find('GET', '/api/wallet/balances')[0]?.token).toBe(NEW_TOKEN);
    expect(localStorage.getItem(SESSION_KEYS.token)).toBe(NEW_TOKEN);
    // Not a seller: no sell icon.
    expect(screen.queryByRole('link', { name: 'Sell an item' })).toBeNull();
  });

  it('a refused refresh clears the local keys and shows Connect Wallet', async () => {
    setWidth(1280);
    saveSession();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    stubApi((req) => {
      if (req.url.pathname === '/api/auth/session') {
        return { status: 401, body: { error: { code: 'unauthorized', message: 'Sign in to continue' } } };
      }
      return listings(req);
    });
    renderRoutes(routes, '/');
    expect(await screen.findByRole('button', { name: 'Connect Wallet' })).toBeTruthy();
    for (const key of Object.values(SESSION_KEYS)) expect(localStorage.getItem(key)).toBeNull();
  });

  it('a restore cut off by the network keeps the saved session and tries again: signed in when the server answers', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      setWidth(1280);
      saveSession();
      vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      let refreshes = 0;
      const route = sessionRoutes(() => user(), listings);
      const { find } = stubApi((req) => {
        if (req.url.pathname === '/api/auth/session' && req.method === 'POST' && ++refreshes === 1) {
          return Promise.reject(new TypeError('Failed to fetch'));
        }
        return route(req);
      });
      renderRoutes(routes, '/');
      await waitFor(() => expect(find('POST', '/api/auth/session')).toHaveLength(1));
      expect(localStorage.getItem(SESSION_KEYS.token)).toBe(TOKEN);
      expect(screen.getByRole('status', { name: 'Restoring your session' })).toBeTruthy();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1_000);
      });
      expect(await screen.findByRole('button', { name: 'alice_1 account' })).toBeTruthy();
      expect(find('POST', '/api/auth/session')).toHaveLength(2);
      expect(localStorage.getItem(SESSION_KEYS.token)).toBe(NEW_TOKEN);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a server that never answers leaves the saved session for the next page, after three attempts', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      setWidth(1280);
      saveSession();
      vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      const { find } = stubApi((req) => {
        if (req.url.pathname === '/api/auth/session')
          return { status: 503, body: { error: { code: 'unavailable', message: 'Try again' } } };
        return listings(req);
      });
      renderRoutes(routes, '/');
      await act(async () => {
        await vi.advanceTimersByTimeAsync(4_000);
      });
      expect(await screen.findByRole('button', { name: 'Connect Wallet' })).toBeTruthy();
      expect(find('POST', '/api/auth/session')).toHaveLength(3);
      expect(localStorage.getItem(SESSION_KEYS.token)).toBe(TOKEN);
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows $0.00 when the balance read fails (spec part 1 fallbacks)', async () => {
    setWidth(1280);
    saveSession();
    stubApi(
      sessionRoutes(
        () => user(),
        (req) =>
          req.url.pathname === '/api/wallet/balances'
            ? { status: 502, body: { error: { code: 'ledger_unavailable', message: 'Ledger unavailable' } } }
            : listings(req),
      ),
    );
    renderRoutes(routes, '/');
    expect(await screen.findByRole('link', { name: 'Wallet balance $0.00' })).toBeTruthy();
  });

  it('the sell icon follows sellerStatusChanged at once', async () => {
    setWidth(1280);
    saveSession();
    stubApi(
      sessionRoutes(
        () => user(),
        (req) => (req.url.pathname === '/api/wallet/balances' ? pending() : listings(req)),
      ),
    );
    renderRoutes(routes, '/');
    await screen.findByRole('button', { name: 'alice_1 account' });
    expect(screen.queryByRole('link', { name: 'Sell an item' })).toBeNull();
    act(() => dispatchSellerStatusChanged({ isSeller: true }));
    expect(screen.getByRole('link', { name: 'Sell an item' }).getAttribute('href')).toBe('/sell');
    act(() => dispatchSellerStatusChanged({ isSeller: false }));
    expect(screen.queryByRole('link', { name: 'Sell an item' })).toBeNull();
  });

  it('account panel: avatar, username, short address, balance, only existing links; Disconnect signs out', async () => {
    setWidth(1280);
    saveSession();
    const { find } = stubApi(
      sessionRoutes(
        () => user({ isSeller: true }),
        (req) =>
          req.url.pathname === '/api/wallet/balances'
            ? { body: balances([{ currency: 'RLUSD', value: '5', cents: 500 }]) }
            : listings(req),
      ),
    );
    const changes: unknown[] = [];
    const onChange = (e: Event) => changes.push((e as CustomEvent).detail);
    window.addEventListener(WALLET_USER_CHANGED, onChange);
    try {
      renderRoutes(routes, '/');
      const trigger = await screen.findByRole('button', { name: 'alice_1 account' });
      await screen.findByRole('link', { name: 'Wallet balance $5.00' });
      fireEvent.keyDown(trigger, { key: 'Enter' });
      const panel = await screen.findByRole('menu');
      expect(within(panel).getByText('alice_1')).toBeTruthy();
      expect(within(panel).getByText('rHb9CJ...tyTh')).toBeTruthy();
      expect(within(panel).getByText('$5.00')).toBeTruthy();
      const items = within(panel).getAllByRole('menuitem');
      // A seller: Seller Portal sits between Wallet and Profile Settings (spec part 1 "Account panel").
      expect(items.map((i) => i.textContent)).toEqual([
        'My Activity',
        'Messages',
        'Notifications',
        'Wallet',
        'Seller Portal',
        'Profile Settings',
        'Disconnect Wallet',
      ]);
      expect(items.slice(0, 6).map((i) => i.getAttribute('href'))).toEqual([
        '/activity',
        '/messages',
        '/notifications',
        '/wallet',
        '/seller-portal',
        '/settings',
      ]);

      fireEvent.click(items[6]!);
      expect(await screen.findByText('Wallet Disconnected')).toBeTruthy();
      expect(screen.getByText('Your wallet has been disconnected successfully')).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Connect Wallet' })).toBeTruthy();
      expect(find('DELETE', '/api/auth/session')[0]?.token).toBe(NEW_TOKEN);
      for (const key of Object.values(SESSION_KEYS)) expect(localStorage.getItem(key)).toBeNull();
      expect(changes).toEqual([{ walletAddress: null }]);
    } finally {
      window.removeEventListener(WALLET_USER_CHANGED, onChange);
    }
  });

  it("account panel on a phone: 'Sell Items' to /sell for sellers only, after Profile Settings", async () => {
    const panelItems = async (isSeller: boolean) => {
      saveSession();
      stubApi(
        sessionRoutes(
          () => user({ isSeller }),
          (req) => (req.url.pathname === '/api/wallet/balances' ? { body: balances([]) } : listings(req)),
        ),
      );
      const view = renderRoutes(routes, '/');
      fireEvent.keyDown(await screen.findByRole('button', { name: 'alice_1 account' }), { key: 'Enter' });
      const items = within(await screen.findByRole('menu')).getAllByRole('menuitem');
      view.unmount();
      return items.map((i) => [i.textContent, i.getAttribute('href')]);
    };
    setWidth(390);
    expect(await panelItems(true)).toEqual([
      ['My Activity', '/activity'],
      ['Messages', '/messages'],
      ['Notifications', '/notifications'],
      ['Wallet', '/wallet'],
      ['Seller Portal', '/seller-portal'],
      ['Profile Settings', '/settings'],
      ['Sell Items', '/sell'],
      ['Disconnect Wallet', null],
    ]);
    expect((await panelItems(false)).map(([text]) => text)).not.toContain('Sell Items');
    // The mobile layout ends where the header gets its category bar.
    setWidth(1023);
    expect((await panelItems(true)).map(([text]) => text)).toContain('Sell Items');
    setWidth(1024);
    expect((await panelItems(true)).map(([text]) => text)).not.toContain('Sell Items');
  });

  it('works on a phone: Connect Wallet next to the menu button', async () => {
    setWidth(360);
    stubApi(listings);
    renderRoutes(routes, '/');
    const header = screen.getByRole('banner');
    expect(await within(header).findByRole('button', { name: 'Connect Wallet' })).toBeTruthy();
    expect(await within(header).findByRole('button', { name: 'Open menu' })).toBeTruthy();
  });
});

describe('session renewal while the tab is open', () => {
  it('renews the token 10 minutes before it expires', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      setWidth(1280);
      saveSession();
      const expiresSoon = new Date(Date.now() + 20 * 60_000).toISOString();
      let refreshes = 0;
      const { find } = stubApi((req) => {
        if (req.url.pathname === '/api/auth/session' && req.method === 'POST') {
          refreshes += 1;
          return {
            body: {
              token: refreshes === 1 ? NEW_TOKEN : 'ggg.hhh.iii',
              expiresAt: refreshes === 1 ? expiresSoon : inHours(12),
            },
          };
        }
        if (req.url.pathname === '/api/me') return { body: user() };
        if (req.url.pathname === '/api/wallet/balances') return pending();
        return listings(req);
      });
      renderRoutes(routes, '/');
      await screen.findByRole('button', { name: 'alice_1 account' });
      expect(find('POST', '/api/auth/session')).toHaveLength(1);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(9 * 60_000);
      });
      expect(find('POST', '/api/auth/session')).toHaveLength(1);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(2 * 60_000);
      });
      await waitFor(() => expect(find('POST', '/api/auth/session')).toHaveLength(2));
      expect(find('POST', '/api/auth/session')[1]?.token).toBe(NEW_TOKEN);
      await waitFor(() => expect(localStorage.getItem(SESSION_KEYS.token)).toBe('ggg.hhh.iii'));
    } finally {
      vi.useRealTimers();
    }
  });
});
