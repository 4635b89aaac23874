import { beforeAll, describe, expect, inject, it } from 'vitest';
import { call } from './auth-support';
import { buyerAndSeller, checkout, getOrder, listItem, putInCart } from './checkout-support';
import {
  afterInspection,
  buyLabel,
  fundedSale,
  LABEL_SERVICE,
  moveParcel,
  payFee,
  requestLabel,
} from './order-support';
import type { Account } from './route-support';

/** The settlement schedule, run with the functions' clock at `at`, which is then given back. */
async function settleAt(at: string): Promise<void> {
  expect((await call('PUT', '/_local/clock', { body: { at } })).status).toBe(200);
  try {
    expect((await call('POST', '/_local/schedules/settle-escrows', { body: {} })).status).toBe(200);
  } finally {
    await call('DELETE', '/_local/clock');
  }
}

const FROM = '127.0.8.90';
let buyer: Account;
let seller: Account;

const rates = (a: Account, orderId: string) =>
  call<{ options: { id: string; costCents: number }[]; error?: { code: string } }>(
    'GET',
    `/api/orders/${orderId}/label-rates`,
    { token: a.token, from: a.from },
  );

const labelPdf = (a: Account, orderId: string) =>
  call<{ fileName: string; pdfBase64: string }>('GET', `/api/orders/${orderId}/label`, {
    token: a.token,
    from: a.from,
  });

/** The parcel as the carrier stand-in knows it. */
async function carrierParcel(trackingNumber: string) {
  const res = await fetch(`${inject('carrierUrl')}/_control/parcels`);
  const body = (await res.json()) as {
    parcels: { trackingNumber: string; reference: string | null; weightLb: number }[];
  };
  return body.parcels.find((p) => p.trackingNumber === trackingNumber);
}

beforeAll(async () => {
  ({ buyer, seller } = await buyerAndSeller(FROM, 'pl'));
}, 120_000);

describe('a label bought on the platform', () => {
  it('quotes, takes one Payment of fee plus label, buys the label once, serves its PDF to the seller and releases on delivery', async () => {
    const order = await fundedSale(seller, buyer, 'ship', 2_000);
    const quoted = await rates(seller, order.id);
    expect(quoted.status, JSON.stringify(quoted.body)).toBe(200);
    const service = quoted.body.options.find((o) => o.id === LABEL_SERVICE)!;
    expect(service.costCents).toBeGreaterThan(0);

    const asked = await requestLabel(seller, order.id, LABEL_SERVICE);
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    expect(asked.body).toMatchObject({ status: 'signing', cents: 50, labelCents: service.costCents });
    const shipped = await buyLabel(seller, order.id);
    expect(shipped).toMatchObject({
      status: 'shipped',
      shipment: { proof: 'platform_label' },
      platformFee: { cents: 50, paid: true },
      label: { status: 'bought', costCents: service.costCents, hasPdf: true },
    });
    const tracking = shipped.shipment.trackingNumber!;
    expect(shipped.label?.trackingNumber).toBe(tracking);
    // The carrier made it with the order as its reference; asking again buys nothing more.
    expect((await carrierParcel(tracking))?.reference).toBe(order.id);
    expect((await requestLabel(seller, order.id, LABEL_SERVICE)).status).toBe(409);

    const pdf = await labelPdf(seller, order.id);
    expect(pdf.status).toBe(200);
    expect(Buffer.from(pdf.body.pdfBase64, 'base64').subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect((await labelPdf(buyer, order.id)).status).toBe(404);

    // The buyer sees which proof the order has, but never the label.
    const seen = (await getOrder(buyer, order.id)).body;
    expect(seen.shipment.proof).toBe('platform_label');
    expect(seen.label).toBeNull();

    await moveParcel(tracking, 'picked_up');
    await moveParcel(tracking, 'delivered');
    expect((await call('POST', '/_local/schedules/check-deliveries', { body: {} })).status).toBe(200);
    const done = await afterInspection(buyer, order.id, settleAt);
    expect(done).toMatchObject({ status: 'completed', shippingStatus: 'delivered' });
  }, 180_000);

  it("buys the parcel the listing describes: its seller's weight", async () => {
    const order = await fundedSale(seller, buyer, 'ship', 1_500, {
      weightLbs: 7.3,
      dimensions: { length: 20, width: 10, height: 8 },
    });
    const shipped = await buyLabel(seller, order.id);
    expect((await carrierParcel(shipped.shipment.trackingNumber!))?.weightLb).toBe(7.3);
  }, 180_000);

  it('refuses an unknown service, the buyer, another account, a pickup, and an order not funded', async () => {
    const order = await fundedSale(seller, buyer, 'ship', 1_200);
    const unknown = await requestLabel(seller, order.id, 'FEDEX_MOON_EXPRESS');
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toMatchObject({ message: 'This shipping service is not offered for this parcel.' });
    const bad = await requestLabel(seller, order.id, 'not a service');
    expect(bad.status).toBe(400);
    expect((await requestLabel(buyer, order.id, LABEL_SERVICE)).status).toBe(403);
    expect((await rates(buyer, order.id)).status).toBe(403);
    const stranger = (await buyerAndSeller(FROM, 'px')).seller;
    expect((await requestLabel(stranger, order.id, LABEL_SERVICE)).status).toBe(404);
    expect((await labelPdf(stranger, order.id)).status).toBe(404);
    expect((await labelPdf(seller, order.id)).status).toBe(404);

    const pickup = await fundedSale(seller, buyer, 'pickup', 1_300);
    const refused = await requestLabel(seller, pickup.id, LABEL_SERVICE);
    expect(refused.status).toBe(409);
    expect(refused.body.error?.code).toBe('wrong_fulfilment');

    // Not funded: still awaiting the buyer's signature.
    await call('DELETE', '/api/me/cart', { token: buyer.token, from: buyer.from });
    await putInCart(buyer, await listItem(seller, { priceCents: 1_400, quantity: 2 }));
    const made = await checkout(buyer, 1_400);
    expect(made.status).toBe(201);
    const unfunded = await requestLabel(seller, made.body.orders[0]!.id, LABEL_SERVICE);
    expect(unfunded.status).toBe(409);
    expect(unfunded.body.error?.code).toBe('order_not_pending');

    // The fee paid without a label: the tracking number stays the way to ship.
    await payFee(seller, order.id);
    const late = await requestLabel(seller, order.id, LABEL_SERVICE);
    expect(late.status).toBe(409);
    expect(late.body.error?.code).toBe('fee_paid_without_label');
  }, 180_000);
});
