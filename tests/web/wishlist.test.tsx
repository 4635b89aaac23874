import './support/setup';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WishlistEntry, WishlistListing } from '../../shared/api/wishlist';
import type { ListingCard } from '../../shared/api/listings';
import { routes } from '../../web/src/app/router';
import { addedText } from '../../web/src/domains/wishlist/wishlist-card';
import { badgeCount } from '../../web/src/lib/badge';
import { cartLine, profile, serverCart } from './support/cart-fixture';
import { listing, page } from './support/listing-fixture';
import { renderRoutes } from './support/render';
import { inHours, saveSession, sessionRoutes, stubApi, user, type ApiRequest } from './support/api-stub';

const NOW = Date.parse('2026-06-01T12:00:00Z');
const desk = listing({ id: 'DESK1', title: 'Oak Desk' });
const saved = (l: ListingCard, status: WishlistListing['status'] = 'active'): WishlistListing => ({ ...l, status });
const entry = (l: WishlistListing | null, addedAt = new Date().toISOString(), listingId = l?.id ?? 'GONE1') => ({
  listingId,
  addedAt,
  listing: l,
});

/** A server wishlist in memory, answering the three wishlist routes. */
function wishlistServer(initial: WishlistEntry[] = []) {
  const items = [...initial];
  return (req: ApiRequest) => {
    const id = /^\/api\/me\/wishlist\/(\w+)$/.exec(req.url.pathname)?.[1];
    if (req.url.pathname === '/api/me/wishlist' && req.method === 'GET')
      return { body: { items, count: items.length } };
    if (id && req.method === 'PUT') {
      if (!items.some((i) => i.listingId === id))
        items.unshift({ listingId: id, addedAt: new Date().toISOString(), listing: saved(desk) });
      return { body: { listingId: id, added: true, count: items.length } };
    }
    if (id && req.method === 'DELETE') {
      const at = items.findIndex((i) => i.listingId === id);
      if (at >= 0) items.splice(at, 1);
      return { body: { listingId: id, removed: at >= 0, count: items.length } };
    }
    return undefined;
  };
}

function desktop() {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1280 });
}

describe('wishlist toggle on listing cards', () => {
  it('asks a signed-out visitor to connect a wallet', async () => {
    desktop();
    const api = stubApi((req) => (req.url.pathname === '/api/listings' ? { body: page([desk]) } : undefined));
    renderRoutes(routes, '/marketplace');
    fireEvent.click(await screen.findByRole('button', { name: 'Add to wishlist: Oak Desk' }));
    expect(await screen.findByText('Authentication Required')).toBeTruthy();
    expect(screen.getByText('Please connect your wallet to add items to your wishlist')).toBeTruthy();
    expect(api.find('PUT', '/api/me/wishlist/DESK1')).toHaveLength(0);
  });

  it('adds for a signed-in user, updates the header count at once, and removes again', async () => {
    desktop();
    saveSession();
    const server = wishlistServer();
    const api = stubApi(
      sessionRoutes(
        () => user(),
        (req) => (req.url.pathname === '/api/listings' ? { body: page([desk]) } : server(req)),
      ),
    );
    renderRoutes(routes, '/marketplace');
    expect(await screen.findByRole('link', { name: 'Wishlist, 0 items' })).toBeTruthy();
    const heart = await screen.findByRole('button', { name: 'Add to wishlist: Oak Desk' });
    expect(heart.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(heart);
    expect(await screen.findByText('Added to Wishlist')).toBeTruthy();
    expect(api.find('PUT', '/api/me/wishlist/DESK1')[0]?.token).toBeTruthy();
    const badge = await screen.findByRole('link', { name: 'Wishlist, 1 item' });
    expect(within(badge).getByText('1')).toBeTruthy();
    const pressed = await screen.findByRole('button', { name: 'Remove from wishlist: Oak Desk' });
    expect(pressed.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(pressed);
    expect(await screen.findByText('Removed from Wishlist')).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Wishlist, 0 items' })).toBeTruthy();
  });

  it("caps the badge at '99+'", () => {
    expect(badgeCount(99)).toBe('99');
    expect(badgeCount(100)).toBe('99+');
  });
});

describe('/wishlist', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Signed in as alice_1 with this wishlist, profile and cart; the cart's PUT adds one unit like the server. */
  function signedIn(items: WishlistEntry[], opts: { profileComplete?: boolean } = {}) {
    saveSession();
    const server = wishlistServer(items);
    return stubApi(
      sessionRoutes(
        () => user(),
        (req) => {
          if (req.url.pathname === '/api/me/profile') {
            return { body: profile(opts.profileComplete === false ? { address: null } : {}) };
          }
          if (req.url.pathname === '/api/me/cart' && req.method === 'GET') return { body: serverCart([]) };
          const put = /^\/api\/me\/cart\/items\/(\w+)$/.exec(req.url.pathname);
          if (put && req.method === 'PUT') return { body: serverCart([cartLine({ listingId: put[1], quantity: 1 })]) };
          return server(req);
        },
      ),
    );
  }

  const tiles = () =>
    within(screen.getByText('Items Saved').closest('dl')!)
      .getAllByRole('definition')
      .map((d) => d.textContent);

  it('offers a signed-out visitor the Connect Your Wallet prompt, which opens the dialog', async () => {
    desktop();
    const api = stubApi(() => undefined);
    renderRoutes(routes, '/wishlist');
    expect(await screen.findByText('Connect your wallet to see the items you have saved.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Connect Your Wallet' }));
    expect(await screen.findByRole('dialog', { name: 'Connect Your Wallet' })).toBeTruthy();
    expect(api.find('GET', '/api/me/wishlist')).toHaveLength(0);
  });

  it("shows 'Loading wishlist...' while the wishlist is read", async () => {
    desktop();
    saveSession();
    stubApi(
      sessionRoutes(
        () => user(),
        (req) => (req.url.pathname === '/api/me/wishlist' ? new Promise<never>(() => {}) : undefined),
      ),
    );
    renderRoutes(routes, '/wishlist');
    expect(await screen.findByText('Loading wishlist...')).toBeTruthy();
    expect(screen.queryByText('Items Saved')).toBeNull();
  });

  it("says 'Failed to load your wishlist' with Try Again, which reads it again", async () => {
    desktop();
    saveSession();
    let fail = true;
    stubApi(
      sessionRoutes(
        () => user(),
        (req) =>
          req.url.pathname !== '/api/me/wishlist'
            ? undefined
            : fail
              ? { status: 500, body: { error: { code: 'internal', message: 'x' } } }
              : { body: { items: [], count: 0 } },
      ),
    );
    renderRoutes(routes, '/wishlist');
    expect(await screen.findByText('Failed to load your wishlist')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Your wishlist is empty')).toBeTruthy();
    expect(tiles()).toEqual(['0', '0', '0']);
    expect(screen.getByRole('link', { name: 'Browse the Marketplace' }).getAttribute('href')).toBe('/marketplace');
  });

  it('counts the tiles: an auction ending exactly 24 hours from now is Ending Soon, a minute later is not', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    desktop();
    const at = (ms: number) => new Date(NOW + ms).toISOString();
    const auction = (id: string, endsInMs: number, status: WishlistListing['status'] = 'active') =>
      entry(
        saved(
          listing({
            id,
            title: id,
            listingType: 'auction',
            priceCents: null,
            startingBidCents: 1000,
            endsAt: at(endsInMs),
          }),
          status,
        ),
      );
    signedIn([
      auction('SOON', 24 * 3_600_000),
      auction('LATER', 24 * 3_600_000 + 60_000),
      auction('PAST', -1_000),
      auction('UNSOLD', 3_600_000, 'ended'),
      auction('WON', 3_600_000, 'sold'),
      entry(saved(desk)),
      entry(null),
    ]);
    renderRoutes(routes, '/wishlist');
    await screen.findByRole('list', { name: 'Saved listings' });
    expect(tiles()).toEqual(['7', '1', '2']);
    expect(within(screen.getByRole('article', { name: 'SOON' })).getByText('1d 0h left').tagName).toBe('TIME');
    expect(within(screen.getByRole('article', { name: 'LATER' })).getByText('1d 0h left')).toBeTruthy();
  });

  it('shows badges, price and added time, Sold and Ended for closed listings, and only Remove for a gone one', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    desktop();
    const camera = listing({
      id: 'CAM1',
      title: 'Camera',
      listingType: 'auction',
      condition: 'like_new',
      category: 'Photography',
      priceCents: null,
      startingBidCents: 5000,
      currentBidCents: 7500,
      bidCount: 2,
      endsAt: new Date(NOW + 3 * 3_600_000 + 20 * 60_000).toISOString(),
      featured: true,
    });
    signedIn([
      entry(saved(camera), new Date(NOW - 2 * 3_600_000).toISOString()),
      entry(saved(listing({ id: 'LAMP1', title: 'Lamp' }), 'sold'), '2026-05-30T12:00:00Z'),
      entry(saved(listing({ id: 'CLOCK1', title: 'Clock', listingType: 'auction', priceCents: null }), 'ended')),
      entry(null, '2026-01-01T00:00:00Z'),
    ]);
    renderRoutes(routes, '/wishlist');
    const list = await screen.findByRole('list', { name: 'Saved listings' });
    expect(
      within(list)
        .getAllByRole('article')
        .map((a) => a.getAttribute('aria-label')),
    ).toEqual(['Camera', 'Lamp', 'Clock', 'This listing is no longer available']);

    const cam = within(screen.getByRole('article', { name: 'Camera' }));
    expect(
      Array.from(cam.getByRole('list', { name: 'Details' }).querySelectorAll('li'), (li) => li.textContent),
    ).toEqual(['Featured', 'Auction', 'Like New', 'Photography', '3h 20m left']);
    expect(cam.getByText('$75.00')).toBeTruthy();
    expect(cam.getByText('Added 2h ago')).toBeTruthy();
    expect(cam.getByRole('link', { name: 'View Camera' }).getAttribute('href')).toBe('/item/CAM1');
    // An auction with bids has no price to buy at now: no Cart.
    expect(cam.queryByRole('button', { name: /cart/i })).toBeNull();

    const lamp = within(screen.getByRole('article', { name: 'Lamp' }));
    expect(lamp.getByText('Sold')).toBeTruthy();
    expect(lamp.queryByText('Featured')).toBeNull();
    expect(lamp.getByText('Buy Now')).toBeTruthy();
    expect(lamp.getByText('Added 2d ago')).toBeTruthy();
    expect(lamp.getByRole('link', { name: 'View Lamp' })).toBeTruthy();
    expect(lamp.queryByRole('button', { name: /cart/i })).toBeNull();

    const clock = within(screen.getByRole('article', { name: 'Clock' }));
    expect(clock.getByText('Ended')).toBeTruthy();
    expect(clock.queryByRole('button', { name: /cart/i })).toBeNull();

    const gone = within(screen.getByRole('article', { name: 'This listing is no longer available' }));
    expect(gone.queryByRole('link')).toBeNull();
    expect(gone.getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual([
      'Remove from wishlist: This listing is no longer available',
    ]);
  });

  it('removes listings one by one, and then shows the empty state', async () => {
    desktop();
    const api = signedIn([entry(saved(desk)), entry(null)]);
    renderRoutes(routes, '/wishlist');
    fireEvent.click(await screen.findByRole('button', { name: 'Remove from wishlist: Oak Desk' }));
    expect(await screen.findByText('Removed from Wishlist')).toBeTruthy();
    await waitFor(() => expect(tiles()).toEqual(['1', '0', '0']));
    fireEvent.click(screen.getByRole('button', { name: 'Remove from wishlist: This listing is no longer available' }));
    expect(await screen.findByText('Your wishlist is empty')).toBeTruthy();
    expect(api.find('DELETE', '/api/me/wishlist/DESK1')).toHaveLength(1);
    expect(api.find('DELETE', '/api/me/wishlist/GONE1')).toHaveLength(1);
  });

  it("puts a saved listing into the cart with Cart ('Added to Cart')", async () => {
    desktop();
    const api = signedIn([entry(saved(desk))]);
    renderRoutes(routes, '/wishlist');
    const cart = await screen.findByRole('button', { name: 'Add to cart: Oak Desk' });
    await waitFor(() => expect(cart.hasAttribute('disabled')).toBe(false));
    expect(cart.textContent).toBe('Cart');
    fireEvent.click(cart);
    expect(await screen.findByText('Oak Desk has been added to your cart.')).toBeTruthy();
    expect(api.find('PUT', '/api/me/cart/items/DESK1')[0]?.body).toEqual({ quantity: 1 });
  });

  it("reads 'Complete Profile First' and adds nothing while the profile has no shipping address", async () => {
    desktop();
    const api = signedIn([entry(saved(desk))], { profileComplete: false });
    renderRoutes(routes, '/wishlist');
    const cart = await screen.findByRole('button', { name: 'Complete Profile First: Oak Desk' });
    fireEvent.click(cart);
    expect(await screen.findByText('Complete Your Profile')).toBeTruthy();
    expect(api.find('PUT', '/api/me/cart/items/DESK1')).toHaveLength(0);
  });

  it("offers Cart for an auction's buy-it-now price before its first bid, never on the user's own listing", async () => {
    desktop();
    const bin = listing({
      id: 'BIN1',
      title: 'Drone',
      listingType: 'auction',
      priceCents: null,
      startingBidCents: 1000,
      buyItNowPriceCents: 9000,
      endsAt: inHours(48),
    });
    const mine = listing({ id: 'MINE1', title: 'My Chair', seller: { id: user().id, username: user().username } });
    signedIn([entry(saved(bin)), entry(saved(mine))]);
    renderRoutes(routes, '/wishlist');
    expect(await screen.findByRole('button', { name: 'Add to cart: Drone' })).toBeTruthy();
    const own = within(screen.getByRole('article', { name: 'My Chair' }));
    expect(own.getByRole('link', { name: 'View My Chair' })).toBeTruthy();
    expect(own.queryByRole('button', { name: /cart/i })).toBeNull();
  });

  it('writes added times', () => {
    expect(addedText('2026-06-01T11:59:30Z', NOW)).toBe('Added just now');
    expect(addedText('2026-06-01T11:15:00Z', NOW)).toBe('Added 45m ago');
    expect(addedText('2026-06-01T09:00:00Z', NOW)).toBe('Added 3h ago');
    expect(addedText('2026-05-30T12:00:00Z', NOW)).toBe('Added 2d ago');
  });
});
