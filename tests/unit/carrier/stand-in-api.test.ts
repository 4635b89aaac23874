import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CarrierError } from '../../../functions/core/shipping/carrier-error';
import type { TrackedShipment } from '../../../functions/core/shipping/carrier-port';
import { CLIENT, control, move, newParcel, startStandIn, type StandInFixture } from './stand-in-fixture';

let f: StandInFixture;
beforeEach(async () => {
  f = await startStandIn();
});
afterEach(async () => {
  vi.restoreAllMocks();
  await f.stop();
});

const parties = {
  shipper: {
    name: 'Seller',
    phone: '9015550100',
    streetLines: ['10 Main St'],
    city: 'Memphis',
    state: 'TN',
    zip: '38116',
  },
  recipient: {
    name: 'Buyer',
    phone: '9725550100',
    streetLines: ['7372 Parkridge Blvd'],
    city: 'Irving',
    state: 'TX',
    zip: '75063',
    residential: true,
  },
};

async function tracked(trackingNumber: string): Promise<TrackedShipment> {
  const [result] = await f.carrier.track([trackingNumber]);
  if (!result?.found) throw new Error(`${trackingNumber} not found`);
  return result;
}

async function failure(p: Promise<unknown>): Promise<CarrierError> {
  const error = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CarrierError);
  return error as CarrierError;
}

describe('carrier stand-in: rates', () => {
  const quote = async (toZip: string, weightLb: number, residential = false) =>
    Object.fromEntries(
      (await f.carrier.quoteRates({ fromZip: '38116', toZip, residential, packages: [{ weightLb }] })).map((q) => [
        q.serviceType,
        q,
      ]),
    );

  it('quotes US services in whole cents that grow with weight and with distance', async () => {
    const near = await quote('38103', 2); // Memphis to Memphis
    const far = await quote('98101', 2); // Memphis to Seattle
    const heavy = await quote('38103', 40);
    expect(Object.keys(near).sort()).toEqual(
      ['FEDEX_2_DAY', 'FEDEX_EXPRESS_SAVER', 'FEDEX_GROUND', 'STANDARD_OVERNIGHT'].sort(),
    );
    for (const service of Object.keys(near)) {
      expect(Number.isSafeInteger(near[service]!.amountCents)).toBe(true);
      expect(far[service]!.amountCents).toBeGreaterThan(near[service]!.amountCents);
      expect(heavy[service]!.amountCents).toBeGreaterThan(near[service]!.amountCents);
    }
    expect(near.STANDARD_OVERNIGHT!.amountCents).toBeGreaterThan(near.FEDEX_GROUND!.amountCents);
    expect(near.FEDEX_GROUND!.transitDays).toBe(1);
    expect(far.FEDEX_GROUND!.transitDays).toBeGreaterThan(3);
    expect(far.STANDARD_OVERNIGHT).toMatchObject({
      transitDays: 1,
      deliveryDay: expect.stringMatching(/^(MON|TUE|WED|THU|FRI)$/),
    });
    expect(far.FEDEX_2_DAY!.deliveryDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('offers Home Delivery instead of Ground to a home, and nothing by ground above 70 lb', async () => {
    const home = await quote('75063', 5, true);
    expect(home.GROUND_HOME_DELIVERY).toBeDefined();
    expect(home.FEDEX_GROUND).toBeUndefined();
    const heavy = await quote('75063', 90);
    expect(Object.keys(heavy).sort()).toEqual(['FEDEX_2_DAY', 'FEDEX_EXPRESS_SAVER', 'STANDARD_OVERNIGHT']);
  });

  it("refuses unknown ZIPs and overweight packages with FedEx's codes", async () => {
    const badZip = await failure(
      f.carrier.quoteRates({ fromZip: '00000', toZip: '75063', packages: [{ weightLb: 1 }] }),
    );
    expect(badZip).toMatchObject({
      failure: 'refused',
      carrierCode: 'COUNTRY.POSTALCODEORZIP.INVALID',
      httpStatus: 400,
    });
    const heavy = await failure(
      f.carrier.quoteRates({ fromZip: '38116', toZip: '75063', packages: [{ weightLb: 151 }] }),
    );
    expect(heavy.carrierCode).toBe('PACKAGE.WEIGHT.EXCEEDED');
  });
});

describe('carrier stand-in: shipments and tracking', () => {
  it('creates a shipment with a PDF label and tracks it, scan by scan, to delivered with ACTUAL_DELIVERY', async () => {
    const shipment = await f.carrier.createShipment({
      serviceType: 'GROUND_HOME_DELIVERY',
      ...parties,
      packages: [{ weightLb: 3, lengthIn: 12, widthIn: 12, heightIn: 6 }],
      reference: 'order-42',
    });
    expect(shipment.trackingNumber).toMatch(/^\d{12}$/);
    expect(shipment.chargeCents).toBeGreaterThan(0);
    expect(Buffer.from(shipment.labelPdfBase64!, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    const n = shipment.trackingNumber;
    expect(await tracked(n)).toMatchObject({ status: 'pending', statusCode: 'OC', deliveredAt: null });

    const expected = [
      ['picked_up', 'picked_up', 'PU'],
      ['in_transit', 'in_transit', 'IT'],
      ['out_for_delivery', 'out_for_delivery', 'OD'],
      ['exception', 'exception', 'DE'],
      ['out_for_delivery', 'out_for_delivery', 'OD'],
    ];
    for (const [moveTo, status, code] of expected) {
      expect((await move(f.service.url, n, moveTo!)).status).toBe(200);
      expect(await tracked(n)).toMatchObject({ status, statusCode: code, deliveredAt: null });
    }
    expect((await move(f.service.url, n, 'delivered')).status).toBe(200);
    const done = await tracked(n);
    expect(done).toMatchObject({
      status: 'delivered',
      statusCode: 'DL',
      destination: { city: 'IRVING', state: 'TX', zip: '75063' },
      deliveredTo: { city: 'IRVING', state: 'TX', zip: '75063' },
      returnedToShipper: false,
    });
    expect(Date.parse(done.deliveredAt!)).toBeGreaterThan(Date.now() - 60_000);
    expect(done.events.map((e) => e.code)).toEqual(['DL', 'OD', 'DE', 'OD', 'AR', 'PU', 'OC']);
    expect(done.events[2]).toMatchObject({ exceptionCode: '08', status: 'exception' });
    // Delivered is final.
    expect((await move(f.service.url, n, 'in_transit')).status).toBe(409);
  });

  it('tracks a parcel sent back to the shipper as returning, and its later delivery as to the shipper', async () => {
    const n = await newParcel(f.service.url);
    await move(f.service.url, n, 'picked_up');
    await move(f.service.url, n, 'returned_to_sender');
    expect(await tracked(n)).toMatchObject({ status: 'returning', statusCode: 'RS', returnedToShipper: true });
    await move(f.service.url, n, 'in_transit');
    await move(f.service.url, n, 'delivered');
    expect(await tracked(n)).toMatchObject({
      status: 'delivered',
      returnedToShipper: true,
      deliveredTo: { city: 'MEMPHIS', state: 'TN', zip: '38116' },
    });
  });

  it('cancels a shipment FedEx does not have yet, and refuses once it is picked up', async () => {
    const a = await newParcel(f.service.url);
    expect(await f.carrier.cancelShipment(a)).toEqual({
      cancelled: true,
      message: 'Shipment is successfully cancelled',
    });
    expect(await tracked(a)).toMatchObject({ status: 'cancelled', statusCode: 'CA' });
    expect((await f.carrier.cancelShipment(a)).cancelled).toBe(false);
    const b = await newParcel(f.service.url);
    await move(f.service.url, b, 'picked_up');
    expect(await failure(f.carrier.cancelShipment(b))).toMatchObject({
      failure: 'refused',
      carrierCode: 'SHIPMENT.CANCEL.NOTALLOWED',
    });
  });

  it('answers unknown and malformed numbers inside the 200, beside known ones, in the order asked', async () => {
    const n = await newParcel(f.service.url);
    const results = await f.carrier.track(['123456789012', n, 'NOT-A-NUMBER']);
    expect(results.map((r) => [r.trackingNumber, r.found, r.found ? r.status : r.code])).toEqual([
      ['123456789012', false, 'TRACKING.TRACKINGNUMBER.NOTFOUND'],
      [n, true, 'pending'],
      ['NOT-A-NUMBER', false, 'TRACKING.TRACKINGNUMBER.INVALID'],
    ]);
    const thirty = await f.carrier.track(Array.from({ length: 30 }, () => n));
    expect(thirty).toHaveLength(30);
  });

  it('keeps parcels across a restart; the adapter replaces the token the restarted stand-in no longer knows', async () => {
    const n = await newParcel(f.service.url);
    await move(f.service.url, n, 'picked_up');
    await f.carrier.track([n]);
    const spy = vi.spyOn(globalThis, 'fetch');
    await f.restart();
    expect((await f.carrier.track([n]))[0]).toMatchObject({ found: true, status: 'picked_up' });
    // Refused (401) with the old token, one new token, the call again (once more first if the pooled connection to
    // the old process was still taken for it).
    const paths = spy.mock.calls.map(([url]) => new URL(String(url)).pathname);
    expect(paths.filter((p) => p === '/oauth/token')).toHaveLength(1);
    expect(paths.at(-1)).toBe('/track/v1/trackingnumbers');
    expect((await control(f.service.url, 'GET', `parcels/${n}`)).body).toMatchObject({ status: 'picked_up' });
  });
});

describe('carrier stand-in: OAuth', () => {
  const tokenRequests = (spy: { mock: { calls: unknown[][] } }) =>
    spy.mock.calls.filter((call) => String(call[0]).endsWith('/oauth/token')).length;

  it('refuses unknown credentials and bearer tokens in FedEx’s shape', async () => {
    const bad = await fetch(`${f.service.url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials&client_id=stand-in-key&client_secret=wrong',
    });
    expect(bad.status).toBe(401);
    expect(await bad.json()).toMatchObject({
      transactionId: expect.any(String),
      errors: [{ code: 'NOT.AUTHORIZED.ERROR', message: expect.stringContaining('client credentials were not valid') }],
    });
    const noToken = await fetch(`${f.service.url}/track/v1/trackingnumbers`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer made-up' },
      body: '{}',
    });
    expect(noToken.status).toBe(401);
    expect(await noToken.json()).toMatchObject({ errors: [{ code: 'NOT.AUTHORIZED.ERROR' }] });
  });

  it('issues tokens for 3599 s, and Track takes only tokens of its own key pair', async () => {
    const res = await fetch(`${f.service.url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: CLIENT.clientId,
        client_secret: CLIENT.clientSecret,
      }),
    });
    const body = (await res.json()) as { access_token: string; token_type: string; expires_in: number };
    expect(body).toMatchObject({ token_type: 'bearer', expires_in: 3599 });
    const track = await fetch(`${f.service.url}/track/v1/trackingnumbers`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${body.access_token}` },
      body: JSON.stringify({
        includeDetailedScans: true,
        trackingInfo: [{ trackingNumberInfo: { trackingNumber: '1' } }],
      }),
    });
    expect(track.status).toBe(403);
    expect(await track.json()).toMatchObject({ errors: [{ code: 'FORBIDDEN.ERROR' }] });
  });

  it('makes the adapter fetch a new token when its tokens are revoked, then reuse that one', async () => {
    const n = await newParcel(f.service.url);
    const spy = vi.spyOn(globalThis, 'fetch');
    await f.carrier.track([n]);
    await f.carrier.track([n]);
    expect(tokenRequests(spy)).toBe(1);
    expect((await control(f.service.url, 'POST', 'tokens/revoke')).body.revoked).toBeGreaterThan(0);
    expect((await f.carrier.track([n]))[0]!.found).toBe(true);
    await f.carrier.track([n]);
    expect(tokenRequests(spy)).toBe(2);
  });
});
