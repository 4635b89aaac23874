import './support/setup';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Cart } from '../../shared/api/cart';
import type { Order, ShippingQuoteView } from '../../shared/api/orders';
import type { Profile } from '../../shared/api/profile';
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
import { pending } from './support/fetch-stub';
import { cartLine, funded, order, profile, serverCart } from './support/cart-fixture';
import { page } from './support/listing-fixture';
import { renderRoutes } from './support/render';

const main = () => within(screen.getByRole('main'));
const createButton = () => main().findByRole('button', { name: /Create Escrow & Checkout|Processing/ });

const desk = cartLine({ listingId: 'DESK1', title: 'Oak Desk', sellerId: 'S1', sellerName: 'alice' });
const lamp = cartLine({
  listingId: 'LAMP1',
  title: 'Brass Lamp',
  sellerId: 'S2',
  sellerName: 'bob',
  unitPriceCents: 4000,
  shippingType: 'flat',
  shippingCostCents: 500,
});

function quote(overrides: Partial<ShippingQuoteView> = {}): ShippingQuoteView {
  return {
    quoteId: 'Q1',
    source: 'carrier',
    options: [
      {
        id: 'FEDEX_GROUND',
        name: 'FedEx Ground',
        costCents: 1299,
        estimatedDays: '3-5 business days',
        description: 'Ground',
      },
      { id: 'FEDEX_2_DAY', name: 'FedEx 2Day', costCents: 3499, estimatedDays: '2 business days', description: '2Day' },
    ],
    expiresAt: new Date(Date.now() + 15 * 60_000).toISOString(),
    ...overrides,
  };
}

interface World {
  cart: Cart;
  me: Profile;
  rlusdCents: number;
  quote: ShippingQuoteView | null;
  orders: Order[];
  /** Where each order is now (GET /api/orders/{id}). */
  state: Map<string, Order>;
  checkout?: (req: ApiRequest) => ApiAnswer | undefined;
  signing?: (req: ApiRequest) => ApiAnswer | undefined;
}

function world(overrides: Partial<World> = {}): World {
  return {
    cart: serverCart([desk, lamp]),
    me: profile(),
    rlusdCents: 100_000,
    quote: quote(),
    orders: [],
    state: new Map(),
    ...overrides,
  };
}

/** Signed in as alice_1 with the world's cart, profile, balance, shipping quote and orders. */
function signedIn(w: World) {
  saveSession();
  let quotes = 0;
  const api = stubApi(
    sessionRoutes(
      () => user(),
      (req) => {
        const path = req.url.pathname;
        if (path === '/api/listings') return { body: page([]) };
        if (path === '/api/me/notifications/summary') return { body: { unreadCount: 0, latest: [] } };
        if (path === '/api/me/wishlist') return { body: { items: [], count: 0 } };
        if (path === '/api/me/profile') return { body: w.me };
        if (path === '/api/wallet/balances') {
          return { body: balances([{ currency: 'RLUSD', value: String(w.rlusdCents / 100), cents: w.rlusdCents }]) };
        }
        if (path === '/api/me/cart' && req.method === 'GET') return { body: w.cart };
        const item = /^\/api\/me\/cart\/items\/(\w+)$/.exec(path)?.[1];
        if (item && req.method === 'PUT') {
          const quantity = (req.body as { quantity: number }).quantity;
          w.cart = serverCart(w.cart.items.map((l) => (l.listingId === item ? cartLine({ ...l, quantity }) : l)));
          return { body: w.cart };
        }
        if (path === '/api/checkout/shipping-options') {
          quotes += 1;
          return { body: { quote: w.quote && { ...w.quote, quoteId: `${w.quote.quoteId}N${quotes}` } } };
        }
        if (path === '/api/checkout' && req.method === 'POST') {
          return w.checkout?.(req) ?? { status: 201, body: { checkoutId: 'C1', orders: w.orders } };
        }
        const signing = /^\/api\/orders\/(\w+)\/escrow-signing$/.exec(path)?.[1];
        if (signing) {
          return (
            w.signing?.(req) ?? {
              status: 201,
              body: {
                orderId: signing,
                uuid: `00000000-0000-4000-8000-00000000000${signing.slice(-1)}`,
                signUrl: `http://xaman.test/sign/${signing}`,
                qrPngUrl: `http://xaman.test/sign/${signing}_q.png`,
                expiresAt: new Date(Date.now() + 5 * 60_000).toISOString(),
              },
            }
          );
        }
        const orderId = /^\/api\/orders\/(\w+)$/.exec(path)?.[1];
        if (orderId) {
          const o = w.state.get(orderId) ?? w.orders.find((x) => x.id === orderId);
          return o ? { body: o } : undefined;
        }
        if (path === '/api/me/orders') return { body: { items: [...w.state.values()], nextCursor: null } };
        return undefined;
      },
    ),
  );
  return api;
}

/** The server moved an order: its new state, and the `order.updated` push on the user's topic. */
function moveOrder(w: World, next: Order) {
  w.state.set(next.id, next);
  const topic = 'user:01JUSER';
  for (const socket of FakeSocket.instances) {
    act(() =>
      socket.emit({
        type: 'event',
        topic,
        event: {
          id: `order.updated:${next.id}:${next.status}`,
          occurredAt: new Date().toISOString(),
          type: 'order.updated',
          topic,
          data: { orderId: next.id, status: next.status },
        },
      }),
    );
  }
}

async function chooseGround() {
  const group = await main().findByRole('group', { name: 'Choose a shipping service' });
  fireEvent.click(within(group).getByRole('radio', { name: /FedEx Ground/ }));
}

/** Chooses FedEx Ground and presses Create Escrow & Checkout once it is enabled; the button, for what follows. */
async function chooseGroundAndCreate(): Promise<HTMLElement> {
  await chooseGround();
  const button = await createButton();
  await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
  fireEvent.click(button);
  return button;
}

beforeEach(() => {
  clearLocalCart();
  // Not emptied between tests: the page's one socket may still be the one an earlier test opened.
  vi.stubGlobal('WebSocket', FakeSocket);
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1280 });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('/checkout: what it shows (spec part 2 "Checkout")', () => {
  it("asks a signed-out visitor to connect: 'Authentication Required'", async () => {
    stubApi((req) => (req.url.pathname === '/api/listings' ? { body: page([]) } : undefined));
    renderRoutes(routes, '/checkout');
    expect(await screen.findByText('Authentication Required')).toBeTruthy();
    expect(screen.getByText('Please connect your wallet to proceed with checkout')).toBeTruthy();
    expect(main().getByText('Connect your wallet to proceed with checkout')).toBeTruthy();
    fireEvent.click(main().getByRole('button', { name: 'Connect Wallet' }));
    expect(await screen.findByRole('dialog', { name: 'Connect Your Wallet' })).toBeTruthy();
  });

  it("says 'Loading checkout...' while the cart loads", async () => {
    saveSession();
    stubApi(
      sessionRoutes(
        () => user(),
        (req) => (req.url.pathname === '/api/me/cart' ? pending() : undefined),
      ),
    );
    renderRoutes(routes, '/checkout');
    expect(await main().findByText('Loading checkout...')).toBeTruthy();
  });

  it('goes back to /cart one second after an empty cart loaded', async () => {
    signedIn(world({ cart: serverCart([]) }));
    const { router } = renderRoutes(routes, '/checkout');
    expect(await main().findByText('Please add items to your cart before checking out')).toBeTruthy();
    const shown = Date.now();
    await waitFor(() => expect(router.state.location.pathname).toBe('/cart'), { timeout: 3000 });
    expect(Date.now() - shown).toBeGreaterThanOrEqual(900);
  });

  it('shows the lines, the address, the shipping picker, and needs a service before the escrow can be made', async () => {
    const api = signedIn(world());
    renderRoutes(routes, '/checkout');
    const items = await main().findByRole('list', { name: 'Items to buy' });
    expect(
      within(items)
        .getAllByRole('article')
        .map((a) => a.getAttribute('aria-label')),
    ).toEqual(['Oak Desk', 'Brass Lamp']);
    expect(main().getByText(/1 Market St, San Francisco, CA, 94105, United States/)).toBeTruthy();
    const button = await createButton();
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(await main().findByText('Please select a shipping service to continue')).toBeTruthy();
    await chooseGround();
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    expect(main().queryByText('Please select a shipping service to continue')).toBeNull();
    const summary = within(main().getByRole('complementary', { name: 'Order Summary' }));
    // $25 + $40 items, $5 flat shipping, $12.99 FedEx Ground.
    expect(summary.getByText('$65.00')).toBeTruthy();
    expect(summary.getByText('$5.00')).toBeTruthy();
    expect(summary.getByText('FedEx Ground: $12.99')).toBeTruthy();
    expect(summary.getByText('$82.99')).toBeTruthy();
    expect(summary.getByText('$1,000.00 RLUSD')).toBeTruthy();
    expect(summary.getByText('2 shipped, 3-5 business days')).toBeTruthy();
    expect(api.find('GET', '/api/checkout/shipping-options')).toHaveLength(1);
  });

  it("says 'Please update your address in settings' without an address", async () => {
    signedIn(world({ me: profile({ address: null }) }));
    renderRoutes(routes, '/checkout');
    expect(await main().findByText('Please update your address in settings')).toBeTruthy();
  });

  it('has no picker when nothing ships with calculated shipping', async () => {
    const pickup = cartLine({ shippingType: 'local', isLocalPickup: true });
    const api = signedIn(world({ cart: serverCart([pickup, lamp]) }));
    renderRoutes(routes, '/checkout');
    const button = await createButton();
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    expect(main().queryByRole('group', { name: 'Choose a shipping service' })).toBeNull();
    expect(main().getByText('1 shipped · 1 local pickup')).toBeTruthy();
    expect(api.find('GET', '/api/checkout/shipping-options')).toHaveLength(0);
  });

  it('offers local pickup per seller whose items all offer it: nothing shipped from them, free, and sent with checkout', async () => {
    const w = world({
      cart: serverCart([
        cartLine({ offersLocalPickup: true }),
        cartLine({ listingId: 'CHAIR1', title: 'Chair', sellerId: 'S3', sellerName: 'carol', unitPriceCents: 1000 }),
        lamp,
      ]),
    });
    const api = signedIn(w);
    renderRoutes(routes, '/checkout');
    const choice = await main().findByRole('region', { name: 'Shipping or Local Pickup' });
    // The lines that offer it say so; the others do not.
    const items = within(main().getByRole('list', { name: 'Items to buy' }));
    expect(within(items.getByRole('article', { name: 'Oak Desk' })).getByText(/Local pickup available/)).toBeTruthy();
    expect(within(items.getByRole('article', { name: 'Chair' })).queryByText(/Local pickup available/)).toBeNull();
    // Only alice's items all offer pickup; shipping is the default.
    expect(
      within(choice)
        .getAllByRole('group')
        .map((g) => g.querySelector('legend')?.textContent),
    ).toEqual(['Items from alice']);
    expect((within(choice).getByRole('radio', { name: /Ship to my address/ }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(choice).getByRole('radio', { name: /Local pickup/ }));
    expect(within(choice).getByText('Collect from alice (Austin, TX)')).toBeTruthy();
    // The options are read again without alice's box, and a service is needed again for carol's.
    await waitFor(() =>
      expect(api.find('GET', '/api/checkout/shipping-options').map((r) => r.url.searchParams.get('pickup'))).toEqual([
        null,
        'S1',
      ]),
    );
    await chooseGround();
    const summary = within(main().getByRole('complementary', { name: 'Order Summary' }));
    // $25 + $10 + $40 items, $5 flat shipping (bob's), $12.99 FedEx Ground (carol's box).
    expect(summary.getByText('$92.99')).toBeTruthy();
    expect(summary.getByText('2 shipped, 3-5 business days · 1 local pickup')).toBeTruthy();
    fireEvent.click(await createButton());
    await waitFor(() => expect(api.find('POST', '/api/checkout')).toHaveLength(1));
    expect(api.find('POST', '/api/checkout')[0]?.body).toEqual({
      shipping: { quoteId: 'Q1N2', optionId: 'FEDEX_GROUND' },
      localPickupSellerIds: ['S1'],
      expectedTotalCents: 9299,
    });
  });

  it('drops the flat shipping and the service of a seller collected from', async () => {
    const w = world({ cart: serverCart([cartLine({ ...lamp, offersLocalPickup: true })]) });
    signedIn(w);
    renderRoutes(routes, '/checkout');
    const summary = within(await main().findByRole('complementary', { name: 'Order Summary' }));
    expect(await summary.findByText('$45.00')).toBeTruthy();
    fireEvent.click(await main().findByRole('radio', { name: /Local pickup/ }));
    expect(await summary.findByText('1 local pickup')).toBeTruthy();
    expect(summary.queryByText('Flat-rate shipping')).toBeNull();
    // The line is shown as it will be bought: a pickup, its total without shipping.
    const line = within(main().getByRole('article', { name: 'Brass Lamp' }));
    expect(line.getByText('Local Pickup')).toBeTruthy();
    expect(line.getByText(/Pick up in Austin, TX/)).toBeTruthy();
    expect(summary.getAllByText('$40.00').length).toBeGreaterThan(0);
  });

  it("disables the button below the total: 'Insufficient balance. You need $X more ...'", async () => {
    signedIn(world({ rlusdCents: 7_000 }));
    renderRoutes(routes, '/checkout');
    await chooseGround();
    expect(
      await main().findByText('Insufficient balance. You need $12.99 more to complete this purchase.'),
    ).toBeTruthy();
    expect((await createButton()).hasAttribute('disabled')).toBe(true);
  });

  it.each([
    ['estimated', 'FedEx API Error', 'Failed to get real shipping rates. Using estimated rates.'],
    ['standard', 'Shipping Rates Error', 'Unable to load FedEx rates. Using standard shipping options.'],
  ] as const)('announces %s rates: %s', async (source, title, description) => {
    signedIn(world({ quote: quote({ source }) }));
    renderRoutes(routes, '/checkout');
    expect(await screen.findByText(title)).toBeTruthy();
    expect(screen.getByText(description)).toBeTruthy();
  });

  it('reloads the options and resets the chosen service when a quantity changes', async () => {
    const w = world({ cart: serverCart([cartLine({ available: 3 })]) });
    const api = signedIn(w);
    renderRoutes(routes, '/checkout');
    await chooseGround();
    const button = await createButton();
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    fireEvent.click(main().getByRole('button', { name: 'Increase quantity of Oak Desk' }));
    await waitFor(() => expect(api.find('GET', '/api/checkout/shipping-options')).toHaveLength(2));
    expect(await main().findByText('Please select a shipping service to continue')).toBeTruthy();
    const group = await main().findByRole('group', { name: 'Choose a shipping service' });
    expect(
      within(group)
        .getAllByRole('radio')
        .some((r) => (r as HTMLInputElement).checked),
    ).toBe(false);
  });
});

describe('/checkout: creating the escrows (spec part 2 "Escrow creation")', () => {
  function twoOrders(w: World) {
    w.orders = [
      order({ id: 'O1', seller: { id: 'S1', username: 'alice' }, totalCents: 3799 }),
      order({ id: 'O2', seller: { id: 'S2', username: 'bob' }, totalCents: 4500 }),
    ];
  }

  it('checks out once, then has each escrow signed in turn, and goes to /activity', async () => {
    const w = world();
    twoOrders(w);
    const api = signedIn(w);
    const { router } = renderRoutes(routes, '/checkout');
    await chooseGroundAndCreate();

    const dialog = await screen.findByRole('dialog', { name: 'Approve the Escrow in Xaman' });
    expect(await screen.findByText('Escrow Payload Created')).toBeTruthy();
    expect(screen.getByText('Sign the escrow for alice in Xaman.')).toBeTruthy();
    const [placed] = api.find('POST', '/api/checkout');
    expect(placed?.body).toEqual({
      shipping: { quoteId: 'Q1N1', optionId: 'FEDEX_GROUND' },
      localPickupSellerIds: [],
      expectedTotalCents: 8299,
    });
    expect(placed?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    const [first] = api.find('POST', '/api/orders/O1/escrow-signing');
    expect(first?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(first?.idempotencyKey).not.toBe(placed?.idempotencyKey);
    expect(within(dialog).getByText('Escrow 1 of 2')).toBeTruthy();
    expect(within(dialog).getByText('$37.99 RLUSD')).toBeTruthy();
    expect(within(dialog).getByText('alice')).toBeTruthy();
    expect(
      within(dialog).getByRole('img', { name: 'QR code to approve the escrow with Xaman' }).getAttribute('src'),
    ).toBe('http://xaman.test/sign/O1_q.png');
    const open = within(dialog).getByRole('link', { name: 'Open in Xaman Wallet' });
    expect(open.getAttribute('href')).toBe('http://xaman.test/sign/O1');
    expect(open.getAttribute('target')).toBe('_blank');
    // Focus is inside the dialog (Radix moves it there and keeps it there).
    expect(dialog.contains(document.activeElement)).toBe(true);

    // Signed: the server is submitting it, then funds it.
    moveOrder(w, { ...w.orders[0]!, status: 'submitting' });
    expect(await within(dialog).findByText('Signed. Creating the escrow on the ledger...')).toBeTruthy();
    moveOrder(w, funded(w.orders[0]!));
    expect(await within(dialog).findByText('Escrow 2 of 2')).toBeTruthy();
    expect(await screen.findByText('Escrow Created')).toBeTruthy();
    expect(screen.getByText('alice is paid from the escrow once the item is delivered or picked up.')).toBeTruthy();
    expect(within(dialog).getByText('bob')).toBeTruthy();
    expect(api.find('POST', '/api/orders/O2/escrow-signing')).toHaveLength(1);
    const cartReads = api.find('GET', '/api/me/cart').length;
    moveOrder(w, funded(w.orders[1]!));

    expect(await screen.findByText('Checkout Successful')).toBeTruthy();
    expect(
      screen.getByText('Created 2 escrow transaction(s). Check your activity page for status updates.'),
    ).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/activity'));
    expect(await screen.findByText('Balances Updated')).toBeTruthy();
    expect(api.find('GET', '/api/me/cart').length).toBeGreaterThan(cartReads);
    expect(api.find('POST', '/api/checkout')).toHaveLength(1);
  });

  it.each([
    ['signing_cancelled', 'Transaction Cancelled'],
    ['signing_expired', 'Transaction Expired'],
    ['ledger_failed', 'Escrow Creation Failed'],
  ])(
    "a cancelled order (%s) says '%s'; with none funded, 'Failed to create any escrow transactions'",
    async (reason, title) => {
      const w = world();
      w.orders = [order({ id: 'O1' })];
      signedIn(w);
      const { router } = renderRoutes(routes, '/checkout');
      await chooseGroundAndCreate();
      await screen.findByRole('dialog', { name: 'Approve the Escrow in Xaman' });
      moveOrder(w, { ...w.orders[0]!, status: 'cancelled', cancelReason: reason });
      expect(await screen.findByText(title)).toBeTruthy();
      expect(await screen.findByText('Failed to create any escrow transactions')).toBeTruthy();
      expect(screen.getByText('Checkout Failed')).toBeTruthy();
      expect(screen.queryByRole('dialog', { name: 'Approve the Escrow in Xaman' })).toBeNull();
      expect(router.state.location.pathname).toBe('/checkout');
    },
  );

  it('goes on to the next order after one fails, and counts only the funded ones', async () => {
    const w = world();
    twoOrders(w);
    signedIn(w);
    const { router } = renderRoutes(routes, '/checkout');
    await chooseGroundAndCreate();
    const dialog = await screen.findByRole('dialog', { name: 'Approve the Escrow in Xaman' });
    moveOrder(w, { ...w.orders[0]!, status: 'cancelled', cancelReason: 'signing_cancelled' });
    expect(await screen.findByText('Transaction Cancelled')).toBeTruthy();
    expect(await within(dialog).findByText('Escrow 2 of 2')).toBeTruthy();
    moveOrder(w, funded(w.orders[1]!));
    expect(
      await screen.findByText('Created 1 escrow transaction(s). Check your activity page for status updates.'),
    ).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/activity'));
  });

  it("Cancel (after a confirmation) withdraws the open request like a rejection in Xaman, then the next order's", async () => {
    const w = world();
    twoOrders(w);
    w.signing = (req) => {
      if (req.method !== 'DELETE') return undefined;
      const id = req.url.pathname.split('/')[3]!;
      const cancelled = { ...w.orders.find((o) => o.id === id)!, status: 'cancelled' as const };
      w.state.set(id, { ...cancelled, cancelReason: 'signing_cancelled' });
      return { body: w.state.get(id) };
    };
    const api = signedIn(w);
    const { router } = renderRoutes(routes, '/checkout');
    await chooseGroundAndCreate();
    const dialog = await screen.findByRole('dialog', { name: 'Approve the Escrow in Xaman' });
    expect(within(dialog).getByText(/^The request expires at /)).toBeTruthy();
    // Escape does not close the dialog; from the confirmation it steps back.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(within(dialog).getByRole('group', { name: /Cancel this escrow request\?/ })).toBeTruthy();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(within(dialog).queryByRole('group', { name: /Cancel this escrow request/ })).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Approve the Escrow in Xaman' })).toBe(dialog);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel Request' }));
    expect(await screen.findByText('Transaction Cancelled')).toBeTruthy();
    expect(await within(dialog).findByText('Escrow 2 of 2')).toBeTruthy();
    expect(api.find('DELETE', '/api/orders/O1/escrow-signing')).toHaveLength(1);
    // The second request starts with its own Cancel, not the first one's confirmation.
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeTruthy();
    moveOrder(w, funded(w.orders[1]!));
    expect(
      await screen.findByText('Created 1 escrow transaction(s). Check your activity page for status updates.'),
    ).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/activity'));
    expect(api.find('DELETE', '/api/orders/O2/escrow-signing')).toHaveLength(0);
  });

  it("shows the server's words when the order moved on meanwhile (409), and follows it to its end", async () => {
    const w = world();
    w.orders = [order({ id: 'O1' })];
    w.signing = (req) =>
      req.method === 'DELETE'
        ? {
            status: 409,
            body: { error: { code: 'order_submitting', message: 'This payment is being confirmed on the ledger.' } },
          }
        : undefined;
    signedIn(w);
    renderRoutes(routes, '/checkout');
    await chooseGroundAndCreate();
    const dialog = await screen.findByRole('dialog', { name: 'Approve the Escrow in Xaman' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel Request' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'This payment is being confirmed on the ledger.',
    );
    moveOrder(w, { ...w.orders[0]!, status: 'submitting' });
    expect(await within(dialog).findByText('Signed. Creating the escrow on the ledger...')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Cancel' })).toBeNull();
    moveOrder(w, funded(w.orders[0]!));
    expect(await screen.findByText('Checkout Successful')).toBeTruthy();
  });

  it("polls the order when no push arrives (2 s, then every 5 s) and gives up after 60 reads: 'Transaction Timeout'", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const w = world();
    w.orders = [order({ id: 'O1' })];
    const api = signedIn(w);
    renderRoutes(routes, '/checkout');
    await chooseGroundAndCreate();
    await screen.findByRole('dialog', { name: 'Approve the Escrow in Xaman' });
    // One read as the order's topic is followed (an update may have come before), then the schedule.
    await waitFor(() => expect(api.find('GET', '/api/orders/O1')).toHaveLength(1));
    const scheduled = () => api.find('GET', '/api/orders/O1').length - 1;
    await act(() => vi.advanceTimersByTimeAsync(1_500));
    expect(scheduled()).toBe(0);
    await act(() => vi.advanceTimersByTimeAsync(600));
    await waitFor(() => expect(scheduled()).toBe(1));
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    await waitFor(() => expect(scheduled()).toBe(2));
    // Each read is answered before the next is scheduled: step until it gives up.
    for (let i = 0; i < 120 && !screen.queryByText('Transaction Timeout'); i++) {
      const before = scheduled();
      await act(() => vi.advanceTimersByTimeAsync(5_000));
      await waitFor(() => expect(scheduled() > before || !!screen.queryByText('Transaction Timeout')).toBe(true));
    }
    expect(await screen.findByText('Transaction Timeout')).toBeTruthy();
    expect(screen.getByText('Transaction signing timed out. Please try again.')).toBeTruthy();
    expect(scheduled()).toBe(60);
  });

  it("shows 'Escrow Not Available' with the server's text for FEATURE_NOT_ENABLED", async () => {
    const message =
      'TokenEscrow feature is not enabled yet on this network. This transaction type is not currently supported.';
    const w = world({
      checkout: () => ({ status: 409, body: { error: { code: 'FEATURE_NOT_ENABLED', message } } }),
    });
    signedIn(w);
    renderRoutes(routes, '/checkout');
    const button = await chooseGroundAndCreate();
    expect(await screen.findByText('Escrow Not Available')).toBeTruthy();
    expect(screen.getByText(message)).toBeTruthy();
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
  });

  /** Checks out one order whose wallet request the server answers with `status` and `error`. */
  async function signingRefused(status: number, error: { code: string; message: string }) {
    const w = world({ signing: () => ({ status, body: { error } }) });
    w.orders = [order({ id: 'O1' })];
    signedIn(w);
    renderRoutes(routes, '/checkout');
    await chooseGroundAndCreate();
  }

  it.each(['seller_cannot_receive', 'buyer_no_rlusd', 'escrow_not_available'])(
    "shows 'Escrow Not Available' for %s when the signing request is refused",
    async (code) => {
      await signingRefused(409, { code, message: `Refused: ${code}` });
      expect(await screen.findByText('Escrow Not Available')).toBeTruthy();
      expect(screen.getByText(`Refused: ${code}`)).toBeTruthy();
      expect(await screen.findByText('Failed to create any escrow transactions')).toBeTruthy();
    },
  );

  it("asks to connect again when the session ended before the escrow request: 'Authentication Required'", async () => {
    await signingRefused(401, { code: 'unauthorized', message: 'Sign in to continue' });
    expect(await screen.findByText('Authentication Required')).toBeTruthy();
    expect(screen.getByText('Please connect your wallet to create an escrow')).toBeTruthy();
    expect(screen.queryByText('Escrow Payload Created')).toBeNull();
  });

  it('on price_changed shows the message and reads the cart and the options again', async () => {
    const message = 'The total is now $90.00. Prices or shipping changed since you opened checkout.';
    const w = world({ checkout: () => ({ status: 409, body: { error: { code: 'price_changed', message } } }) });
    const api = signedIn(w);
    renderRoutes(routes, '/checkout');
    await chooseGround();
    const button = await createButton();
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    const carts = api.find('GET', '/api/me/cart').length;
    fireEvent.click(button);
    expect(await screen.findByText('Checkout Failed')).toBeTruthy();
    expect(screen.getByText(message)).toBeTruthy();
    await waitFor(() => expect(api.find('GET', '/api/me/cart').length).toBeGreaterThan(carts));
    await waitFor(() => expect(api.find('GET', '/api/checkout/shipping-options')).toHaveLength(2));
  });

  it('on shipping_changed reads the options again and asks for a service again', async () => {
    const message = 'Shipping rates changed. Please choose a shipping service again.';
    const w = world({ checkout: () => ({ status: 409, body: { error: { code: 'shipping_changed', message } } }) });
    const api = signedIn(w);
    renderRoutes(routes, '/checkout');
    await chooseGroundAndCreate();
    expect(await screen.findByText(message)).toBeTruthy();
    await waitFor(() => expect(api.find('GET', '/api/checkout/shipping-options')).toHaveLength(2));
    expect(await main().findByText('Please select a shipping service to continue')).toBeTruthy();
  });

  it.each([
    ['insufficient_balance', 'Insufficient balance. You need $5.00 more to complete this purchase.'],
    ['profile_incomplete', 'Please complete your profile including shipping address before checking out.'],
    // Decision 041: the hold limits.
    [
      'unpaid_orders_limit',
      'You have 3 unpaid orders waiting for your signature; at most 3 can wait at once. Pay for or cancel one in My Activity before checking out again.',
    ],
    [
      'hold_cooldown',
      'Your last checkout of Lamp ended unpaid, so it is not held for you again straight away. You can check it out again after 11:03 UTC.',
    ],
    [
      'hold_budget_spent',
      'You have already held Lamp for 15 minutes today without paying. You can check it out again after 00:00 UTC.',
    ],
  ])("shows 'Checkout Failed' with the server's message for %s", async (code, message) => {
    signedIn(world({ checkout: () => ({ status: 409, body: { error: { code, message } } }) }));
    renderRoutes(routes, '/checkout');
    await chooseGroundAndCreate();
    expect(await screen.findByText('Checkout Failed')).toBeTruthy();
    expect(screen.getByText(message)).toBeTruthy();
  });
});
