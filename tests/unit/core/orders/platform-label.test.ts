import { describe, expect, it, vi } from 'vitest';
import type { OrderRecord } from '../../../../functions/core/orders/order';
import { toOrderView } from '../../../../functions/core/orders/order-view';
import { buyPaidLabel } from '../../../../functions/core/orders/buy-paid-label';
import { getLabelPdf } from '../../../../functions/core/orders/get-label-pdf';
import { getLabelRates } from '../../../../functions/core/orders/get-label-rates';
import { feePaymentTx, paymentCents } from '../../../../functions/core/orders/platform-fee';
import { orderPackage, type LabelDeps } from '../../../../functions/core/orders/platform-label';
import { requestLabelPayment } from '../../../../functions/core/orders/request-label-payment';
import { settlePlatformFee } from '../../../../functions/core/orders/settle-platform-fee';
import { CarrierError } from '../../../../functions/core/shipping/carrier-error';
import type { CreatedShipment, RateQuote, ShipmentRequest } from '../../../../functions/core/shipping/carrier-port';
import type { ProfileSettingsRecord } from '../../../../functions/core/profile/profile';
import { aFundedOrder, aPickupOrder, NOW, PLATFORM, RLUSD, SHIP_TO, world } from './order-fakes';
import { DEFAULT_PROTECTION } from '../../../../functions/core/orders/protection';

const ID = aFundedOrder().orderId;
const TRACKING = '794612345678';
const PDF = Buffer.from('%PDF-1.4 label', 'utf8');

const quote = (serviceType: string, amountCents: number): RateQuote => ({
  serviceType,
  serviceName: serviceType === 'GROUND_HOME_DELIVERY' ? 'FedEx Home Delivery®' : 'FedEx 2Day®',
  amountCents,
  transitDays: 2,
  deliveryDay: null,
  deliveryDate: null,
});

const SELLER: ProfileSettingsRecord = {
  fullName: 'Sam Seller',
  phone: '+1 (512) 555-0142',
  addressParts: { country: 'US', street: '100 Congress Ave', city: 'Austin', state: 'TX', postalCode: '78701' },
};

/** The order, fee and ledger fakes of `world`, plus the carrier's rates and Ship API, profiles and the PDF files. */
function labelWorld(
  orders: readonly OrderRecord[],
  sellerProfile: ProfileSettingsRecord | null = SELLER,
  sizes: { weightLbs?: number; dimensions?: { length: number; width: number; height: number } } = {},
) {
  const w = world(orders);
  const files = new Map<string, Uint8Array>();
  let shipments = 0;
  const carrier = {
    quoteRates: vi.fn(async () => [quote('GROUND_HOME_DELIVERY', 1_234), quote('FEDEX_2_DAY', 2_500)]),
    createShipment: vi.fn(async (_r: ShipmentRequest): Promise<CreatedShipment> => ({
      trackingNumber: shipments++ === 0 ? TRACKING : `${TRACKING}${shipments}`,
      serviceType: 'GROUND_HOME_DELIVERY',
      serviceName: 'FedEx Home Delivery®',
      chargeCents: 1_234,
      labelPdfBase64: PDF.toString('base64'),
      labelUrl: null,
    })),
    cancelShipment: vi.fn(async () => ({ cancelled: true, message: null })),
  };
  const profiles = { get: vi.fn(async (userId: string) => (userId === 'S' ? sellerProfile : null)) };
  // The order's listing (L1) as its seller described it: no weight or dimensions unless a test gives them.
  const listings = { get: vi.fn(async (ids: readonly string[]) => ids.map((listingId) => ({ listingId, ...sizes }))) };
  const labels: LabelDeps = {
    orders: w.repo,
    carrier,
    profiles,
    listings,
    files: { put: vi.fn(async (key, pdf) => void files.set(key, pdf)), get: async (key) => files.get(key) ?? null },
    newKey: () => 'K1',
    clock: { now: () => w.clock.at },
    log: w.log,
  };
  return { ...w, carrier, files, labels, listings, requestDeps: { ...w.feeDeps, carrier, profiles, listings } };
}

/** The seller asked for GROUND_HOME_DELIVERY and signed the Payment asked for; the ledger validated it. */
async function paidLabel(w: ReturnType<typeof labelWorld>) {
  const asked = await requestLabelPayment('S', ID, 'GROUND_HOME_DELIVERY', w.requestDeps);
  if (asked.status !== 'signing') throw new Error('expected a wallet request');
  w.wallet.sign(asked.uuid, 'FEEBLOB', 'FEETX1', feePaymentTx(w.order(), w.order().fee!, PLATFORM, RLUSD));
  await settlePlatformFee({ uuid: asked.uuid, purpose: 'platform-fee', subjectId: ID, status: 'signed' }, w.feeDeps);
  expect(w.order().fee?.paidAt).toBe(NOW.toISOString());
  return asked;
}

const funded = () => aFundedOrder({ fee: null });

describe('the label rates', () => {
  it("quotes the order's box from the seller's address to the buyer's, as a home delivery", async () => {
    const w = labelWorld([funded()]);
    const { options } = await getLabelRates('S', ID, w.labels);
    expect(options.map((o) => [o.id, o.costCents])).toEqual([
      ['GROUND_HOME_DELIVERY', 1_234],
      ['FEDEX_2_DAY', 2_500],
    ]);
    expect(w.carrier.quoteRates).toHaveBeenCalledWith({
      fromZip: '78701',
      fromState: 'TX',
      toZip: SHIP_TO.postalCode,
      toState: SHIP_TO.state,
      residential: true,
      packages: [{ weightLb: 2, lengthIn: 12, widthIn: 12, heightIn: 6 }],
    });
  });

  it("weighs the listing's units as its seller gave them, else as checkout does (2 lb a unit, 12 x 12 x 6 in)", () => {
    const order = aFundedOrder();
    const three = { ...order, lines: [{ ...order.lines[0]!, quantity: 3 }] };
    expect(orderPackage(three, [])).toEqual({ weightLb: 6, lengthIn: 12, widthIn: 12, heightIn: 6 });
    const dims = { length: 20, width: 10, height: 4 };
    expect(orderPackage(three, [{ listingId: 'L1', weightLbs: 1.25, dimensions: dims }])).toEqual({
      weightLb: 3.9, // each unit's 1.25 lb rounded up to the tenth, as the carrier bills it
      lengthIn: 12,
      widthIn: 12,
      heightIn: 6,
    });
    // One unit ships in its own dimensions when all three are given.
    expect(orderPackage(order, [{ listingId: 'L1', weightLbs: 0.5, dimensions: dims }])).toEqual({
      weightLb: 0.5,
      lengthIn: 20,
      widthIn: 10,
      heightIn: 4,
    });
  });

  it('quotes and buys the parcel the seller paid for, even if the listing changes in between', async () => {
    const w = labelWorld([funded()], SELLER, { weightLbs: 7, dimensions: { length: 30, width: 20, height: 10 } });
    await getLabelRates('S', ID, w.labels);
    const parcel = { weightLb: 7, lengthIn: 30, widthIn: 20, heightIn: 10 };
    expect(w.carrier.quoteRates).toHaveBeenCalledWith(expect.objectContaining({ packages: [parcel] }));
    await paidLabel(w);
    expect(w.order().fee?.label?.package).toEqual(parcel);
    w.listings.get.mockResolvedValue([{ listingId: 'L1', weightLbs: 1 }]);
    await buyPaidLabel(ID, w.labels);
    expect(w.carrier.createShipment).toHaveBeenCalledWith(expect.objectContaining({ packages: [parcel] }));
  });

  it('refuses a pickup, an order that is not funded, the buyer, anyone else, and a seller with no address', async () => {
    const w = labelWorld([aPickupOrder({ fee: null })]);
    await expect(getLabelRates('S', ID, w.labels)).rejects.toMatchObject({ status: 409, code: 'wrong_fulfilment' });
    const shipped = labelWorld([aFundedOrder({ status: 'shipped' })]);
    await expect(getLabelRates('S', ID, shipped.labels)).rejects.toMatchObject({ status: 409 });
    const open = labelWorld([funded()]);
    await expect(getLabelRates('B', ID, open.labels)).rejects.toMatchObject({ status: 403 });
    await expect(getLabelRates('X', ID, open.labels)).rejects.toMatchObject({ status: 404 });
    const noAddress = labelWorld([funded()], { ...SELLER, addressParts: undefined });
    await expect(getLabelRates('S', ID, noAddress.labels)).rejects.toMatchObject({
      status: 409,
      code: 'seller_address_required',
    });
    expect(open.carrier.quoteRates).not.toHaveBeenCalled();
  });
});

describe('paying for a label', () => {
  it("asks for one Payment of the fee plus the carrier's quote now, stored on the order in cents", async () => {
    const w = labelWorld([funded()]);
    const asked = await requestLabelPayment('S', ID, 'GROUND_HOME_DELIVERY', w.requestDeps);
    expect(asked).toMatchObject({ status: 'signing', cents: 113, labelCents: 1_234, percent: '2.5' });
    const fee = w.order().fee!;
    expect(fee.label).toEqual({
      serviceType: 'GROUND_HOME_DELIVERY',
      serviceName: 'FedEx Home Delivery®',
      costCents: 1_234,
      quotedAt: NOW.toISOString(),
      package: { weightLb: 2, lengthIn: 12, widthIn: 12, heightIn: 6 },
    });
    expect(paymentCents(fee)).toBe(1_347);
    const [request] = w.wallet.signer.create.mock.calls[0]!;
    expect(request.txjson).toMatchObject({ Destination: PLATFORM, Amount: { ...RLUSD, value: '13.47' } });
    expect(request.customMeta?.instruction).toContain('FedEx Home Delivery® label ($12.34');
  });

  it('answers the open request again for the same label, and replaces it for another service', async () => {
    const w = labelWorld([funded()]);
    const first = await requestLabelPayment('S', ID, 'GROUND_HOME_DELIVERY', w.requestDeps);
    expect(await requestLabelPayment('S', ID, 'GROUND_HOME_DELIVERY', w.requestDeps)).toEqual(first);
    const other = await requestLabelPayment('S', ID, 'FEDEX_2_DAY', w.requestDeps);
    expect(other).toMatchObject({ status: 'signing', labelCents: 2_500 });
    expect(other).not.toMatchObject({ uuid: (first as { uuid: string }).uuid });
    expect(w.order().fee?.label?.serviceType).toBe('FEDEX_2_DAY');
  });

  it('refuses a service the carrier does not offer for this parcel, and changes nothing', async () => {
    const w = labelWorld([funded()]);
    await expect(requestLabelPayment('S', ID, 'FEDEX_FIRST_OVERNIGHT', w.requestDeps)).rejects.toMatchObject({
      status: 400,
    });
    expect(w.order().fee).toBeNull();
    expect(w.wallet.signer.create).not.toHaveBeenCalled();
  });

  it('refuses when the fee was paid without a label (the tracking number remains), a pickup and other callers', async () => {
    const paidWithout = aFundedOrder();
    const w = labelWorld([paidWithout]);
    await expect(requestLabelPayment('S', ID, 'GROUND_HOME_DELIVERY', w.requestDeps)).rejects.toMatchObject({
      status: 409,
      code: 'fee_paid_without_label',
    });
    const pickup = labelWorld([aPickupOrder({ fee: null })]);
    await expect(requestLabelPayment('S', ID, 'GROUND_HOME_DELIVERY', pickup.requestDeps)).rejects.toMatchObject({
      status: 409,
    });
    const open = labelWorld([funded()]);
    await expect(requestLabelPayment('B', ID, 'GROUND_HOME_DELIVERY', open.requestDeps)).rejects.toMatchObject({
      status: 403,
    });
    await expect(requestLabelPayment('X', ID, 'GROUND_HOME_DELIVERY', open.requestDeps)).rejects.toMatchObject({
      status: 404,
    });
  });

  it('answers paid once the label is paid for', async () => {
    const w = labelWorld([funded()]);
    await paidLabel(w);
    expect(await requestLabelPayment('S', ID, 'GROUND_HOME_DELIVERY', w.requestDeps)).toEqual({ status: 'paid' });
  });
});

describe('buying a paid label', () => {
  it("buys it once the payment is validated, stores the PDF and ships the order with the label's parcel", async () => {
    const w = labelWorld([funded()]);
    await paidLabel(w);
    await buyPaidLabel(ID, w.labels);
    const [request] = w.carrier.createShipment.mock.calls[0]!;
    expect(request).toMatchObject({
      serviceType: 'GROUND_HOME_DELIVERY',
      reference: ID,
      shipper: { name: 'Sam Seller', phone: '5125550142', zip: '78701', streetLines: ['100 Congress Ave'] },
      recipient: { name: SHIP_TO.fullName, streetLines: [SHIP_TO.street], zip: SHIP_TO.postalCode, residential: true },
    });
    const order = w.order();
    expect(order.status).toBe('shipped');
    expect(order.shipment).toEqual({
      status: 'shipped',
      trackingNumber: TRACKING,
      shippedAt: NOW.toISOString(),
      deliveredAt: null,
      estimatedDeliveryAt: null,
      proof: 'platform_label',
      claim: { at: NOW.toISOString(), lastScanAt: null, scanCount: 0 },
    });
    expect(order.label).toMatchObject({ status: 'bought', trackingNumber: TRACKING, pdfKey: `labels/${ID}/K1.pdf` });
    expect(w.claims.get(TRACKING)).toBe(ID);
    expect(await getLabelPdf('S', ID, w.labels)).toEqual({
      fileName: `label-${ID}.pdf`,
      pdfBase64: PDF.toString('base64'),
    });
  });

  it('buys nothing twice: a second run, or two at once, call the carrier once', async () => {
    const w = labelWorld([funded()]);
    await paidLabel(w);
    await Promise.all([buyPaidLabel(ID, w.labels), buyPaidLabel(ID, w.labels)]);
    await buyPaidLabel(ID, w.labels);
    expect(w.carrier.createShipment).toHaveBeenCalledTimes(1);
    expect(w.order().label?.status).toBe('bought');
  });

  it('buys nothing before the payment is validated, or for a fee paid without a label', async () => {
    const w = labelWorld([funded()]);
    await requestLabelPayment('S', ID, 'GROUND_HOME_DELIVERY', w.requestDeps);
    await buyPaidLabel(ID, w.labels);
    const plain = labelWorld([aFundedOrder()]);
    await buyPaidLabel(ID, plain.labels);
    expect(w.carrier.createShipment).not.toHaveBeenCalled();
    expect(plain.carrier.createShipment).not.toHaveBeenCalled();
  });

  it('a refused shipment ends failed; a lost answer ends unknown and is never asked for again', async () => {
    const refused = labelWorld([funded()]);
    await paidLabel(refused);
    refused.carrier.createShipment.mockRejectedValueOnce(new CarrierError('refused', 'bad address', 'ADDRESS.INVALID'));
    await buyPaidLabel(ID, refused.labels);
    expect(refused.order()).toMatchObject({ status: 'funded', label: { status: 'failed', trackingNumber: null } });

    const lost = labelWorld([funded()]);
    await paidLabel(lost);
    lost.carrier.createShipment.mockRejectedValueOnce(new CarrierError('unavailable', 'timed out'));
    await buyPaidLabel(ID, lost.labels);
    await buyPaidLabel(ID, lost.labels);
    expect(lost.carrier.createShipment).toHaveBeenCalledTimes(1);
    expect(lost.order().label?.status).toBe('unknown');
    // The seller reads either as failed, and may still enter a tracking number.
    expect(
      toOrderView(lost.order(), 'S', { mediaUrl: (k) => k, transactionUrl: (h) => h, protection: DEFAULT_PROTECTION })
        .label?.status,
    ).toBe('failed');
  });

  it('cancels the new shipment when the order shipped another way meanwhile', async () => {
    const w = labelWorld([funded()]);
    await paidLabel(w);
    w.carrier.createShipment.mockImplementationOnce(async () => {
      await w.repo.markShipped(w.order(), { ...w.order().shipment, trackingNumber: 'SELLERS1' }, NOW.toISOString());
      return {
        trackingNumber: TRACKING,
        serviceType: 'GROUND_HOME_DELIVERY',
        serviceName: null,
        chargeCents: null,
        labelPdfBase64: null,
        labelUrl: null,
      };
    });
    await buyPaidLabel(ID, w.labels);
    expect(w.carrier.cancelShipment).toHaveBeenCalledWith(TRACKING);
    expect(w.order()).toMatchObject({ label: { status: 'failed' }, shipment: { trackingNumber: 'SELLERS1' } });
  });

  it("serves the PDF to the order's seller alone", async () => {
    const w = labelWorld([funded()]);
    await paidLabel(w);
    await buyPaidLabel(ID, w.labels);
    for (const caller of ['B', 'X']) {
      await expect(getLabelPdf(caller, ID, w.labels)).rejects.toMatchObject({ status: 404 });
    }
    const none = labelWorld([funded()]);
    await expect(getLabelPdf('S', ID, none.labels)).rejects.toMatchObject({ status: 404 });
  });
});
