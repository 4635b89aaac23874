import './support/setup';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '../../shared/api/orders';
import { routes } from '../../web/src/app/router';
import { clearLocalCart } from '../../web/src/domains/cart/local-cart';
import {
  balances,
  FakeSocket,
  saveSession,
  sessionRoutes,
  stubApi,
  user,
  type ApiAnswer,
  type ApiRequest,
} from './support/api-stub';
import { funded, order, profile, serverCart } from './support/cart-fixture';
import { listingDetail, page } from './support/listing-fixture';
import { renderRoutes } from './support/render';

const main = () => within(screen.getByRole('main'));
const DUE = '2026-01-03T12:00:00.000Z';

/** Alice's won auction: a $25.00 lamp from bob, awaiting payment. */
function won(over: Partial<Order> = {}): Order {
  return order({
    id: 'W1',
    status: 'awaiting_payment',
    lines: [
      { listingId: 'LAMP1', title: 'Brass Lamp', imageUrl: null, quantity: 1, unitPriceCents: 2500, shippingCents: 0 },
    ],
    escrow: { ...order().escrow, cancelAfter: '' },
    auction: { listingId: 'LAMP1', round: 'winner', paymentDueAt: DUE, sellerOptions: null, sellerChoice: null },
    ...over,
  });
}

function signedIn(rest: (req: ApiRequest) => ApiAnswer | undefined, isSeller = false) {
  saveSession();
  return stubApi(
    sessionRoutes(
      () => user({ isSeller }),
      (req) => {
        const path = req.url.pathname;
        if (path === '/api/wallet/balances')
          return { body: balances([{ currency: 'RLUSD', value: '100', cents: 10_000 }]) };
        if (path === '/api/me/notifications/summary') return { body: { unreadCount: 0, latest: [] } };
        if (path === '/api/listings') return { body: page([]) };
        if (path === '/api/me/cart') return { body: serverCart([]) };
        if (path === '/api/me/wishlist') return { body: { items: [], count: 0 } };
        if (path === '/api/me/profile') return { body: profile() };
        return rest(req);
      },
    ),
  );
}

beforeEach(() => {
  clearLocalCart();
  vi.stubGlobal('WebSocket', FakeSocket);
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1280 });
});

describe("the cart's won items", () => {
  it('lists won auctions awaiting payment with their window and a Pay action to the pay page', async () => {
    signedIn((req) =>
      req.url.pathname === '/api/me/orders/awaiting-payment' ? { body: { items: [won()] } } : undefined,
    );
    renderRoutes(routes, '/cart');
    const section = await main().findByRole('region', { name: 'Won Items Awaiting Payment (1)' });
    const item = within(section).getByRole('article', { name: 'Won: Brass Lamp' });
    expect(within(item).getByText('$25.00')).toBeTruthy();
    expect(within(item).getByText(/^Pay by Jan 3/)).toBeTruthy();
    expect(within(item).getByRole('link', { name: 'Pay for Brass Lamp' }).getAttribute('href')).toBe('/pay/W1');
    // The cart itself is empty, and says so.
    expect(main().getByText('Your cart is empty')).toBeTruthy();
  });

  it('shows nothing without won items, and a retry when they cannot be read', async () => {
    let fail = true;
    signedIn((req) =>
      req.url.pathname === '/api/me/orders/awaiting-payment'
        ? fail
          ? { status: 503, body: { error: { code: 'unavailable', message: 'Down' } } }
          : { body: { items: [] } }
        : undefined,
    );
    renderRoutes(routes, '/cart');
    expect(await main().findByText('Failed to load your won items')).toBeTruthy();
    fail = false;
    fireEvent.click(main().getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(main().queryByText('Failed to load your won items')).toBeNull());
    expect(main().queryByRole('region', { name: /Won Items/ })).toBeNull();
  });
});

describe('/pay/{orderId}', () => {
  function world(over: { order?: Order; shippingType?: 'flat' | 'free'; localPickup?: boolean } = {}) {
    let current = over.order ?? won();
    const api = signedIn((req) => {
      const path = req.url.pathname;
      if (path === '/api/orders/W1' && req.method === 'GET') return { body: current };
      if (path === '/api/listings/LAMP1') {
        return {
          body: listingDetail({
            id: 'LAMP1',
            title: 'Brass Lamp',
            status: 'sold',
            shippingType: over.shippingType ?? 'flat',
            shippingCostCents: over.shippingType === 'free' ? null : 700,
            localPickup: over.localPickup ?? false,
          }),
        };
      }
      if (path === '/api/orders/W1/payment' && req.method === 'POST') {
        current = { ...current, status: 'awaiting_signature', shippingCents: 700, totalCents: 3200 };
        return { body: current };
      }
      if (path === '/api/orders/W1/escrow-signing' && req.method === 'POST') {
        return {
          status: 201,
          body: {
            orderId: 'W1',
            uuid: '00000000-0000-4000-8000-000000000001',
            signUrl: 'http://xaman.test/sign/W1',
            qrPngUrl: 'http://xaman.test/sign/W1_q.png',
            expiresAt: new Date(Date.now() + 300_000).toISOString(),
          },
        };
      }
      if (path === '/api/me/orders/awaiting-payment') return { body: { items: [] } };
      if (path === '/api/me/orders') return { body: { items: [], nextCursor: null } };
      return undefined;
    });
    return { api, set: (o: Order) => (current = o) };
  }

  it('prices the won item with its shipping, pays with that total, then approves the escrow in the wallet', async () => {
    const w = world();
    renderRoutes(routes, '/pay/W1');
    expect(await main().findByRole('heading', { name: 'Brass Lamp' })).toBeTruthy();
    expect(main().getByText(/You won this auction/)).toBeTruthy();
    const summary = within(main().getByRole('complementary', { name: 'Order Summary' }));
    await waitFor(() => expect(summary.getByText('$7.00')).toBeTruthy());
    expect(summary.getByText('$32.00')).toBeTruthy();
    const pay = main().getByRole('button', { name: 'Pay into Escrow' });
    await waitFor(() => expect(pay.hasAttribute('disabled')).toBe(false));
    fireEvent.click(pay);

    const dialog = await screen.findByRole('dialog', { name: 'Approve the Escrow in Xaman' });
    const [paid] = w.api.find('POST', '/api/orders/W1/payment');
    expect(paid?.body).toEqual({ shipping: null, expectedTotalCents: 3200, localPickup: false });
    expect(main().queryByRole('region', { name: 'Shipping or Local Pickup' })).toBeNull();
    expect(paid?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(within(dialog).getByRole('link', { name: 'Open in Xaman Wallet' }).getAttribute('href')).toBe(
      'http://xaman.test/sign/W1',
    );
    w.set(funded(won({ status: 'awaiting_signature', totalCents: 3200 })));
    const topic = 'user:01JUSER';
    for (const socket of FakeSocket.instances) {
      act(() =>
        socket.emit({
          type: 'event',
          topic,
          event: {
            id: 'order.updated:W1:funded',
            occurredAt: new Date().toISOString(),
            type: 'order.updated',
            topic,
            data: { orderId: 'W1', status: 'funded' },
          },
        }),
      );
    }
    expect(await screen.findByText('Checkout Successful')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'My Activity' })).toBeTruthy();
  });

  it('lets the winner collect an item whose listing also offers local pickup: no shipping, and it says so', async () => {
    const w = world({ localPickup: true });
    renderRoutes(routes, '/pay/W1');
    const choice = await main().findByRole('region', { name: 'Shipping or Local Pickup' });
    const summary = within(main().getByRole('complementary', { name: 'Order Summary' }));
    await waitFor(() => expect(summary.getByText('$32.00')).toBeTruthy());
    fireEvent.click(within(choice).getByRole('radio', { name: /Local pickup/ }));
    // Shipping $0.00, and the total is the winning bid alone.
    expect(summary.getByText('$0.00')).toBeTruthy();
    expect(summary.getAllByText('$25.00')).toHaveLength(2);
    expect(main().getByText('Collected from the seller (local pickup).')).toBeTruthy();
    const pay = main().getByRole('button', { name: 'Pay into Escrow' });
    await waitFor(() => expect(pay.hasAttribute('disabled')).toBe(false));
    fireEvent.click(pay);
    await screen.findByRole('dialog', { name: 'Approve the Escrow in Xaman' });
    const [paid] = w.api.find('POST', '/api/orders/W1/payment');
    expect(paid?.body).toEqual({ shipping: null, expectedTotalCents: 2500, localPickup: true });
  });

  it('says so when the window has passed, and offers nothing to pay', async () => {
    world({ order: won({ status: 'cancelled', cancelReason: 'payment_lapsed' }) });
    renderRoutes(routes, '/pay/W1');
    expect(await main().findByText('The 48 hours to pay for this item have passed.')).toBeTruthy();
    expect(main().queryByRole('button', { name: 'Pay into Escrow' })).toBeNull();
  });

  it("is 'Order not found' for an order that is not the caller's", async () => {
    world();
    renderRoutes(routes, '/pay/OTHER');
    expect(await main().findByText('Order not found')).toBeTruthy();
    expect(main().getByRole('link', { name: 'Back to Cart' }).getAttribute('href')).toBe('/cart');
  });
});

describe('My Activity: auction orders', () => {
  it('shows the winner Pay Now; the seller of a lapsed order offers a second chance or relists', async () => {
    const lapsedSale = won({
      role: 'seller',
      status: 'cancelled',
      cancelReason: 'payment_lapsed',
      buyer: { id: '01JOTHER', username: 'carl' },
      seller: { id: '01JUSER', username: 'alice_1' },
      auction: {
        listingId: 'LAMP1',
        round: 'winner',
        paymentDueAt: DUE,
        sellerOptions: { secondChanceCents: 2400, relist: true },
        sellerChoice: null,
      },
    });
    let offered = false;
    const api = signedIn((req) => {
      if (req.url.pathname === '/api/me/orders') {
        const seller = req.url.searchParams.get('role') === 'seller';
        const sale: Order = offered
          ? {
              ...lapsedSale,
              auction: { ...lapsedSale.auction!, sellerOptions: null, sellerChoice: { kind: 'second_chance' } },
            }
          : lapsedSale;
        return { body: { items: seller ? [sale] : [won()], nextCursor: null } };
      }
      if (req.url.pathname === '/api/orders/W1/second-chance') {
        offered = true;
        return { body: lapsedSale };
      }
      return undefined;
    }, true);
    renderRoutes(routes, '/activity');
    const purchase = await main().findByRole('article', { name: 'Purchase: Brass Lamp' });
    expect(within(purchase).getByText('Awaiting payment')).toBeTruthy();
    expect(within(purchase).getByRole('link', { name: 'Pay for Brass Lamp' }).getAttribute('href')).toBe('/pay/W1');

    fireEvent.click(main().getByRole('tab', { name: /Sales/ }));
    const sale = await main().findByRole('article', { name: 'Sale: Brass Lamp' });
    expect(within(sale).getByText('carl did not pay within 48 hours.', { exact: false })).toBeTruthy();
    expect(within(sale).getByRole('button', { name: 'Relist Brass Lamp' })).toBeTruthy();
    fireEvent.click(
      within(sale).getByRole('button', { name: 'Offer Brass Lamp to the next highest bidder at $24.00' }),
    );
    expect(await screen.findByText('Second Chance Offered')).toBeTruthy();
    expect(api.find('POST', '/api/orders/W1/second-chance')[0]?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(await main().findByText('Offered to the next highest bidder (a new order).')).toBeTruthy();
  });
});

describe('/item/{id} of an auction that ended unsold', () => {
  function ended(viewerIsSeller: boolean) {
    saveSession();
    return stubApi(
      sessionRoutes(
        () => user({ id: viewerIsSeller ? 'S1' : '01JUSER', isSeller: viewerIsSeller }),
        (req) => {
          const path = req.url.pathname;
          if (path === '/api/listings/LAMP1') {
            return {
              body: listingDetail({
                id: 'LAMP1',
                title: 'Brass Lamp',
                listingType: 'auction',
                status: 'ended',
                endsAt: '2026-01-01T12:00:00.000Z',
                quantityAvailable: 0,
              }),
            };
          }
          if (path === '/api/listings/LAMP1/relist') {
            return { status: 201, body: { id: 'LAMP2' } };
          }
          if (path === '/api/listings/LAMP2') return { body: listingDetail({ id: 'LAMP2', title: 'Brass Lamp' }) };
          if (path === '/api/me/notifications/summary') return { body: { unreadCount: 0, latest: [] } };
          if (path === '/api/me/cart') return { body: serverCart([]) };
          if (path === '/api/me/wishlist') return { body: { items: [], count: 0 } };
          if (path === '/api/wallet/balances') return { body: balances([]) };
          return { body: { items: [], nextCursor: null } };
        },
      ),
    );
  }

  it('shows Ended without bidding or buying controls', async () => {
    ended(false);
    renderRoutes(routes, '/item/LAMP1');
    const notice = await main().findByRole('region', { name: 'Ended' });
    expect(within(notice).getByText('This auction has ended and the item was not sold.')).toBeTruthy();
    expect(within(notice).queryByRole('button', { name: /Relist/ })).toBeNull();
    expect(main().getAllByText('Ended').length).toBeGreaterThanOrEqual(2);
  });

  it('lets its seller relist it with a new end date (checked before sending)', async () => {
    const api = ended(true);
    renderRoutes(routes, '/item/LAMP1');
    fireEvent.click(await main().findByRole('button', { name: 'Relist Brass Lamp' }));
    const dialog = await screen.findByRole('dialog', { name: 'Relist Auction' });
    const input = within(dialog).getByLabelText(/Auction End Date/);
    fireEvent.change(input, { target: { value: '2020-01-01T10:00' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Relist' }));
    expect(await within(dialog).findByText('Choose a time at least 5 minutes from now')).toBeTruthy();
    expect(api.find('POST', '/api/listings/LAMP1/relist')).toHaveLength(0);
    const later = new Date(Date.now() + 3 * 86_400_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    fireEvent.change(input, {
      target: {
        value: `${later.getFullYear()}-${pad(later.getMonth() + 1)}-${pad(later.getDate())}T${pad(later.getHours())}:00`,
      },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Relist' }));
    expect(await screen.findByText('Auction Relisted')).toBeTruthy();
    const [sent] = api.find('POST', '/api/listings/LAMP1/relist');
    expect(Date.parse((sent?.body as { endsAt: string }).endsAt)).toBeGreaterThan(Date.now());
  });
});
