import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { control, newParcel, rawStatus, startStandIn, type StandInFixture } from './stand-in-fixture';

let f: StandInFixture;
beforeEach(async () => {
  f = await startStandIn();
});
afterEach(async () => {
  await f.stop();
});

async function bearer(): Promise<string> {
  const res = await fetch(`${f.service.url}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials&client_id=stand-in-key&client_secret=stand-in-secret',
  });
  return `Bearer ${((await res.json()) as { access_token: string }).access_token}`;
}

const fedexShaped = (body: unknown) =>
  expect(body).toMatchObject({
    transactionId: expect.any(String),
    errors: [{ code: expect.any(String), message: expect.any(String) }],
  });

describe('carrier stand-in on bad input', () => {
  it('answers bad JSON, wrong shapes, bad methods and unknown paths with FedEx-shaped 4xx', async () => {
    const authorization = await bearer();
    const post = async (path: string, body: string, method = 'POST') => {
      const res = await fetch(`${f.service.url}${path}`, {
        method,
        headers: { authorization, 'content-type': 'application/json' },
        body,
      });
      return { status: res.status, body: (await res.json()) as unknown };
    };
    for (const [path, body] of [
      ['/rate/v1/rates/quotes', '{"accountNumber":'],
      ['/rate/v1/rates/quotes', '[1,2,3]'],
      ['/rate/v1/rates/quotes', 'null'],
      ['/rate/v1/rates/quotes', '{"accountNumber":{"value":"999000001"},"requestedShipment":{"shipper":7}}'],
      ['/ship/v1/shipments', '{"labelResponseOptions":"LABEL"}'],
      ['/rate/v1/rates/quotes', JSON.stringify({ constructor: { prototype: 1 }, __proto__: { polluted: true } })],
    ] as const) {
      const answer = await post(path, body);
      expect(answer.status, `${path} ${body}`).toBe(400);
      fedexShaped(answer.body);
    }
    const wrongMethod = await post('/rate/v1/rates/quotes', '{}', 'PUT');
    expect(wrongMethod.status).toBe(405);
    fedexShaped(wrongMethod.body);
    const unknown = await post('/rate/v2/nothing', '{}');
    expect(unknown.status).toBe(404);
    fedexShaped(unknown.body);
    const empty = await post(
      '/track/v1/trackingnumbers',
      JSON.stringify({ includeDetailedScans: true, trackingInfo: [] }),
      'POST',
    );
    // A Track call needs the Track pair's token: refused before the body is looked at.
    expect(empty.status).toBe(403);
  });

  it('refuses an over-long body with 413 and odd request lines with 4xx, then keeps serving', async () => {
    const authorization = await bearer();
    const big = await fetch(`${f.service.url}/rate/v1/rates/quotes`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: `{"x":"${'a'.repeat(2 * 1024 * 1024)}"}`,
    }).catch((e: unknown) => e);
    // Either the answer (413) arrives, or the server closed the socket while the client was still sending.
    if (big instanceof Response) {
      expect(big.status).toBe(413);
      fedexShaped(await big.json());
    }
    for (const line of [
      'GET //%F0%9F%98%80/x HTTP/1.1',
      'GET /../../etc/passwd HTTP/1.1',
      'GET /% HTTP/1.1',
      'POST /_control/parcels/../../oauth/token HTTP/1.1',
      'GET http://[::1 HTTP/1.1',
      'PATCH /parcels HTTP/1.1',
    ]) {
      const status = await rawStatus(f.service.url, line);
      expect(status, line).toBeGreaterThanOrEqual(400);
      expect(status, line).toBeLessThan(500);
    }
    const form = await rawStatus(
      f.service.url,
      'POST /parcels HTTP/1.1',
      `content-type: application/x-www-form-urlencoded\r\ncontent-length: 999999\r\n`,
    );
    expect(form).toBe(413);
    expect((await fetch(`${f.service.url}/`)).status).toBe(200);
    expect(
      (await f.carrier.quoteRates({ fromZip: '38116', toZip: '75063', packages: [{ weightLb: 1 }] })).length,
    ).toBeGreaterThan(0);
  });

  it('answers bad control requests with 4xx', async () => {
    const n = await newParcel(f.service.url);
    expect((await control(f.service.url, 'POST', 'parcels', { fromZip: '00000', toZip: '75063' })).status).toBe(400);
    expect((await control(f.service.url, 'POST', 'parcels', { fromZip: 38116 })).status).toBe(400);
    expect(
      (await control(f.service.url, 'POST', 'parcels', { fromZip: '38116', toZip: '75063', weightLb: -1 })).status,
    ).toBe(400);
    expect((await control(f.service.url, 'POST', `parcels/${n}/events`, { status: 'teleported' })).status).toBe(400);
    expect((await control(f.service.url, 'POST', 'parcels/123456789012/events', { status: 'delivered' })).status).toBe(
      404,
    );
    expect((await control(f.service.url, 'GET', 'nothing-here')).status).toBe(404);
    const notJson = await fetch(`${f.service.url}/_control/parcels`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{oops',
    });
    expect(notJson.status).toBe(400);
    fedexShaped(await notJson.json());
  });

  it('refuses controls another site’s page could send: a foreign Origin (403), a body not sent as JSON (415)', async () => {
    const n = await newParcel(f.service.url);
    const move = (headers: Record<string, string>) =>
      fetch(`${f.service.url}/_control/parcels/${n}/events`, {
        method: 'POST',
        headers,
        body: '{"status":"delivered"}',
      });
    const foreign = await move({ 'content-type': 'application/json', origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    fedexShaped(await foreign.json());
    const plain = await move({ 'content-type': 'text/plain' });
    expect(plain.status).toBe(415);
    fedexShaped(await plain.json());
    expect((await control(f.service.url, 'GET', `parcels/${n}`)).body).toMatchObject({ status: 'label_created' });
    const own = await move({ 'content-type': 'application/json', origin: `http://127.0.0.1:${f.service.port}` });
    expect(own.status).toBe(200);
  });
});

describe('carrier stand-in page', () => {
  const form = (path: string, fields: Record<string, string>, origin?: string) =>
    fetch(`${f.service.url}${path}`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...(origin !== undefined && { origin }),
      },
      body: new URLSearchParams(fields),
    });

  it('lists parcels, creates one and moves it on from its forms', async () => {
    const origin = `http://localhost:${f.service.port}`;
    const created = await form('/parcels', { fromZip: '38116', toZip: '10001', weightLb: '4' }, origin);
    expect(created.status).toBe(303);
    expect(created.headers.get('location')).toBe('/');
    const [parcel] = (await control(f.service.url, 'GET', 'parcels')).body.parcels as { trackingNumber: string }[];
    const n = parcel!.trackingNumber;
    const page = await (await fetch(`${f.service.url}/`)).text();
    expect(page).toContain(n);
    expect(page).toContain('NEW YORK');
    for (const label of [
      'Picked up',
      'In transit',
      'Out for delivery',
      'Delivered',
      'Exception',
      'Returned to sender',
    ]) {
      expect(page).toContain(`>${label}</button>`);
    }
    expect((await form(`/parcels/${n}/events`, { status: 'out_for_delivery' }, origin)).status).toBe(303);
    expect((await control(f.service.url, 'GET', `parcels/${n}`)).body).toMatchObject({ status: 'out_for_delivery' });
    const bad = await form(`/parcels/${n}/events`, { status: '<script>' }, origin);
    expect(bad.status).toBe(400);
    expect(await bad.text()).not.toContain('<script>');
  });

  it('refuses forms posted from another site', async () => {
    const n = await newParcel(f.service.url);
    const res = await form(`/parcels/${n}/events`, { status: 'delivered' }, 'https://evil.example');
    expect(res.status).toBe(403);
    expect((await control(f.service.url, 'GET', `parcels/${n}`)).body).toMatchObject({ status: 'label_created' });
  });

  it('serves a created label as a PDF', async () => {
    const n = await newParcel(f.service.url);
    const res = await fetch(`${f.service.url}/labels/${n}.pdf`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const pdf = Buffer.from(await res.arrayBuffer()).toString('latin1');
    expect(pdf.startsWith('%PDF-1.4')).toBe(true);
    expect(pdf).toContain(`TRK# ${n}`);
    expect(pdf.trimEnd().endsWith('%%EOF')).toBe(true);
  });
});
