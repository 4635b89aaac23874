import './support/setup';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '../../shared/api/orders';
import { routes } from '../../web/src/app/router';
import {
  FakeSocket,
  pushEvent,
  saveSession,
  sessionRoutes,
  stubApi,
  subscribedTo,
  user,
  type ApiAnswer,
  type ApiRequest,
} from './support/api-stub';
import { funded, order } from './support/cart-fixture';
import { listing, myBid, page } from './support/listing-fixture';
import { myOffer, offer } from './support/offer-fixture';
import { renderRoutes } from './support/render';
import { emptyShellReads } from './support/signed-in';

const main = () => within(screen.getByRole('main'));

function signedIn(
  orders: (req: ApiRequest) => ApiAnswer | undefined,
  {
    isSeller = false,
    more = () => undefined,
  }: { isSeller?: boolean; more?: (req: ApiRequest) => ApiAnswer | undefined } = {},
) {
  saveSession();
  return stubApi(
    sessionRoutes(
      () => user({ isSeller }),
      (req) => {
        const path = req.url.pathname;
        if (path === '/api/me/orders') return orders(req);
        // The Sales tab lists return requests above the sales: none unless a test answers them.
        if (path === '/api/me/return-requests') return more(req) ?? { body: { items: [], nextCursor: null } };
        // No bids, offers or pending orders unless a test answers them; the watchlist is the shell's empty wishlist.
        if (path === '/api/me/bids') return more(req) ?? { body: { items: [], nextCursor: null } };
        if (path === '/api/me/offers') return more(req) ?? { body: { items: [], cursor: null } };
        if (path === '/api/me/orders/awaiting-payment') return more(req) ?? { body: { items: [] } };
        return more(req) ?? emptyShellReads(req);
      },
    ),
  );
}

const HASH = 'AB'.repeat(32);

beforeEach(() => {
  vi.stubGlobal('WebSocket', FakeSocket);
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1280 });
});

describe('/activity (spec part 3 "My Activity")', () => {
  it('asks a signed-out visitor to connect, with Go Home', async () => {
    stubApi((req) => (req.url.pathname === '/api/listings' ? { body: page([]) } : undefined));
    renderRoutes(routes, '/activity');
    // The first find waits for the page's lazily loaded code (slow on a busy machine).
    expect(await main().findByText('Connect your wallet to see your activity', {}, { timeout: 5_000 })).toBeTruthy();
    expect(main().getByRole('link', { name: 'Go Home' }).getAttribute('href')).toBe('/');
  });

  it('lists purchases with status, amount, seller, items, date and the escrow transaction on the explorer', async () => {
    const desk = {
      listingId: 'DESK1',
      title: 'Oak Desk',
      imageUrl: null,
      quantity: 2,
      unitPriceCents: 2500,
      shippingCents: 0,
    };
    const items: Order[] = [
      funded(
        order({
          id: 'O1',
          lines: [desk],
          totalCents: 6299,
          shippingService: { id: 'FEDEX_GROUND', name: 'FedEx Ground', estimatedDays: '3-5 business days' },
        }),
      ),
      order({ id: 'O2', status: 'submitting', seller: { id: 'S3', username: 'carol' } }),
      order({ id: 'O3' }),
      order({ id: 'O4', status: 'cancelled', cancelReason: 'signing_expired' }),
    ];
    const api = signedIn((req) =>
      req.url.searchParams.get('role') === 'buyer' ? { body: { items, nextCursor: null } } : undefined,
    );
    renderRoutes(routes, '/activity');
    const list = await main().findByRole('list', { name: 'Your purchases' });
    const cards = within(list).getAllByRole('article');
    expect(
      cards.map((c) => within(c).getByText(/^(Escrow pending|Confirming|Awaiting signature|Cancelled)$/).textContent),
    ).toEqual(['Escrow pending', 'Confirming', 'Awaiting signature', 'Cancelled']);
    const first = within(cards[0]!);
    expect(first.getByText('$62.99 RLUSD')).toBeTruthy();
    expect(first.getByText('bob')).toBeTruthy();
    expect(first.getByRole('link', { name: 'Oak Desk' }).getAttribute('href')).toBe('/item/DESK1');
    expect(first.getByText('Jan 1, 2026')).toBeTruthy();
    expect(first.getByText('FedEx Ground (3-5 business days)')).toBeTruthy();
    expect(first.getByText('Waiting for seller to ship item and provide tracking')).toBeTruthy();
    // The order names its EscrowCreate's explorer page (not built from the wallet's account page).
    const tx = first.getByRole('link', { name: /opens the ledger explorer/ });
    expect(tx.getAttribute('href')).toBe(`http://explorer.test/transactions/${HASH}`);
    expect(tx.getAttribute('target')).toBe('_blank');
    expect(within(cards[3]!).getByText('The escrow request expired before it was signed.')).toBeTruthy();

    const tabs = () =>
      main()
        .getAllByRole('tab')
        .map((t) => t.textContent);
    await waitFor(() =>
      expect(tabs()).toEqual(['Bids (0)', 'Offers (0)', 'Purchases (4)', 'Watchlist (0)', 'Pending (0)']),
    );
    expect(main().getByRole('tab', { name: 'Purchases (4)' }).getAttribute('aria-selected')).toBe('true');
    // Not a seller: no sales are read.
    expect(api.find('GET', '/api/me/orders').every((r) => r.url.searchParams.get('role') === 'buyer')).toBe(true);
  });

  it('says on a purchase and on a sale that an issue holds the payment (decision 053)', async () => {
    const dispute: NonNullable<Order['dispute']> = {
      reason: 'damaged',
      description: 'Cracked.',
      photoUrls: [],
      responses: [],
      status: 'open',
      openedAt: '2026-01-04T10:00:00.000Z',
      endsAt: '2026-01-07T12:00:00.000Z',
      resolution: null,
    };
    const disputed = { ...funded(order({ id: 'O1' })), status: 'delivered' as const, dispute };
    const orders = (req: ApiRequest) => ({
      body: {
        items: [req.url.searchParams.get('role') === 'seller' ? { ...disputed, role: 'seller' as const } : disputed],
        nextCursor: null,
      },
    });
    signedIn(orders);
    const view = renderRoutes(routes, '/activity');
    expect(
      await main().findByText('You reported an issue: the payment stays in escrow until it is resolved.'),
    ).toBeTruthy();
    view.unmount();
    signedIn(orders, { isSeller: true });
    renderRoutes(routes, '/activity?tab=sales');
    expect(
      await main().findByText(
        'alice_1 reported an issue: the payment is held until it is resolved. See the details to answer or refund.',
        {},
        { timeout: 5_000 },
      ),
    ).toBeTruthy();
  }, 15_000);

  it('reads more purchases with Load More (nextCursor)', async () => {
    const api = signedIn((req) =>
      req.url.searchParams.get('cursor') === 'next1'
        ? { body: { items: [order({ id: 'O9', seller: { id: 'S9', username: 'zed' } })], nextCursor: null } }
        : { body: { items: [order({ id: 'O1' })], nextCursor: 'next1' } },
    );
    renderRoutes(routes, '/activity');
    expect(await main().findByRole('tab', { name: 'Purchases (1+)' })).toBeTruthy();
    fireEvent.click(main().getByRole('button', { name: 'Load More' }));
    expect(await main().findByText('zed')).toBeTruthy();
    expect(main().getByRole('tab', { name: 'Purchases (2)' })).toBeTruthy();
    expect(main().queryByRole('button', { name: 'Load More' })).toBeNull();
    expect(api.find('GET', '/api/me/orders').map((r) => r.url.searchParams.get('cursor'))).toContain('next1');
  });

  it('reads the purchases again when an order.updated push arrives', async () => {
    let status: Order['status'] = 'awaiting_signature';
    signedIn(() => ({
      body: { items: [status === 'funded' ? funded(order({ id: 'O1' })) : order({ id: 'O1' })], nextCursor: null },
    }));
    renderRoutes(routes, '/activity');
    expect(await main().findByText('Awaiting signature')).toBeTruthy();
    await subscribedTo('user:01JUSER');
    status = 'funded';
    pushEvent('user:01JUSER', {
      id: 'order.updated:O1:funded',
      occurredAt: new Date().toISOString(),
      type: 'order.updated',
      data: { orderId: 'O1', status: 'funded' },
    });
    expect(await main().findByText('Escrow pending')).toBeTruthy();
  });

  it('approves the escrow of a purchase left awaiting its signature, in the same signing dialog', async () => {
    const waiting = order({ id: 'O1' });
    let current: Order = waiting;
    signedIn(() => ({ body: { items: [current], nextCursor: null } }), {
      more: (req) => {
        if (req.url.pathname === '/api/orders/O1/escrow-signing') {
          return {
            status: 201,
            body: {
              orderId: 'O1',
              uuid: '00000000-0000-4000-8000-000000000001',
              signUrl: 'http://xaman.test/sign/O1',
              qrPngUrl: 'http://xaman.test/sign/O1_q.png',
              expiresAt: new Date(Date.now() + 300_000).toISOString(),
            },
          };
        }
        return req.url.pathname === '/api/orders/O1' ? { body: current } : undefined;
      },
    });
    renderRoutes(routes, '/activity');
    fireEvent.click(await main().findByRole('button', { name: 'Approve Escrow: Oak Desk' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve the Escrow in Xaman' });
    expect(within(dialog).getByRole('link', { name: 'Open in Xaman Wallet' }).getAttribute('href')).toBe(
      'http://xaman.test/sign/O1',
    );
    current = funded(waiting);
    const topic = 'user:01JUSER';
    for (const socket of FakeSocket.instances) {
      act(() =>
        socket.emit({
          type: 'event',
          topic,
          event: {
            id: 'order.updated:O1:funded',
            occurredAt: new Date().toISOString(),
            type: 'order.updated',
            topic,
            data: { orderId: 'O1', status: 'funded' },
          },
        }),
      );
    }
    expect(await screen.findByText('Escrow Created')).toBeTruthy();
    expect(await main().findByText('Escrow pending')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(main().queryByRole('button', { name: /Approve Escrow/ })).toBeNull();
  });

  describe('Cancel in the signing dialog (DELETE /api/orders/{id}/escrow-signing)', () => {
    const signingAnswer = {
      status: 201,
      body: {
        orderId: 'O1',
        uuid: '00000000-0000-4000-8000-000000000001',
        signUrl: 'http://xaman.test/sign/O1',
        qrPngUrl: 'http://xaman.test/sign/O1_q.png',
        expiresAt: new Date(Date.now() + 300_000).toISOString(),
      },
    };

    function withOpenRequest(cancel: (req: ApiRequest) => ApiAnswer) {
      const waiting = order({ id: 'O1' });
      const state = { current: waiting };
      const api = signedIn(() => ({ body: { items: [state.current], nextCursor: null } }), {
        more: (req) => {
          if (req.url.pathname === '/api/orders/O1/escrow-signing') {
            return req.method === 'DELETE' ? cancel(req) : signingAnswer;
          }
          return req.url.pathname === '/api/orders/O1' ? { body: state.current } : undefined;
        },
      });
      return { api, state, waiting };
    }

    async function openDialog() {
      renderRoutes(routes, '/activity');
      fireEvent.click(await main().findByRole('button', { name: 'Approve Escrow: Oak Desk' }));
      return screen.findByRole('dialog', { name: 'Approve the Escrow in Xaman' });
    }

    it("asks first, withdraws the request and ends like a rejection: 'Transaction Cancelled'", async () => {
      const { api, state, waiting } = withOpenRequest(() => {
        state.current = { ...waiting, status: 'cancelled', cancelReason: 'signing_cancelled' };
        return { body: state.current };
      });
      const dialog = await openDialog();
      expect(within(dialog).queryByText(/reject the request in Xaman/)).toBeNull();
      fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      // Nothing is sent before the confirmation; Keep Waiting (focused) steps back.
      const confirm = within(dialog).getByRole('group', { name: /Cancel this escrow request\?/ });
      expect(document.activeElement).toBe(within(confirm).getByRole('button', { name: 'Keep Waiting' }));
      fireEvent.click(within(confirm).getByRole('button', { name: 'Keep Waiting' }));
      expect(within(dialog).queryByRole('group', { name: /Cancel this escrow request/ })).toBeNull();
      expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
      expect(api.find('DELETE', '/api/orders/O1/escrow-signing')).toHaveLength(0);

      fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel Request' }));
      expect(await screen.findByText('Transaction Cancelled')).toBeTruthy();
      expect(screen.getByText('The escrow request for bob was cancelled. No escrow was created.')).toBeTruthy();
      const [deleted] = api.find('DELETE', '/api/orders/O1/escrow-signing');
      expect(deleted?.token).toBeTruthy();
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      // The list is read again: the purchase is cancelled, with why.
      expect(await main().findByText('The escrow request was cancelled or rejected in the wallet.')).toBeTruthy();
      expect(main().queryByRole('button', { name: /Approve Escrow/ })).toBeNull();
    });

    it('says the request is open in the wallet (409 signing_opened) and keeps waiting for it', async () => {
      const { state, waiting } = withOpenRequest(() => ({
        status: 409,
        body: {
          error: { code: 'signing_opened', message: 'The request is open in your wallet: reject it there to cancel.' },
        },
      }));
      const dialog = await openDialog();
      fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel Request' }));
      const note = await within(dialog).findByRole('alert');
      expect(note.textContent).toBe('The request is open in your wallet: reject it there to cancel.');
      expect(document.activeElement).toBe(note);
      expect(within(dialog).queryByRole('button', { name: 'Cancel' })).toBeNull();
      // Rejected in the wallet after all: the usual outcome.
      state.current = { ...waiting, status: 'cancelled', cancelReason: 'signing_cancelled' };
      const topic = 'user:01JUSER';
      for (const socket of FakeSocket.instances) {
        act(() =>
          socket.emit({
            type: 'event',
            topic,
            event: {
              id: 'order.updated:O1:cancelled',
              occurredAt: new Date().toISOString(),
              type: 'order.updated',
              topic,
              data: { orderId: 'O1', status: 'cancelled' },
            },
          }),
        );
      }
      expect(await screen.findByText('Transaction Cancelled')).toBeTruthy();
      expect(screen.getByText('The escrow for bob was rejected in Xaman and not created.')).toBeTruthy();
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    });

    it('goes on to the escrow when the request was signed just before Cancel (the order answers submitting)', async () => {
      const { state, waiting } = withOpenRequest(() => {
        state.current = { ...waiting, status: 'submitting' };
        return { body: state.current };
      });
      const dialog = await openDialog();
      fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel Request' }));
      expect(await within(dialog).findByText('Signed. Creating the escrow on the ledger...')).toBeTruthy();
      expect(screen.queryByText('Transaction Cancelled')).toBeNull();
    });

    it('keeps Cancel when withdrawing fails, with a message', async () => {
      vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      withOpenRequest(() => ({ status: 500, body: { error: { code: 'internal', message: 'boom' } } }));
      const dialog = await openDialog();
      fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel Request' }));
      expect((await within(dialog).findByRole('alert')).textContent).toBe(
        'Failed to cancel the escrow request. Please try again.',
      );
      expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeTruthy();
      expect(screen.getByRole('dialog', { name: 'Approve the Escrow in Xaman' })).toBeTruthy();
    });
  });

  it('shows a seller their sales with the buyer and where to ship', async () => {
    const sale = funded(
      order({
        id: 'S1',
        role: 'seller',
        buyer: { id: 'B1', username: 'buyer_bee' },
        shipTo: {
          fullName: 'Bee Buyer',
          street: '1 Market St',
          city: 'San Francisco',
          state: 'CA',
          postalCode: '94105',
          country: 'US',
        },
      }),
    );
    signedIn(
      (req) =>
        req.url.searchParams.get('role') === 'seller'
          ? { body: { items: [sale], nextCursor: null } }
          : { body: { items: [], nextCursor: null } },
      { isSeller: true },
    );
    renderRoutes(routes, '/activity?tab=sales');
    const list = await main().findByRole('list', { name: 'Your sales' });
    expect(within(list).getByText('buyer_bee')).toBeTruthy();
    expect(within(list).getByText('Bee Buyer, 1 Market St, San Francisco, CA, 94105, United States')).toBeTruthy();
    expect(within(list).getByText('Ship the items to the buyer.')).toBeTruthy();
    expect(main().getByRole('tab', { name: 'Purchases (0)' })).toBeTruthy();
  });

  it('has truthful empty states for bids, offers, the watchlist and pending orders', async () => {
    signedIn(() => ({ body: { items: [], nextCursor: null } }));
    renderRoutes(routes, '/activity');
    expect(await main().findByText('No purchases yet')).toBeTruthy();
    const tab = (name: string) => main().getByRole('tab', { name });
    fireEvent.click(await main().findByRole('tab', { name: 'Bids (0)' }));
    expect(await main().findByText('No bids yet')).toBeTruthy();
    fireEvent.keyDown(tab('Bids (0)'), { key: 'ArrowRight' });
    expect(await main().findByText('No offers yet')).toBeTruthy();
    fireEvent.keyDown(tab('Offers (0)'), { key: 'End' });
    expect(await main().findByText('Nothing pending')).toBeTruthy();
    fireEvent.click(await main().findByRole('tab', { name: 'Watchlist (0)' }));
    expect(await main().findByText('Your watchlist is empty')).toBeTruthy();
    expect(main().getByRole('link', { name: 'Browse Marketplace' }).getAttribute('href')).toBe('/marketplace');
    expect(screen.queryByText(/coming soon/i)).toBeNull();
  });

  describe('the Watchlist tab (decision 060)', () => {
    const none = () => ({ body: { items: [], nextCursor: null } });
    const saved = (l: ReturnType<typeof listing>, status: 'active' | 'sold' | 'ended' = 'active') => ({
      listingId: l.id,
      addedAt: new Date(Date.now() - 3_600_000).toISOString(),
      listing: { ...l, status },
    });

    it("lists the saved items with status, price or current bid and time left, linked; a bid's push reads again", async () => {
      let bidCents = 7_500;
      const camera = (cents: number) =>
        listing({
          id: 'CAM1',
          title: 'Camera',
          listingType: 'auction',
          priceCents: null,
          buyItNowPriceCents: 20_000,
          startingBidCents: 5_000,
          currentBidCents: cents,
          bidCount: 2,
          endsAt: new Date(Date.now() + (3 * 60 + 20) * 60_000 + 30_000).toISOString(),
        });
      const api = signedIn(none, {
        more: (req) =>
          req.url.pathname === '/api/me/wishlist'
            ? {
                body: {
                  items: [
                    saved(camera(bidCents)),
                    saved(listing({ id: 'LAMP1', title: 'Lamp' }), 'sold'),
                    saved(listing({ id: 'CLOCK1', title: 'Clock', listingType: 'auction', priceCents: null }), 'ended'),
                    { listingId: 'GONE1', addedAt: '2026-01-01T00:00:00.000Z', listing: null },
                  ],
                  count: 4,
                },
              }
            : undefined,
      });
      renderRoutes(routes, '/activity?tab=watchlist');
      const list = await main().findByRole('list', { name: 'Watched items' });
      expect(main().getByRole('tab', { name: 'Watchlist (4)' }).getAttribute('aria-selected')).toBe('true');
      const cam = within(within(list).getByRole('article', { name: 'Camera' }));
      expect(cam.getByText('$200.00')).toBeTruthy();
      expect(cam.getByText('Current bid').nextElementSibling?.textContent).toBe('$75.00');
      expect(cam.getByText('3h 20m left')).toBeTruthy();
      expect(cam.getByRole('link', { name: 'View Camera' }).getAttribute('href')).toBe('/item/CAM1');
      const lamp = within(within(list).getByRole('article', { name: 'Lamp' }));
      expect(lamp.getByText('Sold')).toBeTruthy();
      expect(lamp.getByRole('link', { name: 'View Lamp' }).getAttribute('href')).toBe('/item/LAMP1');
      expect(within(within(list).getByRole('article', { name: 'Clock' })).getByText('Ended')).toBeTruthy();
      expect(within(list).getByRole('article', { name: 'This listing is no longer available' })).toBeTruthy();

      // Only the running auction follows its topic: a bid there reads the watchlist again.
      await subscribedTo('listing:CAM1');
      const reads = api.find('GET', '/api/me/wishlist').length;
      bidCents = 8_000;
      pushEvent('listing:CAM1', {
        id: 'bid.placed:B9',
        occurredAt: new Date().toISOString(),
        type: 'bid.placed',
        data: {
          listingId: 'CAM1',
          currentBidCents: 8_000,
          bidCount: 3,
          endsAt: new Date(Date.now() + 3_600_000).toISOString(),
          reserveStatus: 'none',
          buyItNowRemoved: false,
          leads: true,
          bid: { id: 'B9', bidderUsername: 'carol', amountCents: 8_000, at: new Date().toISOString() },
        },
      });
      expect(await cam.findByText('$80.00')).toBeTruthy();
      expect(api.find('GET', '/api/me/wishlist').length).toBeGreaterThan(reads);
    });

    it("says 'Failed to load your watchlist' with Try Again", async () => {
      let fail = true;
      signedIn(none, {
        more: (req) =>
          req.url.pathname !== '/api/me/wishlist'
            ? undefined
            : fail
              ? { status: 500, body: { error: { code: 'internal', message: 'x' } } }
              : { body: { items: [], count: 0 } },
      });
      renderRoutes(routes, '/activity?tab=watchlist');
      expect(await main().findByText('Failed to load your watchlist', {}, { timeout: 5_000 })).toBeTruthy();
      fail = false;
      fireEvent.click(main().getByRole('button', { name: 'Try Again' }));
      expect(await main().findByText('Your watchlist is empty')).toBeTruthy();
    });
  });

  describe('the Pending tab (decision 060)', () => {
    const none = () => ({ body: { items: [], nextCursor: null } });
    const won = order({
      id: 'W1',
      status: 'awaiting_payment',
      lines: [
        {
          listingId: 'LAMP1',
          title: 'Brass Lamp',
          imageUrl: null,
          quantity: 1,
          unitPriceCents: 2500,
          shippingCents: 0,
        },
      ],
      auction: {
        listingId: 'LAMP1',
        round: 'winner',
        paymentDueAt: '2026-01-03T12:00:00.000Z',
        sellerOptions: null,
        sellerChoice: null,
      },
    });
    const unsigned = order({ id: 'O1' });

    it('lists the orders still to pay or sign, filtered by the server, to pay or to approve', async () => {
      const api = signedIn(none, {
        more: (req) => {
          const path = req.url.pathname;
          if (path === '/api/me/orders/awaiting-payment') return { body: { items: [won, unsigned] } };
          if (path === '/api/orders/O1/escrow-signing') {
            return {
              status: 201,
              body: {
                orderId: 'O1',
                uuid: '00000000-0000-4000-8000-000000000001',
                signUrl: 'http://xaman.test/sign/O1',
                qrPngUrl: 'http://xaman.test/sign/O1_q.png',
                expiresAt: new Date(Date.now() + 300_000).toISOString(),
              },
            };
          }
          return path === '/api/orders/O1' ? { body: unsigned } : undefined;
        },
      });
      renderRoutes(routes, '/activity?tab=pending');
      const list = await main().findByRole('list', { name: 'Pending orders' });
      expect(main().getByRole('tab', { name: 'Pending (2)' }).getAttribute('aria-selected')).toBe('true');
      expect(api.find('GET', '/api/me/orders/awaiting-payment').map((r) => r.url.searchParams.get('scope'))).toContain(
        'all',
      );
      const lamp = within(within(list).getByRole('article', { name: 'Purchase: Brass Lamp' }));
      expect(lamp.getByText(/You won this auction\. Pay by Jan 3/)).toBeTruthy();
      expect(lamp.getByRole('link', { name: 'Pay for Brass Lamp' }).getAttribute('href')).toBe('/pay/W1');
      const desk = within(within(list).getByRole('article', { name: 'Purchase: Oak Desk' }));
      expect(desk.getByText('Awaiting signature')).toBeTruthy();

      // Resuming opens the same signing dialog as checkout, on the order's wallet request.
      fireEvent.click(desk.getByRole('button', { name: 'Approve Escrow: Oak Desk' }));
      const dialog = await screen.findByRole('dialog', { name: 'Approve the Escrow in Xaman' });
      expect(within(dialog).getByRole('link', { name: 'Open in Xaman Wallet' }).getAttribute('href')).toBe(
        'http://xaman.test/sign/O1',
      );
    });

    it('withdraws an order no wallet request was made for, and the tab reads again', async () => {
      let items = [won, unsigned];
      signedIn(none, {
        more: (req) => {
          const path = req.url.pathname;
          if (path === '/api/me/orders/awaiting-payment') return { body: { items } };
          if (path === '/api/orders/O1/escrow-signing' && req.method === 'DELETE') {
            items = [won];
            return { body: { ...unsigned, status: 'cancelled', cancelReason: 'withdrawn' } };
          }
          return undefined;
        },
      });
      renderRoutes(routes, '/activity?tab=pending');
      fireEvent.click(await main().findByRole('button', { name: 'Withdraw Order: Oak Desk' }));
      fireEvent.click(main().getByRole('button', { name: 'Withdraw Order' }));
      expect(await screen.findByText('Order Withdrawn')).toBeTruthy();
      expect(await main().findByRole('tab', { name: 'Pending (1)' })).toBeTruthy();
      expect(main().queryByRole('article', { name: 'Purchase: Oak Desk' })).toBeNull();
    });

    it("says 'Failed to load activity data' with Try Again", async () => {
      let fail = true;
      signedIn(none, {
        more: (req) =>
          req.url.pathname !== '/api/me/orders/awaiting-payment'
            ? undefined
            : fail
              ? { status: 500, body: { error: { code: 'internal', message: 'x' } } }
              : { body: { items: [] } },
      });
      renderRoutes(routes, '/activity?tab=pending');
      expect(await main().findByText('Failed to load activity data', {}, { timeout: 5_000 })).toBeTruthy();
      fail = false;
      fireEvent.click(main().getByRole('button', { name: 'Try Again' }));
      expect(await main().findByText('Nothing pending')).toBeTruthy();
    });
  });

  describe('the Bids tab (spec part 3, decision 030)', () => {
    const none = () => ({ body: { items: [], nextCursor: null } });

    it('lists each auction bid on with its status, standing, the own maximum and a link to it', async () => {
      const api = signedIn(none, {
        more: (req) =>
          req.url.pathname === '/api/me/bids'
            ? {
                body: {
                  items: [
                    myBid({ listingId: 'L1', title: 'Brass Lantern', reserveStatus: 'not_met', maxCents: 4_550 }),
                    myBid({
                      listingId: 'L2',
                      title: 'Oak Clock',
                      status: 'ended',
                      standing: 'lost',
                      endsAt: '2026-01-02T15:00:00.000Z',
                      currentBidCents: 9_900,
                    }),
                  ],
                  nextCursor: null,
                },
              }
            : undefined,
      });
      renderRoutes(routes, '/activity?tab=bids');
      const list = await main().findByRole('list', { name: 'Your bids' });
      expect(main().getByRole('tab', { name: 'Bids (2)' }).getAttribute('aria-selected')).toBe('true');
      const lantern = within(within(list).getByRole('article', { name: 'Bid: Brass Lantern' }));
      expect(lantern.getByRole('link', { name: 'Brass Lantern' }).getAttribute('href')).toBe('/item/L1');
      expect(lantern.getByText('pending')).toBeTruthy();
      expect(lantern.getByText('Winning')).toBeTruthy();
      expect(lantern.getByText('Reserve not met')).toBeTruthy();
      expect(lantern.getByText('Your maximum:').nextElementSibling?.textContent).toBe('$45.50');
      expect(lantern.getByText('Time left:').nextElementSibling?.textContent).toBe('2d 1h');
      const clock = within(within(list).getByRole('article', { name: 'Bid: Oak Clock' }));
      expect(clock.getByText('ended')).toBeTruthy();
      expect(clock.getByText('Lost')).toBeTruthy();
      expect(clock.getByText('Current bid:').nextElementSibling?.textContent).toBe('$99.00');
      expect(clock.getByText('Ended:')).toBeTruthy();
      // My Activity lists every status: no filter.
      expect(api.find('GET', '/api/me/bids').every((r) => !r.url.searchParams.has('status'))).toBe(true);
    });

    it("has an empty state, and 'Failed to load your bids' with Try Again", async () => {
      let fail = true;
      signedIn(none, {
        more: (req) =>
          req.url.pathname !== '/api/me/bids'
            ? undefined
            : fail
              ? { status: 500, body: { error: { code: 'internal', message: 'x' } } }
              : { body: { items: [], nextCursor: null } },
      });
      renderRoutes(routes, '/activity?tab=bids');
      expect(await main().findByText('Failed to load your bids')).toBeTruthy();
      fail = false;
      fireEvent.click(main().getByRole('button', { name: 'Try Again' }));
      expect(await main().findByText('No bids yet')).toBeTruthy();
      expect(main().getByText('Auctions you bid on show here.')).toBeTruthy();
    });

    it("reads the bids again when an outbid ('bid') notification arrives", async () => {
      let standing: 'winning' | 'outbid' = 'winning';
      signedIn(none, {
        more: (req) =>
          req.url.pathname === '/api/me/bids'
            ? { body: { items: [myBid({ title: 'Brass Lantern', standing })], nextCursor: null } }
            : undefined,
      });
      renderRoutes(routes, '/activity?tab=bids');
      expect(await main().findByText('Winning')).toBeTruthy();
      await subscribedTo('user:01JUSER');
      standing = 'outbid';
      const notification = {
        id: 'N1',
        type: 'bid',
        title: "You've been outbid",
        message: 'Someone bid more than your maximum.',
        read: false,
        relatedId: 'L1',
        createdAt: new Date().toISOString(),
      };
      pushEvent('user:01JUSER', {
        id: 'notification.created:N1',
        occurredAt: notification.createdAt,
        type: 'notification.created',
        data: { notification, unreadCount: 1 },
      });
      expect(await main().findByText('Outbid')).toBeTruthy();
    });
  });

  describe("the Offers tab (spec part 3: the user's offers with status and expiry)", () => {
    const none = () => ({ body: { items: [], nextCursor: null } });
    const offersOnly = (answer: (req: ApiRequest) => ApiAnswer) => (req: ApiRequest) =>
      req.url.pathname === '/api/me/offers' ? answer(req) : undefined;

    it("lists each offer with the listing (image, title linking to it), amount, status, a pending one's expiry", async () => {
      const image = { key: 'k', url: 'http://media.test/lamp.jpg', thumbUrl: 'http://media.test/lamp-thumb.jpg' };
      signedIn(none, {
        more: offersOnly(() => ({
          body: {
            items: [
              myOffer(1, {
                amountCents: 4_550,
                expiresAt: new Date(Date.now() + 5.5 * 3_600_000).toISOString(),
                listing: { id: 'L1', title: 'Brass Lamp', image },
              }),
              myOffer(2, { status: 'countered', senderId: 'SELLER1', amountCents: 7_000 }),
            ],
            cursor: null,
          },
        })),
      });
      renderRoutes(routes, '/activity?tab=offers');
      // The first find waits for the page's lazily loaded code (slow on a busy machine).
      const list = await main().findByRole('list', { name: 'Your offers' }, { timeout: 5_000 });
      expect(main().getByRole('tab', { name: 'Offers (2)' }).getAttribute('aria-selected')).toBe('true');
      const lamp = within(within(list).getByRole('article', { name: 'Offer: Brass Lamp' }));
      expect(lamp.getByRole('link', { name: 'Brass Lamp' }).getAttribute('href')).toBe('/item/L1');
      // The photo is decoration beside the title (alt ""): no img role to find it by.
      expect(list.querySelector('img')?.getAttribute('src')).toBe(image.thumbUrl);
      expect(lamp.getByText('pending')).toBeTruthy();
      expect(lamp.getByText('Your offer:').nextElementSibling?.textContent).toBe('$45.50');
      expect(lamp.getByText('Expires:').nextElementSibling?.textContent).toBe('5h left');
      expect(lamp.getByRole('link', { name: 'View Conversation' }).getAttribute('href')).toMatch(/^\/messages\?/);
      const other = within(within(list).getByRole('article', { name: 'Offer: Lamp 2' }));
      expect(other.getByText('countered')).toBeTruthy();
      expect(other.getByText("Seller's counteroffer:").nextElementSibling?.textContent).toBe('$70.00');
      expect(other.queryByText('Expires:')).toBeNull();
    });

    it('shows a loading state, then reads further pages with Load More while the cursor is not null', async () => {
      // The first page waits until released (a read again after the socket subscribes waits too).
      const waiting: ((answer: Response) => void)[] = [];
      const first = { items: [myOffer(1), myOffer(2)], cursor: 'C2' };
      let released = false;
      const api = signedIn(none, {
        more: offersOnly((req) =>
          req.url.searchParams.get('cursor') === 'C2'
            ? { body: { items: [myOffer(3)], cursor: null } }
            : released
              ? { body: first }
              : (new Promise((resolve) => waiting.push(resolve)) as never),
        ),
      });
      renderRoutes(routes, '/activity?tab=offers');
      expect(await main().findByText('Loading offers...')).toBeTruthy();
      expect(main().getByRole('tab', { name: 'Offers' })).toBeTruthy();
      await waitFor(() => expect(api.find('GET', '/api/me/offers').length).toBeGreaterThan(0));
      released = true;
      for (const release of waiting) release(new Response(JSON.stringify(first)));
      const list = await main().findByRole('list', { name: 'Your offers' });
      expect(main().getByRole('tab', { name: 'Offers (2+)' })).toBeTruthy();
      fireEvent.click(main().getByRole('button', { name: 'Load More' }));
      await waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(3));
      expect(main().getByRole('tab', { name: 'Offers (3)' })).toBeTruthy();
      expect(main().queryByRole('button', { name: 'Load More' })).toBeNull();
    });

    it("has an empty state, and 'Failed to load your offers' with Try Again", async () => {
      let fail = true;
      signedIn(none, {
        more: offersOnly(() =>
          fail
            ? { status: 500, body: { error: { code: 'internal', message: 'x' } } }
            : { body: { items: [], cursor: null } },
        ),
      });
      renderRoutes(routes, '/activity?tab=offers');
      expect(await main().findByText('Failed to load your offers')).toBeTruthy();
      fail = false;
      fireEvent.click(main().getByRole('button', { name: 'Try Again' }));
      expect(await main().findByText('No offers yet')).toBeTruthy();
      expect(main().getByRole('tab', { name: 'Offers (0)' })).toBeTruthy();
    });

    it("reads the offers again when one is updated (offer.updated on the user's topic)", async () => {
      let status: 'pending' | 'accepted' = 'pending';
      signedIn(none, { more: offersOnly(() => ({ body: { items: [myOffer(1, { status })], cursor: null } })) });
      renderRoutes(routes, '/activity?tab=offers');
      expect(await main().findByText('pending')).toBeTruthy();
      await subscribedTo('user:01JUSER');
      status = 'accepted';
      pushEvent('user:01JUSER', {
        id: 'offer.updated:1',
        occurredAt: new Date().toISOString(),
        type: 'offer.updated',
        data: { offer: { ...offer(1), status } },
      });
      expect(await main().findByText('accepted')).toBeTruthy();
    });
  });

  it("says 'Failed to load activity data' with Try Again", async () => {
    let fail = true;
    signedIn(() =>
      fail
        ? { status: 500, body: { error: { code: 'internal', message: 'x' } } }
        : { body: { items: [order({ id: 'O1' })], nextCursor: null } },
    );
    renderRoutes(routes, '/activity');
    expect(await main().findByText('Failed to load activity data')).toBeTruthy();
    fail = false;
    fireEvent.click(main().getByRole('button', { name: 'Try Again' }));
    expect(await main().findByText('Awaiting signature')).toBeTruthy();
  });
});

describe('explorer links', () => {
  it("links the escrow transaction to the order's explorerUrl; without a web address only the hash shows", async () => {
    const paid = funded(order({ id: 'O1' }));
    const items: Order[] = [
      paid,
      { ...paid, id: 'O2', escrow: { ...paid.escrow, explorerUrl: null } },
      { ...paid, id: 'O3', escrow: { ...paid.escrow, explorerUrl: 'javascript:alert(1)' } },
    ];
    signedIn(() => ({ body: { items, nextCursor: null } }));
    renderRoutes(routes, '/activity');
    const list = await main().findByRole('list', { name: 'Your purchases' });
    const cards = within(list).getAllByRole('article');
    expect(
      within(cards[0]!)
        .getByRole('link', { name: /opens the ledger explorer/ })
        .getAttribute('href'),
    ).toBe(`http://explorer.test/transactions/${HASH}`);
    for (const card of cards.slice(1)) {
      expect(within(card).queryByRole('link', { name: /opens the ledger explorer/ })).toBeNull();
      expect(within(card).getByText(HASH)).toBeTruthy();
    }
  });
});

describe('Withdraw Order on a purchase no wallet request was made for', () => {
  it("asks first, withdraws it: 'Order Withdrawn' – 'Your order was withdrawn and its items released.'", async () => {
    const waiting = order({ id: 'O1' });
    const state = { current: waiting };
    const api = signedIn(() => ({ body: { items: [state.current], nextCursor: null } }), {
      more: (req) => {
        if (req.url.pathname !== '/api/orders/O1/escrow-signing' || req.method !== 'DELETE') return undefined;
        state.current = { ...waiting, status: 'cancelled', cancelReason: 'withdrawn' };
        return { body: state.current };
      },
    });
    renderRoutes(routes, '/activity');
    fireEvent.click(await main().findByRole('button', { name: 'Withdraw Order: Oak Desk' }));
    const confirm = main().getByRole('group', { name: /Withdraw this order\?/ });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Keep Order' }));
    expect(api.find('DELETE', '/api/orders/O1/escrow-signing')).toHaveLength(0);

    fireEvent.click(main().getByRole('button', { name: 'Withdraw Order: Oak Desk' }));
    fireEvent.click(
      within(main().getByRole('group', { name: /Withdraw this order\?/ })).getByRole('button', {
        name: 'Withdraw Order',
      }),
    );
    expect(await screen.findByText('Order Withdrawn')).toBeTruthy();
    expect(screen.getAllByText('Your order was withdrawn and its items released.').length).toBeGreaterThan(0);
    expect(api.find('DELETE', '/api/orders/O1/escrow-signing')).toHaveLength(1);
    // The list is read again: the purchase says it was withdrawn, not that it was cancelled some other way.
    await waitFor(() => expect(main().queryByRole('button', { name: /Withdraw Order/ })).toBeNull());
    expect(main().getByText('Your order was withdrawn and its items released.')).toBeTruthy();
  });

  it('is not offered once a wallet request is open (its dialog withdraws that)', async () => {
    const signing = { uuid: 'U1', signUrl: 'http://xaman.test/sign/O1', qrPngUrl: 'http://q', expiresAt: 'x' };
    signedIn(() => ({ body: { items: [order({ id: 'O1', signing })], nextCursor: null } }));
    renderRoutes(routes, '/activity');
    expect(await main().findByRole('button', { name: 'Approve Escrow: Oak Desk' })).toBeTruthy();
    expect(main().queryByRole('button', { name: /Withdraw Order/ })).toBeNull();
  });
});
