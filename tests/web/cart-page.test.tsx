import './support/setup';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Cart } from '../../shared/api/cart';
import { routes } from '../../web/src/app/router';
import { estimatedDelivery } from '../../web/src/features/cart/routes/cart-page';
import { addLocalItem, clearLocalCart, readLocalCart, type LocalCartItem } from '../../web/src/domains/cart/local-cart';
import {
  balances,
  saveSession,
  sessionRoutes,
  stubApi,
  user,
  type ApiAnswer,
  type ApiRequest,
} from './support/api-stub';
import { cartLine, serverCart } from './support/cart-fixture';
import { listing, myBid, page } from './support/listing-fixture';
import { renderRoutes } from './support/render';

function desktop() {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1280 });
}

const main = () => within(screen.getByRole('main'));

function localItem(overrides: Partial<LocalCartItem> = {}): LocalCartItem {
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
    shippingCostCents: 500,
    shippingType: 'flat',
    available: 5,
    ...overrides,
  };
}

/** A signed-in user's server cart in memory, answering the cart routes like the server (PUT sets, DELETE removes). */
function cartServer(initial: Cart, refuse?: (req: ApiRequest) => ApiAnswer | undefined) {
  let cart = initial;
  const route = (req: ApiRequest): ApiAnswer | undefined => {
    const refused = refuse?.(req);
    if (refused) return refused;
    const id = /^\/api\/me\/cart\/items\/(\w+)$/.exec(req.url.pathname)?.[1];
    if (req.url.pathname === '/api/me/cart' && req.method === 'GET') return { body: cart };
    if (req.url.pathname === '/api/me/cart' && req.method === 'DELETE') return { body: (cart = serverCart([])) };
    if (id && req.method === 'PUT') {
      const quantity = (req.body as { quantity: number }).quantity;
      cart = serverCart(cart.items.map((l) => (l.listingId === id ? cartLine({ ...l, quantity }) : l)));
      return { body: cart };
    }
    if (id && req.method === 'DELETE')
      return { body: (cart = serverCart(cart.items.filter((l) => l.listingId !== id))) };
    return undefined;
  };
  return route;
}

function signedIn(rest: (req: ApiRequest) => ApiAnswer | undefined) {
  saveSession();
  return stubApi(
    sessionRoutes(
      () => user(),
      (req) => {
        if (req.url.pathname === '/api/wallet/balances') return { body: balances([]) };
        if (req.url.pathname === '/api/me/notifications/summary') return { body: { unreadCount: 0, latest: [] } };
        if (req.url.pathname === '/api/listings') return { body: page([]) };
        // No bids and no won auctions to pay unless a test answers them.
        const answer = rest(req);
        if (answer !== undefined) return answer;
        if (req.url.pathname === '/api/me/bids') return { body: { items: [], nextCursor: null } };
        if (req.url.pathname === '/api/me/orders/awaiting-payment') return { body: { items: [] } };
        return answer;
      },
    ),
  );
}

beforeEach(() => {
  clearLocalCart();
  desktop();
});

describe('/cart signed out (the cart kept in this browser)', () => {
  it('shows each line with seller, shipping type, pickup marker, quantity and line total, the totals and the links', async () => {
    addLocalItem(localItem());
    addLocalItem(localItem());
    addLocalItem(
      localItem({
        listingId: 'LAMP1',
        title: 'Brass Lamp',
        sellerName: 'bob',
        priceCents: 1000,
        shippingType: 'local',
        isLocalPickup: true,
        shippingCostCents: 0,
      }),
    );
    stubApi(() => undefined);
    renderRoutes(routes, '/cart');
    const lines = await main().findByRole('list', { name: 'Items in your cart' });
    const desk = within(within(lines).getByRole('article', { name: 'Oak Desk' }));
    expect(desk.getByText('alice')).toBeTruthy();
    expect(desk.getByText('Flat Rate: $5.00 each')).toBeTruthy();
    expect(desk.getByText('$60.00')).toBeTruthy();
    expect((desk.getByRole('spinbutton', { name: 'Quantity of Oak Desk' }) as HTMLInputElement).value).toBe('2');
    const lamp = within(within(lines).getByRole('article', { name: 'Brass Lamp' }));
    expect(lamp.getByText('Local Pickup')).toBeTruthy();
    expect(lamp.getByText(/Pick up in Austin, TX/)).toBeTruthy();

    const summary = within(main().getByRole('complementary', { name: 'Order Summary' }));
    expect(summary.getByText('Items (3 units)')).toBeTruthy();
    expect(summary.getByText('$60.00')).toBeTruthy();
    expect(summary.getByText('$10.00')).toBeTruthy();
    expect(summary.getByText('$70.00')).toBeTruthy();
    expect(summary.getByText(estimatedDelivery(new Date()))).toBeTruthy();
    expect(summary.getByRole('link', { name: 'Proceed to Checkout' }).getAttribute('href')).toBe('/checkout');
    expect(summary.getByRole('link', { name: 'Browse Marketplace' }).getAttribute('href')).toBe('/marketplace');
    expect(main().getByRole('tab', { name: 'Cart (3)' }).getAttribute('aria-selected')).toBe('true');
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Cart, 3 items' })).toBeTruthy();
  });

  it('changes quantities (0 removes), removes and clears, with the spec toasts', async () => {
    addLocalItem(localItem());
    addLocalItem(localItem({ listingId: 'LAMP1', title: 'Brass Lamp' }));
    stubApi(() => undefined);
    renderRoutes(routes, '/cart');
    fireEvent.click(await main().findByRole('button', { name: 'Increase quantity of Oak Desk' }));
    await waitFor(() => expect(readLocalCart()[0]?.quantity).toBe(2));
    const field = main().getByRole('spinbutton', { name: 'Quantity of Oak Desk' });
    fireEvent.change(field, { target: { value: '0' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(await screen.findByText('Item removed from cart.')).toBeTruthy();
    expect(readLocalCart().map((l) => l.listingId)).toEqual(['LAMP1']);

    fireEvent.click(main().getByRole('button', { name: 'Clear Cart' }));
    expect(await screen.findByText('Cart Cleared')).toBeTruthy();
    expect(screen.getByText('All items removed from cart.')).toBeTruthy();
    expect(await main().findByText('Your cart is empty')).toBeTruthy();
    expect(main().getByRole('link', { name: 'Browse Marketplace' }).getAttribute('href')).toBe('/marketplace');
  });

  it('has Active Bids and Wishlist tabs asking a visitor for a wallet', async () => {
    const api = stubApi(() => undefined);
    renderRoutes(routes, '/cart');
    const bids = await main().findByRole('tab', { name: 'Active Bids (0)' });
    fireEvent.click(bids);
    expect(await main().findByText('Connect your wallet to see your bids')).toBeTruthy();
    expect(api.find('GET', '/api/me/bids')).toEqual([]);
    // Arrow keys move between tabs.
    fireEvent.keyDown(main().getByRole('tab', { name: 'Active Bids (0)' }), { key: 'ArrowRight' });
    expect(main().getByRole('tab', { name: 'Wishlist' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.click(main().getByRole('button', { name: 'Connect Wallet' }));
    expect(await screen.findByRole('dialog', { name: 'Connect Your Wallet' })).toBeTruthy();
  });
});

describe('/cart signed in (the account cart, priced by the server)', () => {
  it("shows the server's prices and marks unavailable and reduced lines, which block checkout", async () => {
    const cart = serverCart([
      cartLine({ unitPriceCents: 3000 }),
      cartLine({ listingId: 'GONE1', title: 'Old Chair', status: 'unavailable', available: 0 }),
      cartLine({ listingId: 'LAMP1', title: 'Brass Lamp', quantity: 3, available: 2, status: 'reduced' }),
    ]);
    signedIn(cartServer(cart));
    renderRoutes(routes, '/cart');
    const lines = await main().findByRole('list', { name: 'Items in your cart' });
    expect(within(lines).getByText('$30.00 each')).toBeTruthy();
    expect(within(lines).getByText('This item is no longer available. Remove it to continue.')).toBeTruthy();
    expect(within(lines).getByText('Only 2 units are available. Lower the quantity to continue.')).toBeTruthy();
    expect(main().queryByRole('link', { name: 'Proceed to Checkout' })).toBeNull();
    expect(main().getByRole('button', { name: 'Proceed to Checkout' }).hasAttribute('disabled')).toBe(true);
    expect(main().getByText('Update or remove the items marked above to continue.')).toBeTruthy();
  });

  it('sets quantities and removes lines on the server, and shows its refusals', async () => {
    const api = signedIn(
      cartServer(serverCart([cartLine({ quantity: 1, available: 2 })]), (req) =>
        req.method === 'PUT' && (req.body as { quantity: number }).quantity > 2
          ? { status: 409, body: { error: { code: 'quantity_unavailable', message: 'Only 2 units are available.' } } }
          : undefined,
      ),
    );
    renderRoutes(routes, '/cart');
    fireEvent.click(await main().findByRole('button', { name: 'Increase quantity of Oak Desk' }));
    await waitFor(() => expect(api.find('PUT', '/api/me/cart/items/DESK1')[0]?.body).toEqual({ quantity: 2 }));
    expect(await within(screen.getByRole('banner')).findByRole('link', { name: 'Cart, 2 items' })).toBeTruthy();

    const field = main().getByRole('spinbutton', { name: 'Quantity of Oak Desk' });
    fireEvent.change(field, { target: { value: '7' } });
    fireEvent.blur(field);
    // The field never offers more than is left.
    await waitFor(() => expect((field as HTMLInputElement).value).toBe('2'));

    fireEvent.click(main().getByRole('button', { name: 'Remove Oak Desk' }));
    expect(await screen.findByText('Removed')).toBeTruthy();
    expect(api.find('DELETE', '/api/me/cart/items/DESK1')).toHaveLength(1);
    expect(await main().findByText('Your cart is empty')).toBeTruthy();
  });

  it("shows the server's message when a quantity is refused", async () => {
    signedIn(
      cartServer(serverCart([cartLine({ quantity: 1, available: 3 })]), (req) =>
        req.method === 'PUT'
          ? { status: 409, body: { error: { code: 'quantity_unavailable', message: 'Only 1 unit is available.' } } }
          : undefined,
      ),
    );
    renderRoutes(routes, '/cart');
    fireEvent.click(await main().findByRole('button', { name: 'Increase quantity of Oak Desk' }));
    expect(await screen.findByText('Only 1 unit is available.')).toBeTruthy();
    expect(screen.getByText('Error')).toBeTruthy();
  });

  it("says 'Failed to remove item from cart.' when the server fails", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    signedIn(
      cartServer(serverCart([cartLine()]), (req) =>
        req.method === 'DELETE' ? { status: 500, body: { error: { code: 'internal', message: 'x' } } } : undefined,
      ),
    );
    renderRoutes(routes, '/cart');
    fireEvent.click(await main().findByRole('button', { name: 'Remove Oak Desk' }));
    expect(await screen.findByText('Failed to remove item from cart.')).toBeTruthy();
  });

  it('shows the cart kept in this browser when the account cart cannot be read', async () => {
    addLocalItem(localItem({ title: 'Local Desk' }));
    const answer = vi.fn(() => ({ status: 503, body: { error: { code: 'unavailable', message: 'Down' } } }));
    signedIn((req) => {
      if (req.url.pathname === '/api/me/cart') return answer();
      if (req.url.pathname === '/api/me/cart/merge')
        return { status: 503, body: { error: { code: 'x', message: 'y' } } };
      return undefined;
    });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderRoutes(routes, '/cart');
    expect(await main().findByText(/could not be loaded. Showing the cart saved in this browser/)).toBeTruthy();
    expect(main().getByRole('article', { name: 'Local Desk' })).toBeTruthy();
    fireEvent.click(main().getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(answer.mock.calls.length).toBeGreaterThanOrEqual(2));
  });

  it('shows the first 3 wishlist items and View All', async () => {
    const items = [1, 2, 3, 4].map((n) => ({
      listingId: `W${n}`,
      addedAt: '2026-01-01T00:00:00Z',
      listing: {
        ...listing({ id: `W${n}`, title: `Saved ${n}` }),
        status: n === 2 ? ('sold' as const) : ('active' as const),
      },
    }));
    signedIn((req) =>
      req.url.pathname === '/api/me/wishlist'
        ? { body: { items, count: 4 } }
        : req.url.pathname === '/api/me/cart'
          ? { body: serverCart([]) }
          : undefined,
    );
    renderRoutes(routes, '/cart?tab=wishlist');
    const list = await main().findByRole('list', { name: 'Saved items' });
    expect(
      within(list)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Saved 1', 'Saved 2', 'Saved 3']);
    // A sold listing says so instead of a price.
    expect(within(list).getAllByText('$25.00')).toHaveLength(2);
    expect(within(list).getByText('Sold')).toBeTruthy();
    expect(main().getByRole('link', { name: 'View All' }).getAttribute('href')).toBe('/wishlist');
  });
});

describe('/cart Active Bids signed in (spec part 2 "Cart page", decision 030)', () => {
  it('lists the auctions still running, with the count on the tab', async () => {
    const items = [
      myBid({ listingId: 'L1', title: 'Brass Lantern' }),
      myBid({ listingId: 'L2', title: 'Oak Clock', standing: 'outbid' }),
    ];
    const api = signedIn((req) =>
      req.url.pathname === '/api/me/bids'
        ? { body: { items, nextCursor: null } }
        : req.url.pathname === '/api/me/cart'
          ? { body: serverCart([]) }
          : undefined,
    );
    renderRoutes(routes, '/cart?tab=bids');
    const list = await main().findByRole('list', { name: 'Your active bids' });
    expect(main().getByRole('tab', { name: 'Active Bids (2)' }).getAttribute('aria-selected')).toBe('true');
    const clock = within(within(list).getByRole('article', { name: 'Bid: Oak Clock' }));
    expect(clock.getByText('Outbid')).toBeTruthy();
    expect(clock.getByRole('link', { name: 'Oak Clock' }).getAttribute('href')).toBe('/item/L2');
    // Only the running ones are asked for.
    expect(api.find('GET', '/api/me/bids').map((r) => r.url.searchParams.get('status'))).toEqual(['pending']);
  });

  it('says so when there is none', async () => {
    signedIn((req) => (req.url.pathname === '/api/me/cart' ? { body: serverCart([]) } : undefined));
    renderRoutes(routes, '/cart?tab=bids');
    expect(await main().findByText('No active bids')).toBeTruthy();
    expect(main().getByRole('tab', { name: 'Active Bids (0)' })).toBeTruthy();
    expect(main().getByRole('link', { name: 'Browse Marketplace' }).getAttribute('href')).toBe('/marketplace');
  });
});

describe('header cart button', () => {
  it("counts the sum of quantities and caps the badge at '99+'", async () => {
    signedIn(cartServer(serverCart([cartLine({ quantity: 60 }), cartLine({ listingId: 'LAMP1', quantity: 45 })])));
    renderRoutes(routes, '/marketplace');
    const cart = await within(screen.getByRole('banner')).findByRole('link', { name: 'Cart, 105 items' });
    expect(within(cart).getByText('99+')).toBeTruthy();
    expect(cart.getAttribute('href')).toBe('/cart');
  });

  it('estimates delivery 3 days from today', () => {
    expect(estimatedDelivery(new Date('2026-06-01T12:00:00'))).toBe('Thursday, June 4');
  });
});
