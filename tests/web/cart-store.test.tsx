import './support/setup';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CART_MAX_BYTES, CART_STORAGE_KEY } from '../../shared/domain/cart';
import { routes } from '../../web/src/app/router';
import { localCartView } from '../../web/src/domains/cart/cart-view';
import {
  addLocalItem,
  clearLocalCart,
  localCartPlace,
  readLocalCart,
  setLocalQuantity,
  type LocalCartItem,
} from '../../web/src/domains/cart/local-cart';
import { balances, saveSession, sessionRoutes, stubApi, user, type ApiRequest } from './support/api-stub';
import { cartLine, serverCart } from './support/cart-fixture';
import { page } from './support/listing-fixture';
import { renderRoutes } from './support/render';

function item(overrides: Partial<LocalCartItem> = {}): LocalCartItem {
  return {
    listingId: 'DESK1',
    title: 'Oak Desk',
    priceCents: 2500,
    image: null,
    listingType: 'fixed',
    sellerId: 'S1',
    sellerName: 'alice',
    sellerLocation: { city: 'Austin', state: 'TX', zipCode: '78701' },
    isLocalPickup: false,
    shippingCostCents: 0,
    shippingType: 'calculated',
    available: 5,
    ...overrides,
  };
}

/** Storage that refuses writes (quota, privacy settings): reads find nothing. */
const refusing = {
  getItem: () => null,
  setItem: () => {
    throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
  },
  removeItem: () => undefined,
} as unknown as Storage;

/** Runs `body` with these storages refusing writes, or unreachable altogether ('blocked'). */
function withStorage(
  kinds: Partial<Record<'localStorage' | 'sessionStorage', 'refusing' | 'blocked'>>,
  body: () => void,
) {
  const spies = Object.entries(kinds).map(([kind, how]) =>
    vi.spyOn(window, kind as 'localStorage', 'get').mockImplementation(() => {
      if (how === 'blocked') throw new DOMException('Blocked', 'SecurityError');
      return refusing;
    }),
  );
  try {
    body();
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
}

beforeEach(() => {
  clearLocalCart();
  sessionStorage.clear();
});

describe('the signed-out cart in browser storage (spec part 2 "Cart storage")', () => {
  it("keeps the cart in localStorage under 'marketplace_cart'; adding again raises the quantity by 1", () => {
    expect(addLocalItem(item())).toBe('saved');
    expect(addLocalItem(item({ listingId: 'LAMP1', title: 'Lamp' }))).toBe('saved');
    expect(addLocalItem(item())).toBe('saved');
    const stored = JSON.parse(localStorage.getItem(CART_STORAGE_KEY)!) as { listingId: string; quantity: number }[];
    expect(stored.map((l) => [l.listingId, l.quantity])).toEqual([
      ['DESK1', 2],
      ['LAMP1', 1],
    ]);
    // New lines get a temporary id and the currency.
    expect(readLocalCart()[0]).toMatchObject({ id: expect.stringMatching(/^local-/), currency: 'RLUSD' });
    expect(localCartPlace()).toBe('local');
  });

  it('removes a line whose quantity is set to 0 or less', () => {
    addLocalItem(item());
    addLocalItem(item({ listingId: 'LAMP1' }));
    setLocalQuantity('DESK1', 0);
    setLocalQuantity('LAMP1', -3);
    expect(readLocalCart()).toEqual([]);
    expect(localStorage.getItem(CART_STORAGE_KEY)).toBeNull();
  });

  it('does not go above the units for sale', () => {
    addLocalItem(item({ available: 1 }));
    expect(addLocalItem(item({ available: 1 }))).toBe('limit');
    expect(readLocalCart()[0]?.quantity).toBe(1);
  });

  it('falls back to sessionStorage, then to memory only (Storage Limited)', () => {
    withStorage({ localStorage: 'refusing' }, () => {
      expect(addLocalItem(item())).toBe('saved');
      expect(localCartPlace()).toBe('session');
    });
    expect(sessionStorage.getItem(CART_STORAGE_KEY)).toContain('DESK1');

    sessionStorage.clear();
    withStorage({ localStorage: 'refusing', sessionStorage: 'refusing' }, () => {
      expect(addLocalItem(item({ listingId: 'LAMP1' }))).toBe('memory');
      expect(localCartPlace()).toBe('memory');
      expect(readLocalCart().map((l) => l.listingId)).toEqual(['LAMP1']);
      expect(addLocalItem(item({ listingId: 'LAMP1' }))).toBe('memory');
      expect(readLocalCart()[0]?.quantity).toBe(2);
    });
    // Storage works again: the next change is saved there and memory is let go.
    expect(addLocalItem(item({ listingId: 'LAMP1' }))).toBe('saved');
    expect(localCartPlace()).toBe('local');
    expect(readLocalCart()[0]?.quantity).toBe(3);
  });

  it('reads storage that is blocked altogether as empty and keeps the cart in memory', () => {
    withStorage({ localStorage: 'blocked', sessionStorage: 'blocked' }, () => {
      expect(readLocalCart()).toEqual([]);
      expect(addLocalItem(item())).toBe('memory');
      expect(readLocalCart()).toHaveLength(1);
    });
  });

  it("refuses a 51st item ('Cart Full') and a cart over 1 MB ('Cart Too Large'), saving nothing", () => {
    for (let i = 0; i < 50; i++) expect(addLocalItem(item({ listingId: `L${i}` }))).toBe('saved');
    expect(addLocalItem(item({ listingId: 'L50' }))).toBe('full');
    expect(readLocalCart()).toHaveLength(50);
    // A listing already in the cart may still go up.
    expect(addLocalItem(item({ listingId: 'L0' }))).toBe('saved');

    clearLocalCart();
    const before = localStorage.getItem(CART_STORAGE_KEY);
    expect(addLocalItem(item({ title: 'x'.repeat(CART_MAX_BYTES) }))).toBe('too_large');
    expect(localStorage.getItem(CART_STORAGE_KEY)).toBe(before);
    expect(readLocalCart()).toEqual([]);
  });

  it('drops stored lines it cannot read', () => {
    addLocalItem(item());
    const [good] = readLocalCart();
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([{ listingId: 'X' }, 'junk', good]));
    expect(readLocalCart().map((l) => l.listingId)).toEqual(['DESK1']);
    localStorage.setItem(CART_STORAGE_KEY, '{not json');
    expect(readLocalCart()).toEqual([]);
  });

  it('totals lines as the server does: (price + flat shipping) x quantity, free and pickup ship for 0', () => {
    addLocalItem(item({ shippingType: 'flat', shippingCostCents: 500 }));
    addLocalItem(item({ shippingType: 'flat', shippingCostCents: 500 }));
    addLocalItem(item({ listingId: 'PICK1', shippingType: 'local', isLocalPickup: true, priceCents: 1000 }));
    const view = localCartView(readLocalCart());
    expect(view.items.map((l) => l.lineTotalCents)).toEqual([6000, 1000]);
    expect(view).toMatchObject({ count: 3, itemsCents: 6000, shippingCents: 1000, totalCents: 7000 });
  });
});

describe('moving the signed-out cart to the account after sign-in', () => {
  function desktop() {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1280 });
  }

  function server(mergeAnswer: (req: ApiRequest) => { status?: number; body: unknown }) {
    return sessionRoutes(
      () => user(),
      (req) => {
        if (req.url.pathname === '/api/listings') return { body: page([]) };
        if (req.url.pathname === '/api/wallet/balances') return { body: balances([]) };
        if (req.url.pathname === '/api/me/wishlist') return { body: { items: [], count: 0 } };
        if (req.url.pathname === '/api/me/notifications/summary') return { body: { unreadCount: 0, latest: [] } };
        if (req.url.pathname === '/api/me/cart') return { body: serverCart([]) };
        if (req.url.pathname === '/api/me/cart/merge') return mergeAnswer(req);
        return undefined;
      },
    );
  }

  it("merges the local lines about 200 ms after sign-in, clears the local copies and says 'Cart Synced'", async () => {
    desktop();
    addLocalItem(item());
    addLocalItem(item());
    addLocalItem(item({ listingId: 'LAMP1', title: 'Lamp' }));
    saveSession();
    const merged = serverCart([cartLine({ quantity: 2 }), cartLine({ listingId: 'LAMP1', title: 'Lamp' })]);
    const api = stubApi(server(() => ({ body: { cart: merged, moved: 2, skipped: [] } })));
    renderRoutes(routes, '/');
    expect(await screen.findByText('Cart Synced', {}, { timeout: 3000 })).toBeTruthy();
    expect(screen.getByText('2 items moved to your account.')).toBeTruthy();
    const [merge] = api.find('POST', '/api/me/cart/merge');
    expect(merge?.body).toEqual({
      items: [
        { listingId: 'DESK1', quantity: 2 },
        { listingId: 'LAMP1', quantity: 1 },
      ],
    });
    expect(merge?.token).toBeTruthy();
    expect(localStorage.getItem(CART_STORAGE_KEY)).toBeNull();
    expect(readLocalCart()).toEqual([]);
    const cart = await within(screen.getByRole('banner')).findByRole('link', { name: 'Cart, 3 items' });
    expect(within(cart).getByText('3')).toBeTruthy();
  });

  it('only logs a failed migration and keeps the local cart for the next time', async () => {
    desktop();
    addLocalItem(item());
    saveSession();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const api = stubApi(server(() => ({ status: 500, body: { error: { code: 'internal', message: 'Boom' } } })));
    renderRoutes(routes, '/');
    await waitFor(() => expect(api.find('POST', '/api/me/cart/merge')).toHaveLength(1), { timeout: 3000 });
    await waitFor(() => expect(warn).toHaveBeenCalledWith('Moving the cart to your account failed', expect.anything()));
    expect(screen.queryByText('Cart Synced')).toBeNull();
    expect(readLocalCart()).toHaveLength(1);
  });

  it('sends nothing when the signed-out cart is empty', async () => {
    desktop();
    saveSession();
    const api = stubApi(server(() => ({ body: {} })));
    renderRoutes(routes, '/');
    expect(await within(screen.getByRole('banner')).findByRole('link', { name: 'Cart, 0 items' })).toBeTruthy();
    await new Promise((r) => setTimeout(r, 400));
    expect(api.find('POST', '/api/me/cart/merge')).toHaveLength(0);
  });
});
