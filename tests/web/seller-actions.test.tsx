import './support/setup';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '../../shared/api/orders';
import { routes } from '../../web/src/app/router';
import { FakeSocket, signingStatusFrame, user, type ApiAnswer, type ApiRequest } from './support/api-stub';
import { funded, order } from './support/cart-fixture';
import { listingDetail } from './support/listing-fixture';
import { renderRoutes } from './support/render';
import { stubSignedIn } from './support/signed-in';

const main = () => within(screen.getByRole('main'));
const FEE_UUID = '00000000-0000-4000-8000-0000000000f1';
const SHIP_TO = {
  fullName: 'Bee Buyer',
  street: '1 Market St',
  city: 'San Francisco',
  state: 'CA',
  postalCode: '94105',
  country: 'US',
};

/** A funded order of alice_1's (01JUSER) Oak Desk, bought by buyer_bee, seen by its seller. */
function sale(overrides: Partial<Order> = {}): Order {
  return funded(
    order({
      id: 'S1',
      role: 'seller',
      buyer: { id: 'B1', username: 'buyer_bee' },
      seller: { id: '01JUSER', username: 'alice_1' },
      shipTo: SHIP_TO,
      ...overrides,
    }),
  );
}

const feeSigning = {
  status: 'signing',
  cents: 63,
  labelCents: 0,
  percent: '2.5',
  uuid: FEE_UUID,
  signUrl: 'http://xaman.test/sign/fee',
  qrPngUrl: 'http://xaman.test/sign/fee_q.png',
  expiresAt: new Date(Date.now() + 300_000).toISOString(),
};

const FEE_REQUIRED = {
  status: 409,
  body: { error: { code: 'platform_fee_required', message: 'Platform Fee Required' } },
};

/** The server's side of one order, as the seller's requests change it. */
interface Server {
  order: Order;
  /** POST /api/orders/{id}/shipment and /pickup: the answer (defaults: like the server once the fee is paid). */
  ship?(req: ApiRequest, server: Server): ApiAnswer;
  pickup?(req: ApiRequest, server: Server): ApiAnswer;
  fee?(req: ApiRequest, server: Server): ApiAnswer;
}

function signedInSeller(server: Server, more: (req: ApiRequest) => ApiAnswer | undefined = () => undefined) {
  return stubSignedIn(
    () => user({ isSeller: true }),
    (req) => {
      const path = req.url.pathname;
      const id = server.order.id;
      // The Sales tab lists return requests above the sales: none here.
      if (path === '/api/me/return-requests') return { body: { items: [], nextCursor: null } };
      if (path === '/api/me/orders') {
        const role = req.url.searchParams.get('role');
        return { body: { items: role === 'seller' ? [server.order] : [], nextCursor: null } };
      }
      if (path === `/api/orders/${id}` && req.method === 'GET') return { body: server.order };
      if (path === `/api/orders/${id}/shipment` && req.method === 'POST') return server.ship!(req, server);
      if (path === `/api/orders/${id}/pickup` && req.method === 'POST') return server.pickup!(req, server);
      if (path === `/api/orders/${id}/platform-fee` && req.method === 'POST') {
        return server.fee ? server.fee(req, server) : { body: feeSigning };
      }
      return more(req);
    },
  );
}

const paidFee = (o: Order): Order => ({
  ...o,
  platformFee: { cents: 63, percent: '2.5', paid: true, txHash: 'CD'.repeat(32) },
});
const unpaidFee = (o: Order): Order => ({
  ...o,
  platformFee: { cents: 63, percent: '2.5', paid: false, txHash: null },
});

/** Ships like the server: 409 until the fee is paid, then the order as shipped with the trimmed number. */
function shipLikeServer(req: ApiRequest, server: Server): ApiAnswer {
  if (!server.order.platformFee?.paid) return FEE_REQUIRED;
  const trackingNumber = (req.body as { trackingNumber: string }).trackingNumber.trim();
  server.order = {
    ...server.order,
    status: 'shipped',
    shippingStatus: 'shipped',
    shipment: {
      trackingNumber,
      shippedAt: '2026-01-02T00:00:00.000Z',
      deliveredAt: null,
      estimatedDeliveryAt: '2026-01-05T00:00:00.000Z',
      proof: 'seller_tracking',
    },
  };
  return { body: server.order };
}

function emit(frame: unknown) {
  for (const socket of FakeSocket.instances) act(() => socket.emit(frame));
}

function orderUpdated(orderId: string, status: Order['status']) {
  const topic = 'user:01JUSER';
  return {
    type: 'event',
    topic,
    event: {
      id: `order.updated:${orderId}:${status}`,
      occurredAt: new Date().toISOString(),
      type: 'order.updated',
      topic,
      data: { orderId, status },
    },
  };
}

async function salesCard() {
  renderRoutes(routes, '/activity?tab=sales');
  // The first render of a file loads the page's chunk: more time than findBy's default.
  const list = await main().findByRole('list', { name: 'Your sales' }, { timeout: 5_000 });
  return within(list).getByRole('article', { name: 'Sale: Oak Desk' });
}

beforeEach(() => {
  vi.stubGlobal('WebSocket', FakeSocket);
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1280 });
});

describe('a shipped sale: the tracking number (spec part 2 "Escrow status")', () => {
  it('tells the seller the last day to ship it (decision 052)', async () => {
    signedInSeller({ order: { ...sale(), shipBy: '2026-12-01' }, ship: shipLikeServer });
    const card = within(await salesCard());
    expect(card.getByText('Ship the items to the buyer. Ship by Dec 1, 2026')).toBeTruthy();
    expect(card.getByRole('group', { name: 'Seller actions: Oak Desk' }).textContent).toContain('Ship by Dec 1, 2026');
  });

  it("asks for the number, meets 'Platform Fee Required', pays the fee in Xaman and ships by itself: 'Shipping Updated'", async () => {
    const server: Server = { order: sale(), ship: shipLikeServer };
    const api = signedInSeller(server);
    const card = within(await salesCard());
    const field = card.getByRole('textbox', { name: 'FedEx Tracking Number' });
    expect(card.getByRole('group', { name: 'Seller actions: Oak Desk' })).toBeTruthy();

    // Empty (or blank): the spec's text, nothing sent.
    fireEvent.change(field, { target: { value: '   ' } });
    fireEvent.click(card.getByRole('button', { name: 'Add Tracking' }));
    expect(card.getByText('Please enter a tracking number')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field);
    expect(api.find('POST', '/api/orders/S1/shipment')).toHaveLength(0);

    fireEvent.change(field, { target: { value: '  794600000001 ' } });
    expect(card.queryByText('Please enter a tracking number')).toBeNull();
    fireEvent.click(card.getByRole('button', { name: 'Add Tracking' }));
    expect(await screen.findByText('Platform Fee Required')).toBeTruthy();
    const dialog = await screen.findByRole('dialog', { name: 'Pay the Platform Fee' });
    const d = within(dialog);
    expect(d.getByRole('img', { name: 'QR code to pay the platform fee with Xaman' }).getAttribute('src')).toBe(
      'http://xaman.test/sign/fee_q.png',
    );
    const open = d.getByRole('link', { name: 'Open in Xaman Wallet' });
    expect(open.getAttribute('href')).toBe('http://xaman.test/sign/fee');
    expect(open.getAttribute('target')).toBe('_blank');
    expect(d.getByText('$0.63 RLUSD')).toBeTruthy();
    expect(d.getByText('2.5% of $25.00')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(open));

    // Signed in Xaman; the ledger validates the payment, which the order shows.
    server.order = paidFee(server.order);
    emit(signingStatusFrame(FEE_UUID, 'signed', 'platform-fee'));
    expect(await screen.findByText('Platform Fee Paid')).toBeTruthy();
    expect(await screen.findByText('Shipping Updated')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const shipments = api.find('POST', '/api/orders/S1/shipment');
    expect(shipments.map((r) => r.body)).toEqual([
      { trackingNumber: '794600000001' },
      { trackingNumber: '794600000001' },
    ]);
    // Every money POST carries its own Idempotency-Key.
    const [fee] = api.find('POST', '/api/orders/S1/platform-fee');
    expect(fee?.body).toEqual({});
    const keys = [...shipments, fee!].map((r) => r.idempotencyKey);
    expect(keys.every(Boolean)).toBe(true);
    expect(new Set(keys).size).toBe(3);

    // The list is read again: shipped, with its tracking number and expected delivery.
    const updated = within(await main().findByRole('article', { name: 'Sale: Oak Desk' }));
    expect(await updated.findByText('794600000001')).toBeTruthy();
    expect(updated.getByText('Jan 5, 2026')).toBeTruthy();
    expect(updated.queryByRole('textbox', { name: 'FedEx Tracking Number' })).toBeNull();
    expect(updated.getByText('Shipped. The escrow is released to you once FedEx confirms delivery.')).toBeTruthy();
  });

  it("shows the carrier's answer about the number next to the field (tracking_wrong_zip) and keeps the field", async () => {
    const message = "This parcel is not going to the buyer's ZIP code.";
    const server: Server = {
      order: paidFee(sale()),
      ship: () => ({ status: 409, body: { error: { code: 'tracking_wrong_zip', message } } }),
    };
    const api = signedInSeller(server);
    const card = within(await salesCard());
    const field = card.getByRole('textbox', { name: 'FedEx Tracking Number' });
    fireEvent.change(field, { target: { value: '794600000002' } });
    fireEvent.click(card.getByRole('button', { name: 'Add Tracking' }));
    const error = await card.findByText(message);
    expect(field.getAttribute('aria-describedby')).toContain(error.id);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(field));
    // The fee was paid already: no fee request, no toast.
    expect(api.find('POST', '/api/orders/S1/platform-fee')).toHaveLength(0);
    expect(screen.queryByText('Shipping Updated')).toBeNull();
    // Editing the number clears the answer.
    fireEvent.change(field, { target: { value: '794600000003' } });
    expect(card.queryByText(message)).toBeNull();
  });

  it("ends with 'Platform fee payment was cancelled or expired' when the fee is rejected in Xaman, and ships nothing", async () => {
    const server: Server = { order: unpaidFee(sale()), ship: shipLikeServer };
    const api = signedInSeller(server);
    const card = within(await salesCard());
    fireEvent.change(card.getByRole('textbox', { name: 'FedEx Tracking Number' }), {
      target: { value: '794600000004' },
    });
    fireEvent.click(card.getByRole('button', { name: 'Add Tracking' }));
    await screen.findByRole('dialog', { name: 'Pay the Platform Fee' });
    emit(signingStatusFrame(FEE_UUID, 'cancelled', 'platform-fee'));
    expect(await screen.findByText('Platform fee payment was cancelled or expired')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.find('POST', '/api/orders/S1/shipment')).toHaveLength(1);
    expect(screen.queryByText('Platform Fee Paid')).toBeNull();
    // The field is there to try again; the fee shows as not paid.
    expect(card.getByRole('textbox', { name: 'FedEx Tracking Number' })).toBeTruthy();
    expect(card.getByText(/Platform fee: \$0\.63 RLUSD \(2\.5%\), not paid yet/)).toBeTruthy();
  });

  it('Close stops waiting for the fee without a toast; the next try asks for the fee again', async () => {
    const server: Server = { order: sale(), ship: shipLikeServer };
    const api = signedInSeller(server);
    const card = within(await salesCard());
    const submit = card.getByRole('button', { name: 'Add Tracking' });
    fireEvent.change(card.getByRole('textbox', { name: 'FedEx Tracking Number' }), {
      target: { value: '794600000005' },
    });
    submit.focus();
    fireEvent.click(submit);
    const dialog = await screen.findByRole('dialog', { name: 'Pay the Platform Fee' });
    // While the fee is being paid the button says so and takes no second press.
    // (The dialog hides the page from assistive technology meanwhile.)
    const busy = card.getByText('Paying Platform Fee...', { selector: 'button' });
    expect(busy.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await card.findByRole('button', { name: 'Add Tracking' })).toBeTruthy();
    // Focus goes back to where it was when the dialog opened.
    await waitFor(() => expect(document.activeElement).toBe(card.getByRole('button', { name: 'Add Tracking' })));
    expect(screen.queryByText('Platform fee payment was cancelled or expired')).toBeNull();
    fireEvent.click(card.getByRole('button', { name: 'Add Tracking' }));
    await screen.findByRole('dialog', { name: 'Pay the Platform Fee' });
    expect(api.find('POST', '/api/orders/S1/platform-fee')).toHaveLength(2);
  });

  it("toasts 'Escrow Completion Failed' with the server's message for an escrow no longer pending", async () => {
    const server: Server = {
      order: paidFee(sale()),
      ship: () => ({
        status: 409,
        body: { error: { code: 'order_not_pending', message: "Only a pending escrow takes the seller's actions." } },
      }),
    };
    signedInSeller(server);
    const card = within(await salesCard());
    fireEvent.change(card.getByRole('textbox', { name: 'FedEx Tracking Number' }), {
      target: { value: '794600000006' },
    });
    fireEvent.click(card.getByRole('button', { name: 'Add Tracking' }));
    expect(await screen.findByText('Escrow Completion Failed')).toBeTruthy();
    expect(screen.getByText("Only a pending escrow takes the seller's actions.")).toBeTruthy();
  });
});

describe('a local pickup: Approve with the code and Reject (spec part 2 "Escrow status", decision 040)', () => {
  const pickup = () => sale({ isLocalPickup: true, shipTo: null });
  /** Types the buyer's code into the Approve dialog and confirms. */
  const approveWith = (dialog: HTMLElement, code: string) => {
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Pickup Code' }), { target: { value: code } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve Pickup' }));
  };

  it("asks for the buyer's code; approving pays the fee first, then releases the escrow: 'Escrow Completed'", async () => {
    const server: Server = {
      order: pickup(),
      pickup: (req, s) => {
        if (!s.order.platformFee?.paid) return FEE_REQUIRED;
        expect(req.body).toEqual({ decision: 'approve', pickupCode: '48151623' });
        const releasing: Order = { ...s.order, status: 'releasing', releaseReason: 'pickup_approved' };
        s.order = { ...releasing, status: 'completed', escrowStatus: 'completed', completedAt: '2026-01-03T00:00:00Z' };
        return { body: releasing };
      },
    };
    const api = signedInSeller(server);
    const card = within(await salesCard());
    expect(card.queryByRole('textbox', { name: 'FedEx Tracking Number' })).toBeNull();
    expect(
      card.getByText(
        /Ask the buyer for the pickup code shown on their purchase page, and enter it to release the payment\./,
      ),
    ).toBeTruthy();
    const approve = card.getByRole('button', { name: 'Approve Pickup: Oak Desk' });

    // Cancel in the confirmation sends nothing and gives focus back.
    approve.focus();
    fireEvent.click(approve);
    let confirm = await screen.findByRole('dialog', { name: 'Approve Local Pickup' });
    expect(within(confirm).getByText(/Ask the buyer for the pickup code shown on their purchase page/)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(within(confirm).getByRole('textbox')));
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(approve));
    expect(api.find('POST', '/api/orders/S1/pickup')).toHaveLength(0);

    fireEvent.click(approve);
    confirm = await screen.findByRole('dialog', { name: 'Approve Local Pickup' });
    // No code, or not 8 digits: said at the field, nothing sent.
    approveWith(confirm, '');
    expect(within(confirm).getByText('Please enter the pickup code')).toBeTruthy();
    approveWith(confirm, '4815');
    expect(within(confirm).getByText('The pickup code has 8 digits.')).toBeTruthy();
    expect(api.find('POST', '/api/orders/S1/pickup')).toHaveLength(0);
    approveWith(confirm, '4815 1623');
    expect(await screen.findByText('Platform Fee Required')).toBeTruthy();
    await screen.findByRole('dialog', { name: 'Pay the Platform Fee' });
    server.order = paidFee(server.order);
    emit(signingStatusFrame(FEE_UUID, 'signed', 'platform-fee'));
    expect(await screen.findByText('Platform Fee Paid')).toBeTruthy();
    expect(await screen.findByText('Escrow Completed')).toBeTruthy();
    expect(screen.getByText('$25.00 RLUSD was released to you.')).toBeTruthy();
    expect(api.find('POST', '/api/orders/S1/pickup').map((r) => r.body)).toEqual([
      { decision: 'approve', pickupCode: '48151623' },
      { decision: 'approve', pickupCode: '48151623' },
    ]);
    // The controls are gone; what the order says now has the focus.
    const note = await card.findByText('The escrow was released to you on Jan 3, 2026.');
    expect(card.queryByRole('button', { name: /Approve Pickup/ })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(note));
  });

  it("follows a release the ledger confirms later (order.updated) before saying 'Escrow Completed'", async () => {
    const server: Server = {
      order: paidFee(pickup()),
      pickup: (_req, s) => {
        s.order = { ...s.order, status: 'releasing', releaseReason: 'pickup_approved' };
        return { body: s.order };
      },
    };
    signedInSeller(server);
    const card = within(await salesCard());
    fireEvent.click(card.getByRole('button', { name: 'Approve Pickup: Oak Desk' }));
    approveWith(await screen.findByRole('dialog', { name: 'Approve Local Pickup' }), '48151623');
    expect(await card.findByRole('button', { name: 'Releasing Escrow...: Oak Desk' })).toBeTruthy();
    expect(screen.queryByText('Escrow Completed')).toBeNull();
    server.order = { ...server.order, status: 'completed', escrowStatus: 'completed' };
    emit(orderUpdated('S1', 'completed'));
    expect(await screen.findByText('Escrow Completed')).toBeTruthy();
  });

  it('a code the server refuses comes back to the dialog with its reason at the field, the code kept', async () => {
    const answers = [
      {
        status: 409,
        body: {
          error: {
            code: 'pickup_code_wrong',
            message: "This is not the buyer's pickup code. 4 tries left before a pause.",
          },
        },
      },
      {
        status: 429,
        body: {
          error: { code: 'pickup_code_paused', message: 'Too many wrong pickup codes. Try again after 10:15 UTC.' },
        },
      },
    ];
    const server: Server = { order: paidFee(pickup()), pickup: () => answers.shift()! };
    const api = signedInSeller(server);
    const card = within(await salesCard());
    fireEvent.click(card.getByRole('button', { name: 'Approve Pickup: Oak Desk' }));
    approveWith(await screen.findByRole('dialog', { name: 'Approve Local Pickup' }), '1111 2222');
    let dialog = await screen.findByRole('dialog', { name: 'Approve Local Pickup' });
    const field = await within(dialog).findByRole('textbox', { name: 'Pickup Code' });
    expect(
      await within(dialog).findByText("This is not the buyer's pickup code. 4 tries left before a pause."),
    ).toBeTruthy();
    expect((field as HTMLInputElement).value).toBe('11112222');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText('Escrow Completed')).toBeNull();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve Pickup' }));
    dialog = await screen.findByRole('dialog', { name: 'Approve Local Pickup' });
    expect(await within(dialog).findByText('Too many wrong pickup codes. Try again after 10:15 UTC.')).toBeTruthy();
    // Editing the code clears the server's reason.
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Pickup Code' }), { target: { value: '4815' } });
    expect(within(dialog).queryByText(/Too many wrong pickup codes/)).toBeNull();
    expect(api.find('POST', '/api/orders/S1/pickup')).toHaveLength(2);
  });

  it("rejects after asking (no fee needed): 'Escrow Cancelled', the payment goes back to the buyer", async () => {
    const server: Server = {
      order: pickup(),
      pickup: (req, s) => {
        expect(req.body).toEqual({ decision: 'reject' });
        expect(req.idempotencyKey).toBeTruthy();
        s.order = { ...s.order, status: 'refunding', refundReason: 'pickup_rejected' };
        return { body: s.order };
      },
    };
    const api = signedInSeller(server);
    const card = within(await salesCard());
    fireEvent.click(card.getByRole('button', { name: 'Reject Pickup: Oak Desk' }));
    const confirm = await screen.findByRole('dialog', { name: 'Reject Local Pickup' });
    expect(within(confirm).getByText(/goes back to buyer_bee/)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Reject Pickup' }));
    expect(await screen.findByText('Escrow Cancelled')).toBeTruthy();
    expect(
      screen.getByText(/\$25\.00 RLUSD goes back to buyer_bee once the ledger lets the escrow be cancelled/),
    ).toBeTruthy();
    expect(api.find('POST', '/api/orders/S1/platform-fee')).toHaveLength(0);
    expect(await card.findByText(/Pickup rejected: the payment goes back to buyer_bee/)).toBeTruthy();
  });

  it("toasts 'Escrow Cancellation Failed' when the reject is refused", async () => {
    const server: Server = {
      order: pickup(),
      pickup: () => ({
        status: 500,
        body: { error: { code: 'internal', message: 'Something went wrong on our side' } },
      }),
    };
    signedInSeller(server);
    const card = within(await salesCard());
    fireEvent.click(card.getByRole('button', { name: 'Reject Pickup: Oak Desk' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Reject Local Pickup' })).getByRole('button', {
        name: 'Reject Pickup',
      }),
    );
    expect(await screen.findByText('Escrow Cancellation Failed')).toBeTruthy();
    expect(card.getByRole('button', { name: 'Reject Pickup: Oak Desk' })).toBeTruthy();
  });
});

describe('a label bought here (decision 039)', () => {
  const RATES = {
    options: [
      {
        id: 'GROUND_HOME_DELIVERY',
        name: 'FedEx Home Delivery',
        costCents: 1234,
        estimatedDays: '2 business days',
        description: '',
      },
      { id: 'FEDEX_2_DAY', name: 'FedEx 2Day', costCents: 2500, estimatedDays: '2 business days', description: '' },
    ],
  };
  const labelSigning = { ...feeSigning, labelCents: 2500 };
  const PDF = btoa('%PDF-1.4 label');

  /** The order as the server has it once the label is bought: shipped with the label's parcel. */
  const withLabel = (o: Order): Order => ({
    ...paidFee(o),
    status: 'shipped',
    shippingStatus: 'shipped',
    shipment: {
      trackingNumber: '794699999999',
      shippedAt: '2026-01-02T00:00:00.000Z',
      deliveredAt: null,
      estimatedDeliveryAt: null,
      proof: 'platform_label',
    },
    label: {
      serviceName: 'FedEx 2Day',
      costCents: 2500,
      status: 'bought',
      trackingNumber: '794699999999',
      hasPdf: true,
    },
  });

  it('offers the rates first, takes one payment of fee plus the chosen label, then Print Label', async () => {
    const server: Server = { order: sale() };
    const api = signedInSeller(server, (req) => {
      if (req.url.pathname === '/api/orders/S1/label-rates') return { body: RATES };
      if (req.url.pathname === '/api/orders/S1/label' && req.method === 'POST') return { body: labelSigning };
      if (req.url.pathname === '/api/orders/S1/label') return { body: { fileName: 'label-S1.pdf', pdfBase64: PDF } };
      return undefined;
    });
    const card = within(await salesCard());
    const section = within(await card.findByRole('region', { name: 'Buy a FedEx label here' }));
    const home = await section.findByRole('radio', { name: /FedEx Home Delivery/ });
    expect((home as HTMLInputElement).checked).toBe(true);
    fireEvent.click(section.getByRole('radio', { name: /FedEx 2Day/ }));
    // The tracking number stays possible, second.
    expect(card.getByText('Or enter a FedEx tracking number of your own')).toBeTruthy();

    fireEvent.click(section.getByRole('button', { name: 'Buy Label' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Pay the Platform Fee and Label' }));
    expect(dialog.getByText('$25.00 RLUSD')).toBeTruthy();
    expect(dialog.getByText('$25.63 RLUSD')).toBeTruthy();
    const [asked] = api.find('POST', '/api/orders/S1/label');
    // Only the service goes to the server: it quotes the price itself.
    expect(asked?.body).toEqual({ serviceType: 'FEDEX_2_DAY' });
    expect(asked?.idempotencyKey).toBeTruthy();

    server.order = withLabel(server.order);
    emit(signingStatusFrame(FEE_UUID, 'signed', 'platform-fee'));
    expect(await screen.findByText('Label Ready')).toBeTruthy();
    const updated = within(await main().findByRole('article', { name: 'Sale: Oak Desk' }));
    expect(await updated.findByText(/Shipped with a label bought here \(FedEx 794699999999\)/)).toBeTruthy();

    const created = vi.fn(() => 'blob:label');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }));
    fireEvent.click(updated.getByRole('button', { name: 'Print Label' }));
    await waitFor(() => expect(created).toHaveBeenCalledTimes(1));
    expect(api.find('GET', '/api/orders/S1/label')).toHaveLength(1);
  });

  it("says why rates can't be had (no address in Settings) and keeps the tracking number", async () => {
    const message = 'Add your US address and your phone number in Settings to buy a label.';
    signedInSeller({ order: sale() }, (req) =>
      req.url.pathname === '/api/orders/S1/label-rates'
        ? { status: 409, body: { error: { code: 'seller_address_required', message } } }
        : undefined,
    );
    const card = within(await salesCard());
    expect(await card.findByRole('alert')).toBeTruthy();
    expect(card.getByText(message)).toBeTruthy();
    expect(card.getByRole('button', { name: 'Try Again' })).toBeTruthy();
    expect(card.getByRole('textbox', { name: 'FedEx Tracking Number' })).toBeTruthy();
  });

  it('offers no label once the fee is paid without one: the tracking number is the way left', async () => {
    signedInSeller({ order: paidFee(sale()) });
    const card = within(await salesCard());
    expect(card.getByRole('textbox', { name: 'FedEx Tracking Number' })).toBeTruthy();
    expect(card.queryByRole('region', { name: 'Buy a FedEx label here' })).toBeNull();
  });
});

describe("the escrow panel on /item/{id} for the listing's seller", () => {
  it("reads the seller's orders of this listing and offers the same controls", async () => {
    const desk = listingDetail({ id: 'L1', title: 'Oak Desk', seller: { id: '01JUSER', username: 'alice_1' } });
    const server: Server = {
      order: sale({ lines: [{ ...order().lines[0]!, listingId: 'L1' }] }),
      ship: shipLikeServer,
    };
    const api = signedInSeller(server, (req) => (req.url.pathname === '/api/listings/L1' ? { body: desk } : undefined));
    renderRoutes(routes, '/item/L1');
    const panel = within(await main().findByRole('region', { name: 'Escrow' }));
    const sold = within(await panel.findByRole('article', { name: 'Sale to buyer_bee' }));
    expect(sold.getByRole('textbox', { name: 'FedEx Tracking Number' })).toBeTruthy();
    expect(sold.getByRole('link', { name: 'View order details' }).getAttribute('href')).toBe('/purchased/S1');
    const reads = api.find('GET', '/api/me/orders');
    expect(reads.map((r) => [r.url.searchParams.get('role'), r.url.searchParams.get('listingId')])).toEqual([
      ['seller', 'L1'],
    ]);
  });
});

describe('/purchased/{id} (spec part 3 "Purchase detail")', () => {
  const delivered = (): Order => ({
    ...funded(
      order({
        id: 'P1',
        lines: [
          {
            listingId: 'L1',
            title: 'Oak Desk',
            imageUrl: 'http://media.test/desk.jpg',
            quantity: 1,
            unitPriceCents: 2500,
            shippingCents: 899,
          },
        ],
        itemsCents: 2500,
        shippingCents: 899,
        totalCents: 3399,
        shippingService: { id: 'FEDEX_GROUND', name: 'FedEx Ground', estimatedDays: '3-5 business days' },
      }),
    ),
    status: 'completed',
    escrowStatus: 'completed',
    shippingStatus: 'delivered',
    shipment: {
      trackingNumber: '794600000009',
      shippedAt: '2026-01-02T00:00:00.000Z',
      deliveredAt: '2026-01-04T15:00:00.000Z',
      estimatedDeliveryAt: '2026-01-05T00:00:00.000Z',
      proof: 'seller_tracking',
    },
    completedAt: '2026-01-04T15:05:00.000Z',
  });
  const desk = listingDetail({
    id: 'L1',
    title: 'Oak Desk',
    brand: 'Acme',
    specifications: { Color: 'Oak' },
    returnPolicy: '14_days',
    status: 'sold',
  });

  function buyer(answer: (req: ApiRequest) => ApiAnswer | undefined) {
    return stubSignedIn(
      () => user(),
      (req) => (req.url.pathname === '/api/listings/L1' ? { body: desk } : answer(req)),
    );
  }

  it('shows the purchase: image, title, date, price, shipping status, tracking, delivery, escrow status, specifications, seller and return policy', async () => {
    buyer((req) => (req.url.pathname === '/api/orders/P1' ? { body: delivered() } : undefined));
    renderRoutes(routes, '/purchased/P1');
    const m = main();
    expect(await m.findByRole('heading', { level: 1, name: 'Oak Desk' })).toBeTruthy();
    expect(m.getByRole('img', { name: 'Oak Desk' }).getAttribute('src')).toBe('http://media.test/desk.jpg');
    const facts = within(m.getByRole('region', { name: 'Order' }));
    const row = (term: string) => facts.getByText(term).closest('div')!;
    expect(within(row('Purchase date')).getByText('Jan 1, 2026')).toBeTruthy();
    expect(row('Price').textContent).toContain('$33.99 RLUSD');
    expect(row('Shipping status').textContent).toBe('Shipping statusShipping status: Delivered');
    expect(within(row('Tracking number')).getByText('794600000009')).toBeTruthy();
    expect(within(row('Proof of shipment')).getByText('Tracking number entered by the seller')).toBeTruthy();
    expect(within(row('Delivered on')).getByText('Jan 4, 2026')).toBeTruthy();
    expect(within(row('Escrow status')).getByText('Completed')).toBeTruthy();
    expect(within(row('Escrow status')).getByText('Escrow released')).toBeTruthy();
    const specs = within(await m.findByRole('region', { name: 'Specifications' }));
    expect(specs.getByText('Acme')).toBeTruthy();
    expect(specs.getByText('Oak')).toBeTruthy();
    const seller = within(m.getByRole('region', { name: 'Seller' }));
    expect(seller.getByRole('link', { name: 'bob' }).getAttribute('href')).toBe('/user/bob');
    expect(within(m.getByRole('region', { name: 'Return policy' })).getByText(/14 Day Returns/)).toBeTruthy();
    expect(seller.getByRole('button', { name: 'Contact Seller' })).toBeTruthy();
    // Not built yet, so not shown.
    for (const name of [/Leave Review/, /Request Return/, /Report Issue/]) {
      expect(m.queryByRole('button', { name })).toBeNull();
      expect(m.queryByRole('link', { name })).toBeNull();
    }
    // A buyer has no seller controls.
    expect(m.queryByRole('group', { name: /Seller actions/ })).toBeNull();
  });

  it("says 'Purchase not found' with Back to Activity to anyone but its buyer and seller (404)", async () => {
    buyer((req) =>
      req.url.pathname === '/api/orders/P2'
        ? { status: 404, body: { error: { code: 'not_found', message: 'Order not found' } } }
        : undefined,
    );
    renderRoutes(routes, '/purchased/P2');
    const alert = await main().findByRole('alert');
    expect(within(alert).getByText('Purchase not found')).toBeTruthy();
    expect(within(alert).getByRole('link', { name: 'Back to Activity' }).getAttribute('href')).toBe('/activity');
  });

  it("says 'An unexpected error occurred' with Try Again when the order can't be read", async () => {
    let fail = true;
    buyer((req) =>
      req.url.pathname === '/api/orders/P1'
        ? fail
          ? { status: 500, body: { error: { code: 'internal', message: 'x' } } }
          : { body: delivered() }
        : undefined,
    );
    renderRoutes(routes, '/purchased/P1');
    expect(await main().findByText('An unexpected error occurred')).toBeTruthy();
    fail = false;
    fireEvent.click(main().getByRole('button', { name: 'Try Again' }));
    expect(await main().findByRole('heading', { level: 1, name: 'Oak Desk' })).toBeTruthy();
  });

  it('gives the seller the same page with the buyer, the ship-to address and the seller controls', async () => {
    const server: Server = { order: sale({ id: 'P3' }), ship: shipLikeServer };
    signedInSeller(server, (req) => (req.url.pathname === '/api/listings/DESK1' ? { body: desk } : undefined));
    renderRoutes(routes, '/purchased/P3');
    expect(await main().findByText('Your sale')).toBeTruthy();
    const buyerCard = within(main().getByRole('region', { name: 'Buyer' }));
    expect(buyerCard.getByText('buyer_bee')).toBeTruthy();
    expect(buyerCard.getByText(/Bee Buyer/)).toBeTruthy();
    // Contact Seller is the buyer's; the seller has no one to contact here.
    expect(main().queryByRole('button', { name: 'Contact Seller' })).toBeNull();
    expect(main().getByRole('textbox', { name: 'FedEx Tracking Number' })).toBeTruthy();
    expect(within(main().getByRole('region', { name: 'Order' })).getByText('Not shipped yet')).toBeTruthy();
  });

  it('links each purchase of /activity to its page', async () => {
    buyer((req) =>
      req.url.pathname === '/api/me/orders'
        ? { body: { items: req.url.searchParams.get('role') === 'buyer' ? [delivered()] : [], nextCursor: null } }
        : undefined,
    );
    renderRoutes(routes, '/activity');
    const card = within(await main().findByRole('article', { name: 'Purchase: Oak Desk' }));
    expect(card.getByRole('link', { name: 'View Details: Oak Desk' }).getAttribute('href')).toBe('/purchased/P1');
    expect(card.getByText('Shipping status:', { exact: false })).toBeTruthy();
    expect(card.getByText('794600000009')).toBeTruthy();
  });
});
