import './support/setup';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MyListing } from '../../shared/api/listings';
import type { Store } from '../../shared/api/stores';
import { routes } from '../../web/src/app/router';
import { pending } from './support/fetch-stub';
import { listing, page, store } from './support/listing-fixture';
import { funded, order } from './support/cart-fixture';
import { renderRoutes } from './support/render';
import {
  NEW_TOKEN,
  saveSession,
  sessionRoutes,
  stubApi,
  user,
  type ApiAnswer,
  type ApiRequest,
} from './support/api-stub';

function mine(overrides: Partial<MyListing> = {}): MyListing {
  return { ...listing(), status: 'active', ...overrides };
}

const desk = () => mine({ id: 'DESK1', title: 'Oak Desk', createdAt: '2026-03-02T10:00:00.000Z', priceCents: 12000 });
const lamp = () =>
  mine({
    id: 'LAMP1',
    title: 'Brass Lamp',
    status: 'sold',
    listingType: 'auction',
    priceCents: null,
    startingBidCents: 1000,
    currentBidCents: 2550,
    bidCount: 3,
    createdAt: '2026-02-01T10:00:00.000Z',
  });
const chair = () => mine({ id: 'CHAIR1', title: 'Old Chair', status: 'ended', createdAt: '2026-01-05T10:00:00.000Z' });

/** A signed-in seller with a server that holds `items` and answers the portal's and the header's reads. */
function renderPortal(
  opts: {
    items?: MyListing[];
    store?: Store | ApiAnswer;
    myListings?: () => ApiAnswer;
    end?: (req: ApiRequest) => ApiAnswer;
    entry?: string;
  } = {},
) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1280 });
  saveSession();
  const items = opts.items ?? [desk(), lamp(), chair()];
  const api = stubApi(
    sessionRoutes(
      () => user({ isSeller: true }),
      (req) => {
        const path = req.url.pathname;
        if (path === '/api/me/listings') return opts.myListings?.() ?? { body: { items } };
        if (path === '/api/stores/alice_1') {
          const s = opts.store ?? store();
          return 'userId' in s ? { body: s } : s;
        }
        const ended = /^\/api\/listings\/(\w+)\/end$/.exec(path)?.[1];
        if (ended && req.method === 'POST') {
          if (opts.end) return opts.end(req);
          const item = items.find((i) => i.id === ended)!;
          item.status = 'ended';
          return { body: { id: ended, status: 'ended' } };
        }
        if (path === '/api/listings') {
          return { body: page(items.filter((i) => i.status === 'active').map(({ status: _s, ...card }) => card)) };
        }
        if (path === '/api/wallet/balances') return { body: { walletAddress: 'r', balances: [], explorerUrl: 'x' } };
        if (path === '/api/me/wishlist') return { body: { items: [], count: 0 } };
        if (path === '/api/me/return-requests') return { body: { items: [], nextCursor: null } };
        if (path === '/api/me/orders' && req.url.searchParams.get('role') === 'seller') {
          return { body: { items: [funded(order({ id: 'S1', role: 'seller' }))], nextCursor: null } };
        }
        return undefined;
      },
    ),
  );
  return { ...api, items, ...renderRoutes(routes, opts.entry ?? '/seller-portal') };
}

const rows = () => within(screen.getByRole('list', { name: 'Your listings' })).getAllByRole('article');

describe('/seller-portal', () => {
  it('shows the store card and loading states, then the rows newest first', async () => {
    const { find } = renderPortal({ myListings: () => pending(), store: pending() });
    expect(await screen.findByText('Loading your listings...')).toBeTruthy();
    expect(screen.getByText('Loading store...')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Seller Portal' })).toBeTruthy();
    expect(find('GET', '/api/me/listings')[0]?.token).toBe(NEW_TOKEN);
  });

  it('shows the store summary, each row with price, status and date, and Edit and End only when active', async () => {
    renderPortal();
    const card = await screen.findByRole('region', { name: 'Your store' });
    expect(await within(card).findByRole('heading', { name: 'Alice Antiques' })).toBeTruthy();
    expect(within(card).getByText('Old things, loved again.')).toBeTruthy();
    expect(within(card).getByText('Active Seller')).toBeTruthy();
    expect(card.querySelector('.store-summary-rating')?.textContent).toBe('Rating: 4.5 ★ out of 5');
    expect(within(card).getByText('2 reviews')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View Store' }).getAttribute('href')).toBe('/user/alice_1');
    expect(screen.getByRole('link', { name: 'Create New Listing' }).getAttribute('href')).toBe('/sell');

    await screen.findByRole('list', { name: 'Your listings' });
    expect(rows().map((r) => r.getAttribute('aria-label'))).toEqual(['Oak Desk', 'Brass Lamp', 'Old Chair']);
    const [deskRow, lampRow, chairRow] = rows();
    expect(within(deskRow!).getByText('$120.00')).toBeTruthy();
    expect(within(deskRow!).getByText('Active')).toBeTruthy();
    expect(within(deskRow!).getByText('Listed Mar 2, 2026')).toBeTruthy();
    expect(within(deskRow!).getByRole('link', { name: 'View Oak Desk' }).getAttribute('href')).toBe('/item/DESK1');
    expect(within(deskRow!).getByRole('link', { name: 'Edit Oak Desk' }).getAttribute('href')).toBe('/sell?edit=DESK1');
    expect(within(deskRow!).getByRole('button', { name: 'End Listing Oak Desk' })).toBeTruthy();

    expect(lampRow!.querySelector('.portal-row-price')?.textContent).toBe('Current bid $25.50');
    expect(within(lampRow!).getByText('Sold')).toBeTruthy();
    expect(within(chairRow!).getByText('Ended')).toBeTruthy();
    for (const row of [lampRow!, chairRow!]) {
      expect(within(row).getByRole('link', { name: /^View / })).toBeTruthy();
      expect(within(row).queryByRole('link', { name: /^Edit / })).toBeNull();
      expect(within(row).queryByRole('button', { name: /^End Listing/ })).toBeNull();
    }
  });

  it("says 'Your Store', 'No ratings yet' and '1 review' for a store without name or rating", async () => {
    renderPortal({
      store: store({ storeName: null, storeDescription: null, isSeller: false, rating: null, reviewCount: 1 }),
    });
    const card = await screen.findByRole('region', { name: 'Your store' });
    expect(await within(card).findByRole('heading', { name: 'Your Store' })).toBeTruthy();
    expect(within(card).getByText('No ratings yet')).toBeTruthy();
    expect(within(card).getByText('1 review')).toBeTruthy();
    expect(within(card).queryByText('Active Seller')).toBeNull();
  });

  it('asks before ending; Cancel sends nothing, confirm ends the listing, toasts and shows it Ended', async () => {
    const { find } = renderPortal();
    fireEvent.click(await screen.findByRole('button', { name: 'End Listing Oak Desk' }));
    let dialog = await screen.findByRole('dialog', { name: 'End Listing' });
    expect(
      within(dialog).getByText('Are you sure you want to end this listing? This action cannot be undone.'),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(find('POST', '/api/listings/DESK1/end')).toHaveLength(0);
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('End Listing Oak Desk'));

    fireEvent.click(screen.getByRole('button', { name: 'End Listing Oak Desk' }));
    dialog = await screen.findByRole('dialog', { name: 'End Listing' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'End Listing' }));
    expect(await screen.findByText('Listing ended successfully')).toBeTruthy();
    const [post] = find('POST', '/api/listings/DESK1/end');
    expect(post?.token).toBe(NEW_TOKEN);
    expect(post?.body).toEqual({});
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const deskRow = rows()[0]!;
    expect(within(deskRow).getByText('Ended')).toBeTruthy();
    expect(within(deskRow).queryByRole('link', { name: 'Edit Oak Desk' })).toBeNull();
    expect(within(deskRow).queryByRole('button', { name: 'End Listing Oak Desk' })).toBeNull();
    // Focus returns to the row, whose End button is gone.
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('View Oak Desk'));
    // My Listings is read again from the server.
    await waitFor(() => expect(find('GET', '/api/me/listings').length).toBeGreaterThan(1));
  });

  it("toasts 'Failed to end listing' when the server refuses, and the row stays active", async () => {
    renderPortal({
      end: () => ({ status: 500, body: { error: { code: 'internal', message: 'Something went wrong on our side' } } }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'End Listing Oak Desk' }));
    const dialog = await screen.findByRole('dialog', { name: 'End Listing' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'End Listing' }));
    expect(await screen.findByText('Failed to end listing')).toBeTruthy();
    expect(screen.queryByText('Listing ended successfully')).toBeNull();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(rows()[0]!).getByText('Active')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'End Listing Oak Desk' })).toBeTruthy();
  });

  it("offers 'Create Your First Listing' when the seller has none", async () => {
    renderPortal({ items: [] });
    const first = await screen.findByRole('link', { name: 'Create Your First Listing' });
    expect(first.getAttribute('href')).toBe('/sell');
    expect(screen.queryByRole('link', { name: 'Create New Listing' })).toBeNull();
    expect(screen.queryByRole('list', { name: 'Your listings' })).toBeNull();
  });

  it('shows an error with Try Again when the listings cannot be read', async () => {
    let calls = 0;
    renderPortal({
      myListings: () =>
        calls++ === 0
          ? { status: 500, body: { error: { code: 'internal', message: 'Something went wrong on our side' } } }
          : { body: { items: [desk()] } },
    });
    expect(await screen.findByText('Failed to load your listings')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('article', { name: 'Oak Desk' })).toBeTruthy();
  });

  it('Back goes home when the portal was the first page of the visit', async () => {
    const { router } = renderPortal();
    fireEvent.click(await screen.findByRole('button', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('an ended listing leaves the marketplace at once, even inside the cache window', async () => {
    const { router, find } = renderPortal({ entry: '/marketplace' });
    expect(await screen.findByRole('article', { name: 'Oak Desk' })).toBeTruthy();
    await act(() => router.navigate('/seller-portal'));
    fireEvent.click(await screen.findByRole('button', { name: 'End Listing Oak Desk' }));
    const dialog = await screen.findByRole('dialog', { name: 'End Listing' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'End Listing' }));
    expect(await screen.findByText('Listing ended successfully')).toBeTruthy();
    const before = find('GET', '/api/listings').length;
    // Back, as a seller would: the marketplace reads its listings again and the desk is gone.
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/marketplace'));
    await waitFor(() => expect(find('GET', '/api/listings').length).toBeGreaterThan(before));
    expect(await screen.findByText('Be the first to list an item!')).toBeTruthy();
    expect(screen.queryByRole('article', { name: 'Oak Desk' })).toBeNull();
  });

  it('says whether the store profile is complete: its name, description and bio all filled', async () => {
    renderPortal();
    const card = await screen.findByRole('region', { name: 'Your store' });
    // The fixture's store has no bio.
    expect(await within(card).findByText('Profile Incomplete')).toBeTruthy();
  });

  it('keeps its tab in the URL: My Listings first, Returns with the seller’s return requests', async () => {
    const { router, find } = renderPortal({ store: store({ bio: 'Restorer of old things.' }) });
    const card = await screen.findByRole('region', { name: 'Your store' });
    expect(await within(card).findByText('Profile Complete')).toBeTruthy();
    const tabs = screen.getByRole('tablist', { name: 'Seller portal sections' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['Customize', 'My Listings', 'Returns', 'Preview', 'Analytics', 'Settings', 'Orders']);
    expect(within(tabs).getByRole('tab', { name: 'My Listings' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.click(within(tabs).getByRole('tab', { name: 'Returns' }));
    expect(await screen.findByText('No return requests found.')).toBeTruthy();
    expect(router.state.location.search).toBe('?tab=returns');
    expect(find('GET', '/api/me/return-requests').length).toBeGreaterThan(0);
  });

  it('Orders shows the seller’s sales, the same list as My Activity’s Sales', async () => {
    const { find } = renderPortal({ entry: '/seller-portal?tab=orders' });
    const tabs = await screen.findByRole('tablist', { name: 'Seller portal sections' });
    expect(within(tabs).getByRole('tab', { name: 'Orders' }).getAttribute('aria-selected')).toBe('true');
    await waitFor(() =>
      expect(find('GET', '/api/me/orders').some((r) => r.url.searchParams.get('role') === 'seller')).toBe(true),
    );
    const sales = await screen.findByRole('list', { name: 'Your sales' });
    expect(within(sales).getAllByRole('article')[0]!.getAttribute('aria-label')).toMatch(/^Sale: /);
  });
});
