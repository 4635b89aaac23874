import './support/setup';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { WishlistEntry } from '../../shared/api/wishlist';
import { routes } from '../../web/src/app/router';
import { addedText, wishlistStats } from '../../web/src/features/wishlist/routes/wishlist-page';
import { badgeCount } from '../../web/src/lib/badge';
import { cartLine, profile, serverCart } from './support/cart-fixture';
import { listing, page } from './support/listing-fixture';
import { renderRoutes } from './support/render';
import { saveSession, sessionRoutes, stubApi, user, type ApiRequest } from './support/api-stub';

const NOW = Date.parse('2026-06-01T12:00:00Z');
const desk = listing({ id: 'DESK1', title: 'Oak Desk' });
const active = <T,>(l: T) => ({ ...l, status: 'active' as const });

/** A server wishlist in memory, answering the three wishlist routes. */
function wishlistServer(initial: WishlistEntry[] = []) {
  const items = [...initial];
  return (req: ApiRequest) => {
    const id = /^\/api\/me\/wishlist\/(\w+)$/.exec(req.url.pathname)?.[1];
    if (req.url.pathname === '/api/me/wishlist' && req.method === 'GET')
      return { body: { items, count: items.length } };
    if (id && req.method === 'PUT') {
      if (!items.some((i) => i.listingId === id))
        items.unshift({ listingId: id, addedAt: new Date().toISOString(), listing: active(desk) });
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
  it('offers a signed-out visitor the Connect Wallet dialog', async () => {
    desktop();
    stubApi(() => undefined);
    renderRoutes(routes, '/wishlist');
    fireEvent.click(await screen.findByRole('button', { name: 'Connect Your Wallet' }));
    expect(await screen.findByRole('dialog', { name: 'Connect Your Wallet' })).toBeTruthy();
  });

  it('shows the stat tiles and the saved listings, removes one, and then the empty state', async () => {
    desktop();
    saveSession();
    const soon = new Date(Date.now() + 3_600_000).toISOString();
    const auction = listing({ id: 'CAM1', title: 'Camera', listingType: 'auction', endsAt: soon, featured: true });
    const server = wishlistServer([
      { listingId: 'CAM1', addedAt: new Date().toISOString(), listing: active(auction) },
      { listingId: 'GONE1', addedAt: '2026-01-01T00:00:00Z', listing: null },
    ]);
    stubApi(sessionRoutes(() => user(), server));
    renderRoutes(routes, '/wishlist');
    const list = await screen.findByRole('list', { name: 'Saved listings' });
    expect(
      within(list)
        .getAllByRole('article')
        .map((a) => a.getAttribute('aria-label')),
    ).toEqual(['Camera', 'This listing is no longer available']);
    const tiles = screen.getByText('Items Saved').closest('dl')!;
    expect(
      within(tiles)
        .getAllByRole('definition')
        .map((d) => d.textContent),
    ).toEqual(['2', '1', '1']);
    expect(within(list).getByText('Featured')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove from wishlist: Camera' }));
    fireEvent.click(
      await screen.findByRole('button', { name: 'Remove from wishlist: This listing is no longer available' }),
    );
    expect(await screen.findByText('Your wishlist is empty')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse the Marketplace' }).getAttribute('href')).toBe('/marketplace');
  });

  it("puts a saved listing into the cart with Cart ('Added to Cart'), after the profile check", async () => {
    desktop();
    saveSession();
    const server = wishlistServer([{ listingId: 'DESK1', addedAt: new Date().toISOString(), listing: active(desk) }]);
    let complete = false;
    const api = stubApi(
      sessionRoutes(
        () => user(),
        (req) => {
          if (req.url.pathname === '/api/me/profile') return { body: profile(complete ? {} : { address: null }) };
          if (req.url.pathname === '/api/me/cart' && req.method === 'GET') return { body: serverCart([]) };
          if (req.url.pathname === '/api/me/cart/items/DESK1' && req.method === 'PUT') {
            return { body: serverCart([cartLine({ listingId: 'DESK1', quantity: 1 })]) };
          }
          return server(req);
        },
      ),
    );
    const view = renderRoutes(routes, '/wishlist');
    const cart = await screen.findByRole('button', { name: 'Add to cart: Oak Desk' });
    await waitFor(() => expect(cart.hasAttribute('disabled')).toBe(false));
    fireEvent.click(cart);
    expect(await screen.findByText('Complete Your Profile')).toBeTruthy();
    expect(api.find('PUT', '/api/me/cart/items/DESK1')).toHaveLength(0);
    view.unmount();

    complete = true;
    renderRoutes(routes, '/wishlist');
    const again = await screen.findByRole('button', { name: 'Add to cart: Oak Desk' });
    await waitFor(() => expect(again.hasAttribute('disabled')).toBe(false));
    fireEvent.click(again);
    expect(await screen.findByText('Oak Desk has been added to your cart.')).toBeTruthy();
    expect(api.find('PUT', '/api/me/cart/items/DESK1')[0]?.body).toEqual({ quantity: 1 });
  });

  it('writes added times and counts only running auctions', () => {
    expect(addedText('2026-06-01T11:59:30Z', NOW)).toBe('Added just now');
    expect(addedText('2026-06-01T11:15:00Z', NOW)).toBe('Added 45m ago');
    expect(addedText('2026-05-30T12:00:00Z', NOW)).toBe('Added 2d ago');
    const ended = listing({ listingType: 'auction', endsAt: '2026-05-31T00:00:00Z' });
    const later = listing({ listingType: 'auction', endsAt: '2026-06-05T00:00:00Z' });
    const entry = (l: typeof ended) => ({ listingId: l.id, addedAt: '2026-05-01T00:00:00Z', listing: active(l) });
    expect(wishlistStats([entry(ended), entry(later), entry(desk)], NOW)).toEqual({
      saved: 3,
      endingSoon: 0,
      activeAuctions: 1,
    });
  });
});
