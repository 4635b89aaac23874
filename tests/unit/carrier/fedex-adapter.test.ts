import { afterEach, describe, expect, it } from 'vitest';
import { FedexCarrier } from '../../../functions/adapters/carrier/fedex-carrier';
import { CarrierError } from '../../../functions/core/shipping/carrier-error';
import { fedexError, startFakeFedex, token, type FakeFedex, type Reply, type SeenRequest } from './fake-fedex';

const SECRET = 'main-secret-value-0001';
const TRACK_SECRET = 'track-secret-value-0002';
let fake: FakeFedex | undefined;

afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

/** A rate answer in FedEx's shape (CARRIER-NOTES.md's example, LIST before ACCOUNT as real answers may order them). */
const rateAnswer: Reply = {
  status: 200,
  body: {
    transactionId: '4cbf8c73-61eb-4538-a65a-4830fef5d265',
    output: {
      alerts: [],
      quoteDate: '2026-11-23',
      encoded: false,
      rateReplyDetails: [
        {
          serviceType: 'FEDEX_2_DAY',
          serviceName: 'FedEx 2Day®',
          packagingType: 'YOUR_PACKAGING',
          operationalDetail: { deliveryDate: '2026-11-25T16:30:00', deliveryDay: 'WED', transitTime: 'TWO_DAYS' },
          ratedShipmentDetails: [{ rateType: 'ACCOUNT', totalNetCharge: 31.1, currency: 'USD' }],
        },
        {
          serviceType: 'FEDEX_GROUND',
          serviceName: 'FedEx Ground®',
          packagingType: 'YOUR_PACKAGING',
          commit: {
            dateDetail: { dayOfWeek: 'THU', dayFormat: '2026-11-26T23:59:00' },
            transitDays: { minimumTransitTime: 'THREE_DAYS', description: '3 Business Days' },
          },
          ratedShipmentDetails: [
            { rateType: 'LIST', totalNetCharge: 15.4, currency: 'USD' },
            {
              rateType: 'ACCOUNT',
              ratedWeightMethod: 'ACTUAL',
              totalBaseCharge: 11.2,
              totalNetFedExCharge: 13.05,
              totalNetCharge: 13.05,
              shipmentRateDetail: { rateZone: '4', currency: 'USD' },
              currency: 'USD',
            },
          ],
        },
        // Priced in another currency: left out (our money is US cents).
        {
          serviceType: 'FEDEX_INTERNATIONAL_PRIORITY',
          ratedShipmentDetails: [{ rateType: 'ACCOUNT', totalNetCharge: 80.0, currency: 'CAD' }],
        },
      ],
    },
  },
};

const shipper = {
  name: 'Seller Name',
  phone: '9015550100',
  streetLines: ['10 Main St'],
  city: 'MEMPHIS',
  state: 'TN',
  zip: '38116',
};
const recipient = {
  name: 'Buyer Name',
  phone: '9725550100',
  streetLines: ['7372 Parkridge Blvd', 'Apt 286'],
  city: 'IRVING',
  state: 'TX',
  zip: '75063',
  residential: true,
};

function carrierFor(url: string, extra: Partial<ConstructorParameters<typeof FedexCarrier>[0]> = {}) {
  return new FedexCarrier({
    baseUrl: url,
    accountNumber: '740561073',
    credentials: async () => ({ apiKey: 'main-key', apiSecret: SECRET }),
    ...extra,
  });
}

/** Answers the token endpoint with numbered tokens and everything else with `api`. */
function withTokens(api: (r: SeenRequest) => Reply, tokenReply?: (n: number) => Reply) {
  let issued = 0;
  return (r: SeenRequest): Reply => {
    if (r.path === '/oauth/token') return tokenReply ? tokenReply(++issued) : token(++issued);
    return api(r);
  };
}

const notFound = (trackingNumber: string) => ({
  trackingNumber,
  trackResults: [
    {
      trackingNumberInfo: { trackingNumber, carrierCode: '' },
      error: {
        code: 'TRACKING.TRACKINGNUMBER.NOTFOUND',
        message: "The tracking number you entered can't be found right now.",
      },
    },
  ],
});

async function failure(p: Promise<unknown>): Promise<CarrierError> {
  const error = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CarrierError);
  return error as CarrierError;
}

describe('FedEx OAuth', () => {
  it('asks for a token with form-encoded client credentials once, and reuses it for later calls', async () => {
    fake = await startFakeFedex(withTokens(() => rateAnswer));
    const carrier = carrierFor(fake.url);
    const request = { fromZip: '38116', toZip: '75063', packages: [{ weightLb: 4.5 }] };
    await Promise.all([carrier.quoteRates(request), carrier.quoteRates(request)]);
    await carrier.quoteRates(request);
    const tokenRequests = fake.to('/oauth/token');
    expect(tokenRequests).toHaveLength(1);
    expect(tokenRequests[0]!.method).toBe('POST');
    expect(tokenRequests[0]!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(tokenRequests[0]!.body))).toEqual({
      grant_type: 'client_credentials',
      client_id: 'main-key',
      client_secret: SECRET,
    });
    const calls = fake.to('/rate/v1/rates/quotes');
    expect(calls).toHaveLength(3);
    for (const call of calls) {
      expect(call.headers.authorization).toBe('Bearer token-1');
      expect(call.headers['content-type']).toBe('application/json');
      expect(call.headers['x-locale']).toBe('en_US');
      expect(call.headers['x-customer-transaction-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('asks for a new token as soon as the key pair in use changes (a key saved in the admin portal, decision 071)', async () => {
    fake = await startFakeFedex(withTokens(() => rateAnswer));
    let pair = { apiKey: 'main-key', apiSecret: SECRET };
    const carrier = carrierFor(fake.url, { credentials: async () => pair });
    const request = { fromZip: '38116', toZip: '75063', packages: [{ weightLb: 1 }] };
    await carrier.quoteRates(request);
    pair = { apiKey: 'main-key', apiSecret: 'saved-secret-value-0003' };
    await carrier.quoteRates(request);
    await carrier.quoteRates(request);
    expect(fake.to('/oauth/token').map((r) => new URLSearchParams(r.body).get('client_secret'))).toEqual([
      SECRET,
      'saved-secret-value-0003',
    ]);
    expect(fake.to('/rate/v1/rates/quotes').map((r) => r.headers.authorization)).toEqual([
      'Bearer token-1',
      'Bearer token-2',
      'Bearer token-2',
    ]);
  });

  it('fetches a new token shortly before the old one expires', async () => {
    fake = await startFakeFedex(withTokens(() => rateAnswer));
    let now = 1_000_000;
    const carrier = carrierFor(fake.url, { now: () => now });
    const request = { fromZip: '38116', toZip: '75063', packages: [{ weightLb: 1 }] };
    await carrier.quoteRates(request);
    now += 54 * 60_000; // 54 of its 60 minutes: still good
    await carrier.quoteRates(request);
    expect(fake.to('/oauth/token')).toHaveLength(1);
    now += 2 * 60_000; // within the last 5 minutes: renewed before FedEx would refuse it
    await carrier.quoteRates(request);
    expect(fake.to('/oauth/token')).toHaveLength(2);
    expect(fake.to('/rate/v1/rates/quotes').map((r) => r.headers.authorization)).toEqual([
      'Bearer token-1',
      'Bearer token-1',
      'Bearer token-2',
    ]);
  });

  it('on 401 NOT.AUTHORIZED.ERROR fetches a new token once and retries the call with it', async () => {
    fake = await startFakeFedex(
      withTokens((r) =>
        r.headers.authorization === 'Bearer token-1'
          ? fedexError(401, 'NOT.AUTHORIZED.ERROR', 'Access token expired. Please modify your request and try again.')
          : rateAnswer,
      ),
    );
    const quotes = await carrierFor(fake.url).quoteRates({
      fromZip: '38116',
      toZip: '75063',
      packages: [{ weightLb: 1 }],
    });
    expect(quotes.length).toBeGreaterThan(0);
    expect(fake.to('/oauth/token')).toHaveLength(2);
    expect(fake.to('/rate/v1/rates/quotes').map((r) => r.headers.authorization)).toEqual([
      'Bearer token-1',
      'Bearer token-2',
    ]);
  });

  it('gives up after one retry when the new token is refused too: unavailable, not a loop', async () => {
    fake = await startFakeFedex(
      withTokens(() => fedexError(401, 'NOT.AUTHORIZED.ERROR', 'Access token expired. Please modify your request.')),
    );
    const error = await failure(carrierFor(fake.url).track(['794973665316']));
    expect(error.failure).toBe('unavailable');
    expect(error.carrierCode).toBe('NOT.AUTHORIZED.ERROR');
    expect(error.status).toBe(503);
    expect(fake.to('/track/v1/trackingnumbers')).toHaveLength(2);
  });

  it('reports refused credentials as unavailable, without the secret', async () => {
    fake = await startFakeFedex(
      withTokens(
        () => rateAnswer,
        () =>
          fedexError(
            401,
            'NOT.AUTHORIZED.ERROR',
            'The given client credentials were not valid. Please modify your request and try again.',
          ),
      ),
    );
    const error = await failure(
      carrierFor(fake.url).quoteRates({ fromZip: '38116', toZip: '75063', packages: [{ weightLb: 1 }] }),
    );
    expect(error).toMatchObject({ failure: 'unavailable', carrierCode: 'NOT.AUTHORIZED.ERROR', httpStatus: 401 });
    expect(error.message).toBe('The carrier refused our credentials (NOT.AUTHORIZED.ERROR)');
    expect(JSON.stringify({ ...error, message: error.message })).not.toContain(SECRET);
    expect(fake.to('/rate/v1/rates/quotes')).toHaveLength(0);
  });

  it('uses the separate Track key pair for Track and the main pair for the rest', async () => {
    fake = await startFakeFedex((r) => {
      if (r.path === '/oauth/token') {
        const id = new URLSearchParams(r.body).get('client_id');
        return token(id === 'track-key' ? 2 : 1);
      }
      if (r.path === '/track/v1/trackingnumbers') {
        return r.headers.authorization === 'Bearer token-2'
          ? { status: 200, body: { output: { completeTrackResults: [notFound('794973665316')] } } }
          : fedexError(403, 'FORBIDDEN.ERROR', 'We could not authorize your credentials.');
      }
      return rateAnswer;
    });
    const carrier = carrierFor(fake.url, {
      trackCredentials: async () => ({ apiKey: 'track-key', apiSecret: TRACK_SECRET }),
    });
    await carrier.quoteRates({ fromZip: '38116', toZip: '75063', packages: [{ weightLb: 1 }] });
    expect((await carrier.track(['794973665316']))[0]!.found).toBe(false);
    const secretsSent = fake.to('/oauth/token').map((r) => new URLSearchParams(r.body).get('client_secret'));
    expect(secretsSent.sort()).toEqual([SECRET, TRACK_SECRET].sort());
    await carrier.checkHealth();
    expect(fake.to('/oauth/token')).toHaveLength(2);
  });
});

describe('FedEx errors', () => {
  it("maps FedEx's errors[] on a 400 to a refusal with FedEx's code and message", async () => {
    fake = await startFakeFedex(
      withTokens(() =>
        fedexError(
          400,
          'COUNTRY.POSTALCODEORZIP.INVALID',
          'Invalid postal code/zip for the country selected. Please correct and try again.',
        ),
      ),
    );
    const error = await failure(
      carrierFor(fake.url).quoteRates({ fromZip: '00000', toZip: '75063', packages: [{ weightLb: 1 }] }),
    );
    expect(error).toMatchObject({
      failure: 'refused',
      status: 502,
      code: 'carrier_refused',
      carrierCode: 'COUNTRY.POSTALCODEORZIP.INVALID',
      carrierMessage: 'Invalid postal code/zip for the country selected. Please correct and try again.',
      httpStatus: 400,
    });
    expect(error.message).toBe('The carrier refused to quote rates (COUNTRY.POSTALCODEORZIP.INVALID)');
  });

  it('maps 429, 5xx, garbled answers, refused connections and timeouts to unavailable', async () => {
    let reply: Reply = fedexError(503, 'SERVICE.UNAVAILABLE.ERROR', 'The service is currently unavailable.');
    fake = await startFakeFedex(withTokens(() => reply));
    const carrier = carrierFor(fake.url, { timeoutMs: 300 });
    const request = { fromZip: '38116', toZip: '75063', packages: [{ weightLb: 1 }] };
    expect(await failure(carrier.quoteRates(request))).toMatchObject({
      failure: 'unavailable',
      carrierCode: 'SERVICE.UNAVAILABLE.ERROR',
      httpStatus: 503,
    });
    reply = fedexError(429, 'TOO.MANY.REQUESTS', 'We have received too many requests in a short duration.');
    expect((await failure(carrier.quoteRates(request))).failure).toBe('unavailable');
    reply = { status: 200, body: '<html>gateway</html>' };
    expect((await failure(carrier.quoteRates(request))).message).toBe(
      "The carrier's answer to quote rates could not be read",
    );
    reply = { status: 200, body: { output: { rateReplyDetails: [{ serviceType: 7 }] } } };
    expect((await failure(carrier.quoteRates(request))).failure).toBe('unavailable');
    reply = 'hang';
    expect((await failure(carrier.quoteRates(request))).message).toBe(
      'The carrier did not answer in time to quote rates',
    );
    const closed = carrierFor('http://127.0.0.1:9');
    expect((await failure(closed.quoteRates(request))).message).toBe(
      'The carrier could not be reached to issue an access token',
    );
  });
});

describe('stale connections', () => {
  it('sends a rate, track or token request once more when the connection closes without an answer', async () => {
    let drops = 0;
    fake = await startFakeFedex((r) => {
      // The first ask of each path finds the connection closed.
      if (fake!.to(r.path.split('?')[0]!).length === 1) return (drops++, 'drop');
      return r.path === '/oauth/token' ? token(1) : rateAnswer;
    });
    const quotes = await carrierFor(fake.url).quoteRates({
      fromZip: '38116',
      toZip: '75063',
      packages: [{ weightLb: 1 }],
    });
    expect(quotes.length).toBeGreaterThan(0);
    expect(drops).toBe(2);
    expect(fake.to('/oauth/token')).toHaveLength(2);
    expect(fake.to('/rate/v1/rates/quotes')).toHaveLength(2);
  });

  it('never sends a new shipment twice: a dropped connection is unavailable', async () => {
    fake = await startFakeFedex(withTokens(() => 'drop'));
    const error = await failure(
      carrierFor(fake.url).createShipment({
        serviceType: 'FEDEX_GROUND',
        shipper,
        recipient,
        packages: [{ weightLb: 1 }],
      }),
    );
    expect(error.message).toBe('The carrier could not be reached to create a shipment');
    expect(fake.to('/ship/v1/shipments')).toHaveLength(1);
  });
});

describe('FedEx Rate', () => {
  it("sends a rate shop in FedEx's shape and returns our account's price in cents, cheapest first", async () => {
    fake = await startFakeFedex(withTokens(() => rateAnswer));
    const quotes = await carrierFor(fake.url).quoteRates({
      fromZip: '38116',
      fromState: 'TN',
      toZip: '75063',
      toState: 'TX',
      residential: true,
      packages: [{ weightLb: 4.5, lengthIn: 12, widthIn: 8.5, heightIn: 6 }],
      shipDate: '2026-11-23',
    });
    expect(quotes).toEqual([
      {
        serviceType: 'FEDEX_GROUND',
        serviceName: 'FedEx Ground®',
        amountCents: 1305,
        transitDays: 3,
        deliveryDay: 'THU',
        deliveryDate: '2026-11-26',
      },
      {
        serviceType: 'FEDEX_2_DAY',
        serviceName: 'FedEx 2Day®',
        amountCents: 3110,
        transitDays: 2,
        deliveryDay: 'WED',
        deliveryDate: '2026-11-25',
      },
    ]);
    expect(JSON.parse(fake.to('/rate/v1/rates/quotes')[0]!.body)).toEqual({
      accountNumber: { value: '740561073' },
      rateRequestControlParameters: { returnTransitTimes: true },
      requestedShipment: {
        shipper: { address: { postalCode: '38116', stateOrProvinceCode: 'TN', countryCode: 'US' } },
        recipient: {
          address: { postalCode: '75063', stateOrProvinceCode: 'TX', countryCode: 'US', residential: true },
        },
        pickupType: 'DROPOFF_AT_FEDEX_LOCATION',
        packagingType: 'YOUR_PACKAGING',
        rateRequestType: ['ACCOUNT'],
        shipDateStamp: '2026-11-23',
        requestedPackageLineItems: [
          { weight: { units: 'LB', value: 4.5 }, dimensions: { length: 12, width: 9, height: 6, units: 'IN' } },
        ],
      },
    });
  });
});

describe('FedEx Ship', () => {
  const shipAnswer: Reply = {
    status: 200,
    body: {
      transactionId: '89c8356a-372c-4652-aa27-89fde8ff09b2',
      customerTransactionId: 'order-1234',
      output: {
        transactionShipments: [
          {
            masterTrackingNumber: '794973665316',
            serviceType: 'FEDEX_GROUND',
            serviceName: 'FedEx Ground®',
            pieceResponses: [
              {
                trackingNumber: '794973665316',
                netChargeAmount: 13.05,
                currency: 'USD',
                packageDocuments: [{ contentType: 'LABEL', docType: 'PDF', encodedLabel: 'JVBERi0xLjQK' }],
              },
            ],
            completedShipmentDetail: {
              shipmentRating: { shipmentRateDetails: [{ rateType: 'PAYOR_ACCOUNT_SHIPMENT', totalNetCharge: 14.1 }] },
            },
          },
        ],
      },
    },
  };

  it('creates a shipment paid by our account with a PDF label, and cancels one', async () => {
    fake = await startFakeFedex(
      withTokens((r) =>
        r.path === '/ship/v1/shipments/cancel'
          ? { status: 200, body: { output: { cancelledShipment: true, successMessage: 'Success' } } }
          : shipAnswer,
      ),
    );
    const carrier = carrierFor(fake.url);
    const created = await carrier.createShipment({
      serviceType: 'FEDEX_GROUND',
      shipper,
      recipient,
      packages: [{ weightLb: 4.5 }],
      reference: 'order-1234',
      shipDate: '2026-11-23',
    });
    expect(created).toEqual({
      trackingNumber: '794973665316',
      serviceType: 'FEDEX_GROUND',
      serviceName: 'FedEx Ground®',
      chargeCents: 1410,
      labelPdfBase64: 'JVBERi0xLjQK',
      labelUrl: null,
    });
    const sent = fake.to('/ship/v1/shipments')[0]!;
    expect(sent.headers['x-customer-transaction-id']).toBe('order-1234');
    const body = JSON.parse(sent.body);
    expect(body).toMatchObject({
      labelResponseOptions: 'LABEL',
      accountNumber: { value: '740561073' },
      requestedShipment: {
        shipDatestamp: '2026-11-23',
        serviceType: 'FEDEX_GROUND',
        shippingChargesPayment: { paymentType: 'SENDER' },
        labelSpecification: { imageType: 'PDF', labelStockType: 'PAPER_4X6' },
        totalWeight: 4.5,
        recipients: [
          {
            contact: { personName: 'Buyer Name', phoneNumber: '9725550100' },
            address: { streetLines: ['7372 Parkridge Blvd', 'Apt 286'], postalCode: '75063', residential: true },
          },
        ],
        requestedPackageLineItems: [
          { customerReferences: [{ customerReferenceType: 'CUSTOMER_REFERENCE', value: 'order-1234' }] },
        ],
      },
    });
    expect(await carrier.cancelShipment('794973665316')).toEqual({ cancelled: true, message: 'Success' });
    const cancel = fake.to('/ship/v1/shipments/cancel')[0]!;
    expect(cancel.method).toBe('PUT');
    expect(JSON.parse(cancel.body)).toMatchObject({
      accountNumber: { value: '740561073' },
      trackingNumber: '794973665316',
    });
  });
});

describe('FedEx Track', () => {
  it('sends up to 30 numbers and refuses more before calling FedEx', async () => {
    fake = await startFakeFedex(withTokens(() => ({ status: 200, body: { output: { completeTrackResults: [] } } })));
    const carrier = carrierFor(fake.url);
    await expect(carrier.track(Array.from({ length: 31 }, (_, i) => String(100000000000 + i)))).rejects.toThrow(
      RangeError,
    );
    expect(await carrier.track([])).toEqual([]);
    expect(fake.seen).toHaveLength(0);
  });

  it('returns a number FedEx does not know (NOTFOUND inside a 200) as not found, beside a found one', async () => {
    fake = await startFakeFedex(
      withTokens(() => ({
        status: 200,
        body: {
          transactionId: '9ca3d632-0af5-436e-b184-4a99f88598d4',
          output: {
            completeTrackResults: [
              notFound('123456789012'),
              {
                trackingNumber: '794973665316',
                trackResults: [
                  {
                    trackingNumberInfo: { trackingNumber: '794973665316' },
                    latestStatusDetail: { code: 'PU', derivedCode: 'PU', description: 'Picked up' },
                    scanEvents: [{ date: '2026-11-23T16:05:00-06:00', eventType: 'PU', derivedStatusCode: 'PU' }],
                  },
                ],
              },
            ],
          },
        },
      })),
    );
    const results = await carrierFor(fake.url).track(['794973665316', '123456789012']);
    expect(results.map((r) => [r.trackingNumber, r.found])).toEqual([
      ['794973665316', true],
      ['123456789012', false],
    ]);
    expect(results[1]).toEqual({
      trackingNumber: '123456789012',
      found: false,
      code: 'TRACKING.TRACKINGNUMBER.NOTFOUND',
      message: "The tracking number you entered can't be found right now.",
    });
    expect(results[0]).toMatchObject({ status: 'picked_up', statusCode: 'PU' });
    expect(JSON.parse(fake.to('/track/v1/trackingnumbers')[0]!.body)).toEqual({
      includeDetailedScans: true,
      trackingInfo: [
        { trackingNumberInfo: { trackingNumber: '794973665316' } },
        { trackingNumberInfo: { trackingNumber: '123456789012' } },
      ],
    });
  });
});
