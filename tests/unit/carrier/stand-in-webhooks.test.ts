import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  FEDEX_SIGNATURE_HEADER,
  verifyFedexSignature,
} from '../../../functions/adapters/carrier/fedex-webhook-signature';
import { control, move, newParcel, startStandIn, WEBHOOK_TOKEN, type StandInFixture } from './stand-in-fixture';

interface Received {
  signature: string | undefined;
  raw: Buffer;
  body: {
    transactionId: string;
    outputMetaData: { attemptNumber: number }[];
    output: { completeTrackResults: { trackingNumber: string; trackResults: Record<string, unknown>[] }[] };
  };
}

/** Our side of the webhook: records what arrives and answers with the statuses given, then 200. */
async function startReceiver(statuses: number[] = []) {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      received.push({
        signature: req.headers[FEDEX_SIGNATURE_HEADER] as string | undefined,
        raw,
        body: JSON.parse(raw.toString('utf8')) as Received['body'],
      });
      res.writeHead(statuses.shift() ?? 200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/carrier/webhook`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function until(check: () => boolean, what: string) {
  const deadline = Date.now() + 5_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

let f: StandInFixture;
let receiver: Awaited<ReturnType<typeof startReceiver>> | undefined;
beforeEach(async () => {
  f = await startStandIn();
});
afterEach(async () => {
  vi.restoreAllMocks();
  await f.stop();
  await receiver?.close();
  receiver = undefined;
});

describe('carrier stand-in webhooks', () => {
  it('posts every scan in FedEx’s envelope, signed as FedEx signs (base64 HMAC-SHA256 of the raw body)', async () => {
    receiver = await startReceiver();
    expect((await control(f.service.url, 'PUT', 'webhook', { url: receiver.url })).status).toBe(200);
    const n = await newParcel(f.service.url);
    await move(f.service.url, n, 'picked_up');
    await move(f.service.url, n, 'delivered');
    await until(() => receiver!.received.length === 3, 'three webhooks');
    const codes = receiver.received.map((r) => {
      expect(verifyFedexSignature(r.raw, r.signature, WEBHOOK_TOKEN)).toBe(true);
      expect(verifyFedexSignature(r.raw, r.signature, 'AnotherWebhookSecurityToken1')).toBe(false);
      expect(r.body.transactionId).toMatch(/^[0-9a-f-]{36}$/);
      expect(r.body.outputMetaData).toEqual([expect.objectContaining({ attemptNumber: 1 })]);
      const [complete] = r.body.output.completeTrackResults;
      expect(complete!.trackingNumber).toBe(n);
      return (complete!.trackResults[0]!.latestStatusDetail as { code: string }).code;
    });
    // Sent as each scan happens; FedEx says events may arrive out of order, so the order is not asserted.
    expect(codes.sort()).toEqual(['DL', 'OC', 'PU']);
    const delivered = receiver.received.find((r) => r.raw.includes('"ACTUAL_DELIVERY"'));
    expect(delivered).toBeDefined();
  });

  it('retries a failed delivery (anything but 200 or 202) up to 3 times, with the same transaction', async () => {
    receiver = await startReceiver([500, 404, 202]);
    await control(f.service.url, 'PUT', 'webhook', { url: receiver.url });
    await newParcel(f.service.url);
    await until(() => receiver!.received.length === 3, 'three attempts');
    expect(receiver.received.map((r) => r.body.outputMetaData[0]!.attemptNumber)).toEqual([1, 2, 3]);
    expect(new Set(receiver.received.map((r) => r.body.transactionId)).size).toBe(1);
    for (const r of receiver.received) expect(verifyFedexSignature(r.raw, r.signature, WEBHOOK_TOKEN)).toBe(true);
    await new Promise((r) => setTimeout(r, 100));
    expect(receiver.received).toHaveLength(3);
  });

  it('gives up after 4 attempts, only logs it, and keeps serving', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    receiver = await startReceiver([500, 500, 500, 500, 500]);
    await control(f.service.url, 'PUT', 'webhook', { url: receiver.url });
    const n = await newParcel(f.service.url);
    await until(() => warn.mock.calls.length > 0, 'the failure in the log');
    expect(receiver.received).toHaveLength(4);
    expect(String(warn.mock.calls[0]![0])).toMatch(
      new RegExp(`webhook for ${n} not delivered .* after 4 attempts \\(HTTP 500\\)`),
    );
    expect(String(warn.mock.calls[0]![0])).not.toContain(WEBHOOK_TOKEN);
    expect((await f.carrier.track([n]))[0]!.found).toBe(true);
  });

  it('sends nothing until a target is set, and stops when it is cleared', async () => {
    receiver = await startReceiver();
    const n = await newParcel(f.service.url);
    expect((await control(f.service.url, 'GET', 'webhook')).body).toEqual({ url: null });
    await control(f.service.url, 'PUT', 'webhook', { url: receiver.url });
    await move(f.service.url, n, 'picked_up');
    await until(() => receiver!.received.length === 1, 'one webhook');
    await control(f.service.url, 'PUT', 'webhook', { url: null });
    await move(f.service.url, n, 'in_transit');
    await new Promise((r) => setTimeout(r, 100));
    expect(receiver.received).toHaveLength(1);
    expect((await control(f.service.url, 'PUT', 'webhook', { url: 'ftp://x' })).status).toBe(400);
  });
});
