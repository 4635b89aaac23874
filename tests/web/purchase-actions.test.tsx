import './support/setup';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ListingDetail } from '../../shared/api/listings';
import type { Order } from '../../shared/api/orders';
import type { Profile } from '../../shared/api/profile';
import { routes } from '../../web/src/app/router';
import { clearLocalCart, readLocalCart } from '../../web/src/domains/cart/local-cart';
import {
  balances,
  saveSession,
  sessionRoutes,
  stubApi,
  user,
  type ApiAnswer,
  type ApiRequest,
} from './support/api-stub';
import { cartLine, funded, order, profile, serverCart } from './support/cart-fixture';
import { listingDetail, page } from './support/listing-fixture';
import { renderRoutes } from './support/render';

const telescope = listingDetail({
  id: 'L1',
  title: 'Brass Telescope',
  priceCents: 12_500,
  seller: { id: 'S1', username: 'alice' },
  quantity: 3,
  quantityAvailable: 3,
});
const main = () => within(screen.getByRole('main'));
const buyNow = () => main().findByRole('button', { name: 'Buy Now' });

beforeEach(() => {
  clearLocalCart();
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1280 });
});

function signedOut(detail: ListingDetail = telescope) {
  return stubApi((req) => {
    if (req.url.pathname === `/api/listings/${detail.id}`) return { body: detail };
    if (req.url.pathname === '/api/listings') return { body: page([]) };
    return undefined;
  });
}

interface Setup {
  detail?: ListingDetail;
  me?: Profile | { status: number };
  rlusdCents?: number;
  orders?: ReturnType<typeof order>[];
  /** Listing ids saved in the wishlist (DELETE removes). */
  saved?: string[];
  put?: (req: ApiRequest) => ApiAnswer | undefined;
}

/** Signed in as alice_1 (01JUSER) on the item page; the cart's PUT answers like the server unless `put` says otherwise. */
function signedIn({
  detail = telescope,
  me = profile(),
  rlusdCents = 100_000,
  orders = [],
  saved = [],
  put,
}: Setup = {}) {
  saveSession();
  let cart = serverCart([]);
  let wishlist = [...saved];
  return stubApi(
    sessionRoutes(
      () => user(),
      (req) => {
        const path = req.url.pathname;
        if (path === `/api/listings/${detail.id}`) return { body: detail };
        if (path === '/api/listings') return { body: page([]) };
        if (path === '/api/me/profile') return 'status' in me ? { status: me.status, body: {} } : { body: me };
        if (path === '/api/wallet/balances') {
          return {
            body: balances([{ currency: 'RLUSD', value: String(rlusdCents / 100), cents: rlusdCents }]),
          };
        }
        if (path === '/api/me/notifications/summary') return { body: { unreadCount: 0, latest: [] } };
        if (path === '/api/me/wishlist') {
          const items = wishlist.map((listingId) => ({
            listingId,
            addedAt: '2026-01-01T00:00:00.000Z',
            listing: null,
          }));
          return { body: { items, count: items.length } };
        }
        const unsave = /^\/api\/me\/wishlist\/(\w+)$/.exec(path)?.[1];
        if (unsave && req.method === 'DELETE') {
          wishlist = wishlist.filter((id) => id !== unsave);
          return { body: { listingId: unsave, removed: true, count: wishlist.length } };
        }
        if (path === '/api/me/orders') {
          // The server's listingId filter: only orders with a line of that listing.
          const listingId = req.url.searchParams.get('listingId');
          const items = listingId ? orders.filter((o) => o.lines.some((l) => l.listingId === listingId)) : orders;
          return { body: { items, nextCursor: null } };
        }
        if (path === '/api/me/cart' && req.method === 'GET') return { body: cart };
        if (path === `/api/me/cart/items/${detail.id}` && req.method === 'PUT') {
          const refused = put?.(req);
          if (refused) return refused;
          const quantity = (req.body as { quantity: number }).quantity;
          cart = serverCart([cartLine({ listingId: detail.id, title: detail.title, quantity })]);
          return { body: cart };
        }
        return undefined;
      },
    ),
  );
}

describe('Buy Now and Add to Cart signed out', () => {
  it("keeps the item in this browser's cart ('Added to Cart') and counts it in the header", async () => {
    const api = signedOut();
    renderRoutes(routes, '/item/L1');
    fireEvent.click(await main().findByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByText('Added to Cart')).toBeTruthy();
    expect(screen.getByText('Brass Telescope has been added to your cart.')).toBeTruthy();
    expect(readLocalCart()).toMatchObject([
      { listingId: 'L1', title: 'Brass Telescope', priceCents: 12_500, sellerName: 'alice', quantity: 1 },
    ]);
    expect(await within(screen.getByRole('banner')).findByRole('link', { name: 'Cart, 1 item' })).toBeTruthy();
    expect(api.requests.filter((r) => r.url.pathname.startsWith('/api/me'))).toEqual([]);
  });

  it('asks for a wallet on Buy Now: Authentication Required and the Connect Wallet dialog', async () => {
    signedOut();
    renderRoutes(routes, '/item/L1');
    fireEvent.click(await buyNow());
    expect(await screen.findByText('Authentication Required')).toBeTruthy();
    expect(screen.getByText('Please connect your wallet to buy this item')).toBeTruthy();
    expect(await screen.findByRole('dialog', { name: 'Connect Your Wallet' })).toBeTruthy();
  });

  it('opens the Connect Wallet dialog over the home page at /login', async () => {
    signedOut();
    renderRoutes(routes, '/login');
    expect(await screen.findByRole('dialog', { name: 'Connect Your Wallet' }, { timeout: 3000 })).toBeTruthy();
    // The home page under it (hidden from assistive technology while the modal dialog is open).
    expect(screen.getByRole('heading', { name: 'Hot Auctions', hidden: true })).toBeTruthy();
  });

  it("hides both when there is no price to buy at; an auction's buy-it-now price counts until the first bid", async () => {
    const auction = { listingType: 'auction' as const, priceCents: null, startingBidCents: 1_000 };
    signedOut(listingDetail({ id: 'L2', title: 'Clock', ...auction, buyItNowPriceCents: null }));
    const first = renderRoutes(routes, '/item/L2');
    expect(await main().findByRole('heading', { name: 'Clock', level: 1 })).toBeTruthy();
    expect(main().queryByRole('button', { name: 'Buy Now' })).toBeNull();
    expect(main().queryByRole('button', { name: 'Add to Cart' })).toBeNull();
    first.unmount();

    signedOut(listingDetail({ id: 'L3', title: 'Vase', ...auction, buyItNowPriceCents: 5_000, bidCount: 0 }));
    const second = renderRoutes(routes, '/item/L3');
    expect(await buyNow()).toBeTruthy();
    second.unmount();

    signedOut(listingDetail({ id: 'L4', title: 'Jug', ...auction, buyItNowPriceCents: 5_000, bidCount: 2 }));
    renderRoutes(routes, '/item/L4');
    expect(await main().findByRole('heading', { name: 'Jug', level: 1 })).toBeTruthy();
    expect(main().queryByRole('button', { name: 'Buy Now' })).toBeNull();
  });
});

describe('Buy Now and Add to Cart signed in (spec part 1 rules and toasts)', () => {
  it("needs a complete profile with a shipping address: 'Complete Profile First' and the toast", async () => {
    signedIn({ me: profile({ address: null }) });
    renderRoutes(routes, '/item/L1');
    const add = await main().findByRole('button', { name: 'Complete Profile First' });
    expect((await buyNow()).hasAttribute('disabled')).toBe(true);
    fireEvent.click(add);
    expect(await screen.findByText('Complete Your Profile')).toBeTruthy();
    expect(
      screen.getAllByText('Please complete your profile including shipping address before adding items to cart.', {
        exact: false,
      }).length,
    ).toBeGreaterThanOrEqual(2);
    expect(main().getByRole('link', { name: 'Go to Profile Settings' }).getAttribute('href')).toBe('/settings');
  });

  it('counts a profile that cannot be read as incomplete', async () => {
    signedIn({ me: { status: 500 } });
    renderRoutes(routes, '/item/L1');
    expect(await main().findByRole('button', { name: 'Complete Profile First' })).toBeTruthy();
  });

  it("disables both on the user's own listing: 'Cannot Purchase Own Item'", async () => {
    signedIn({ detail: { ...telescope, seller: { id: '01JUSER', username: 'alice_1' } } });
    renderRoutes(routes, '/item/L1');
    expect(await main().findByText('Cannot Purchase Own Item')).toBeTruthy();
    expect(main().getByText('You cannot buy your own listing.')).toBeTruthy();
    expect((await buyNow()).hasAttribute('disabled')).toBe(true);
    expect(main().getByRole('button', { name: 'Add to Cart' }).hasAttribute('disabled')).toBe(true);
  });

  it("disables Buy Now when the RLUSD balance is below the price: 'Insufficient Balance'", async () => {
    signedIn({ rlusdCents: 500 });
    renderRoutes(routes, '/item/L1');
    expect(await main().findByText('You need $125.00 but only have $5.00 available.')).toBeTruthy();
    expect(main().getByText('Insufficient Balance')).toBeTruthy();
    expect((await buyNow()).hasAttribute('disabled')).toBe(true);
    expect(main().getByRole('button', { name: 'Add to Cart' }).hasAttribute('disabled')).toBe(false);
  });

  it('adds to the account cart; adding again raises the quantity by 1', async () => {
    const api = signedIn();
    renderRoutes(routes, '/item/L1');
    const add = await main().findByRole('button', { name: 'Add to Cart' });
    await waitFor(() => expect(add.hasAttribute('disabled')).toBe(false));
    fireEvent.click(add);
    expect(await screen.findByText('Brass Telescope has been added to your cart.')).toBeTruthy();
    expect(await within(screen.getByRole('banner')).findByRole('link', { name: 'Cart, 1 item' })).toBeTruthy();
    fireEvent.click(await main().findByRole('button', { name: 'Add to Cart' }));
    await waitFor(() => expect(api.find('PUT', '/api/me/cart/items/L1')).toHaveLength(2));
    expect(api.find('PUT', '/api/me/cart/items/L1').map((r) => r.body)).toEqual([{ quantity: 1 }, { quantity: 2 }]);
    expect(await within(screen.getByRole('banner')).findByRole('link', { name: 'Cart, 2 items' })).toBeTruthy();
  });

  it('Buy Now puts one unit in the account cart and goes to /checkout', async () => {
    const api = signedIn();
    const { router } = renderRoutes(routes, '/item/L1');
    const buy = await buyNow();
    await waitFor(() => expect(buy.hasAttribute('disabled')).toBe(false));
    fireEvent.click(buy);
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout'));
    expect(api.find('PUT', '/api/me/cart/items/L1')[0]?.body).toEqual({ quantity: 1 });
  });

  it.each([
    {
      code: 'own_listing',
      status: 403,
      title: 'Cannot Purchase Own Item',
      description: 'You cannot buy your own listing.',
    },
    {
      code: 'no_price',
      status: 409,
      title: 'Price Not Available',
      description: "This item doesn't have a buy now price.",
    },
    { code: 'cart_full', status: 409, title: 'Cart Full', description: 'Maximum 50 items allowed in cart.' },
    { code: 'unavailable', status: 409, title: 'Error', description: 'This item is no longer available.' },
    { code: 'internal', status: 500, title: 'Error', description: 'Failed to add item to cart. Please try again.' },
  ])("maps the server's $code to '$title'", async ({ code, status, title, description }) => {
    signedIn({
      put: () => ({ status, body: { error: { code, message: 'This item is no longer available.' } } }),
    });
    renderRoutes(routes, '/item/L1');
    const add = await main().findByRole('button', { name: 'Add to Cart' });
    await waitFor(() => expect(add.hasAttribute('disabled')).toBe(false));
    fireEvent.click(add);
    expect(await screen.findByText(description)).toBeTruthy();
    expect(screen.getByText(title)).toBeTruthy();
  });
});

describe('escrow panel on /item/{id} (spec part 2 "Escrow status")', () => {
  it('tells the buyer of a funded order that the seller has to ship, or to confirm a local pickup', async () => {
    const shipped = funded(order({ lines: [{ ...order().lines[0]!, listingId: 'L1', title: 'Brass Telescope' }] }));
    const api = signedIn({ orders: [shipped] });
    const view = renderRoutes(routes, '/item/L1');
    const panel = await main().findByRole('region', { name: 'Escrow' });
    expect(within(panel).getByText('Waiting for seller to ship item and provide tracking')).toBeTruthy();
    expect(within(panel).getByText('$25.00 RLUSD')).toBeTruthy();
    // The server picks this listing's purchases (among the newest 100, no paging): one read, filtered there.
    const reads = api.find('GET', '/api/me/orders');
    expect(reads).toHaveLength(1);
    expect(reads[0]?.url.searchParams.get('role')).toBe('buyer');
    expect(reads[0]?.url.searchParams.get('listingId')).toBe('L1');
    expect(reads[0]?.url.searchParams.has('cursor')).toBe(false);
    view.unmount();

    signedIn({ orders: [{ ...shipped, isLocalPickup: true }] });
    renderRoutes(routes, '/item/L1');
    expect(await main().findByText('Waiting for seller to confirm local pickup completion')).toBeTruthy();
  });

  it('tells the buyer of a delivered order when the funds go to the seller (the inspection period)', async () => {
    const line = { ...order().lines[0]!, listingId: 'L1', title: 'Brass Telescope' };
    const delivered: Order = {
      ...funded(order({ lines: [line] })),
      status: 'delivered',
      shippingStatus: 'delivered',
      releaseDueAt: '2026-01-05T15:00:00.000Z',
    };
    signedIn({ orders: [delivered] });
    renderRoutes(routes, '/item/L1');
    const panel = await main().findByRole('region', { name: 'Escrow' });
    expect(within(panel).getByText('Delivered – funds release to the seller on Jan 5, 2026')).toBeTruthy();
  });

  it('shows nothing for orders of other listings or not funded yet', async () => {
    signedIn({ orders: [funded(order()), order({ lines: [{ ...order().lines[0]!, listingId: 'L1' }] })] });
    renderRoutes(routes, '/item/L1');
    expect(await buyNow()).toBeTruthy();
    await new Promise((r) => setTimeout(r, 50));
    expect(main().queryByRole('region', { name: 'Escrow' })).toBeNull();
  });
});

describe("a sold listing on /item/{id} (status 'sold')", () => {
  const sold = listingDetail({
    ...telescope,
    quantity: 1,
    quantityAvailable: 0,
    status: 'sold',
  });
  const forSale = () => main().queryByRole('button', { name: /Buy Now|Add to Cart|Offer|Bid/ });

  it("is marked Sold with no buying controls and no wishlist add, and its buyer's escrow panel stays", async () => {
    const mine = funded(order({ lines: [{ ...order().lines[0]!, listingId: 'L1', title: 'Brass Telescope' }] }));
    signedIn({ detail: sold, orders: [mine] });
    renderRoutes(routes, '/item/L1');
    expect(await main().findByRole('heading', { name: 'Brass Telescope', level: 1 })).toBeTruthy();
    expect(main().getByText('Sold', { selector: '.badge' })).toBeTruthy();
    const notice = main().getByRole('region', { name: 'Sold' });
    expect(within(notice).getByText('This item has sold and is no longer available.')).toBeTruthy();
    expect(main().getByText('None (1 sold)')).toBeTruthy();
    const panel = await main().findByRole('region', { name: 'Escrow' });
    expect(within(panel).getByText('Waiting for seller to ship item and provide tracking')).toBeTruthy();
    expect(forSale()).toBeNull();
    expect(main().queryByRole('region', { name: 'Buy this item' })).toBeNull();
    expect(main().queryByRole('button', { name: /wishlist/ })).toBeNull();
  });

  it('still lets a user who saved it remove it from the wishlist', async () => {
    const api = signedIn({ detail: sold, saved: ['L1'] });
    renderRoutes(routes, '/item/L1');
    const heart = await main().findByRole('button', { name: 'Remove from wishlist: Brass Telescope' });
    expect(heart.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(heart);
    expect(await screen.findByText('Removed from Wishlist')).toBeTruthy();
    expect(api.find('DELETE', '/api/me/wishlist/L1')).toHaveLength(1);
    await waitFor(() => expect(main().queryByRole('button', { name: /wishlist/ })).toBeNull());
    expect(api.find('PUT', '/api/me/wishlist/L1')).toHaveLength(0);
  });

  it('shows a visitor the same: Sold, nothing to buy or save', async () => {
    signedOut(sold);
    renderRoutes(routes, '/item/L1');
    expect(await main().findByRole('region', { name: 'Sold' })).toBeTruthy();
    expect(forSale()).toBeNull();
    expect(main().queryByRole('button', { name: /wishlist/ })).toBeNull();
  });

  it('a sold auction shows no time left', async () => {
    signedOut(
      listingDetail({
        ...sold,
        listingType: 'auction',
        priceCents: null,
        startingBidCents: 1_000,
        currentBidCents: 5_000,
        bidCount: 3,
        endsAt: new Date(Date.now() + 3_600_000).toISOString(),
      }),
    );
    renderRoutes(routes, '/item/L1');
    expect(await main().findByRole('region', { name: 'Sold' })).toBeTruthy();
    expect(main().queryByText('Time left')).toBeNull();
    expect(forSale()).toBeNull();
  });
});
