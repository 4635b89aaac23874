import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { XummSdk } from 'xumm-sdk';
import { startXamanService, type XamanService } from '../../infra/local/xaman/service';

const apiKey = randomUUID();
const apiSecret = randomUUID();
let dataDir: string;
let clock = Date.parse('2026-11-22T12:00:00Z');
let service: XamanService;
const sdk = () => {
  const s = new XummSdk(apiKey, apiSecret);
  s.setEndpoint(service.url);
  return s;
};

async function start() {
  service = await startXamanService({ port: 0, dataDir, apiKey, apiSecret, now: () => new Date(clock) });
}

/** Collects status socket messages for a payload until `until` matches one. */
function statusMessages(uuid: string, until: (m: Record<string, unknown>) => boolean, send?: string) {
  const socket = new WebSocket(`${service.url.replace(/^http/, 'ws')}/sign/${uuid}`);
  const seen: Record<string, unknown>[] = [];
  return new Promise<Record<string, unknown>[]>((resolve, reject) => {
    socket.on('open', () => send && socket.send(send));
    socket.on('message', (data) => {
      const m = JSON.parse(String(data)) as Record<string, unknown>;
      seen.push(m);
      if (until(m)) {
        socket.close();
        resolve(seen);
      }
    });
    socket.on('error', reject);
  });
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'xaman-'));
  await start();
});
afterAll(async () => {
  await service.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});
afterEach(() => {
  clock = Date.parse('2026-11-22T12:00:00Z');
});

describe('Xaman stand-in platform API through xumm-sdk', () => {
  it('answers ping with the application', async () => {
    const pong = await sdk().ping();
    expect(pong.application.name).toContain('RLUSD Marketplace');
  });

  it('refuses a wrong API secret', async () => {
    const wrong = new XummSdk(apiKey, randomUUID());
    wrong.setEndpoint(service.url);
    await expect(wrong.ping()).rejects.toThrow();
    await expect(wrong.payload.create({ txjson: { TransactionType: 'SignIn' } }, true)).rejects.toThrow();
  });

  it('creates a SignIn payload and reads it back as pending', async () => {
    const created = await sdk().payload.create({ txjson: { TransactionType: 'SignIn' }, options: { expire: 5 } }, true);
    expect(created?.next.always).toBe(`${service.url}/sign/${created?.uuid}`);
    const got = await sdk().payload.get(created!.uuid, true);
    expect(got?.meta).toMatchObject({ exists: true, resolved: false, signed: false, cancelled: false, expired: false });
    expect(got?.payload.tx_type).toBe('SignIn');
    expect(got?.payload.expires_in_seconds).toBe(300);
    expect(got?.response.hex).toBeNull();
  });

  it('refuses a payload without a transaction', async () => {
    await expect(sdk().payload.create({ options: { expire: 5 } } as never, true)).rejects.toThrow(/602/);
  });

  it('answers null for an unknown payload', async () => {
    expect(await sdk().payload.get(randomUUID())).toBeNull();
  });

  it('cancels a pending payload once and tells subscribers it was not signed', async () => {
    const created = await sdk().payload.create({ txjson: { TransactionType: 'SignIn' } }, true);
    const resolved = statusMessages(created!.uuid, (m) => 'signed' in m);
    await new Promise((r) => setTimeout(r, 100));
    const first = await sdk().payload.cancel(created!.uuid, true);
    expect(first?.result).toEqual({ cancelled: true, reason: 'OK' });
    const second = await sdk().payload.cancel(created!.uuid, true);
    expect(second?.result).toEqual({ cancelled: false, reason: 'ALREADY_CANCELLED' });
    const messages = await resolved;
    expect(messages.at(-1)).toMatchObject({ payload_uuidv4: created!.uuid, signed: false });
    expect((await sdk().payload.get(created!.uuid))?.meta).toMatchObject({ resolved: true, cancelled: true });
  });

  it('expires a payload after options.expire minutes and says so on the status socket', async () => {
    const created = await sdk().payload.create({ txjson: { TransactionType: 'SignIn' }, options: { expire: 1 } }, true);
    const expired = statusMessages(created!.uuid, (m) => m.expired === true);
    clock += 61_000;
    const messages = await expired;
    expect(messages[0]).toEqual({ message: `Welcome ${created!.uuid}` });
    expect((await sdk().payload.get(created!.uuid))?.meta.expired).toBe(true);
    const cancel = await sdk().payload.cancel(created!.uuid, true);
    expect(cancel?.result).toEqual({ cancelled: false, reason: 'ALREADY_EXPIRED' });
  });

  it('answers the keepalive ping on the status socket', async () => {
    const created = await sdk().payload.create({ txjson: { TransactionType: 'SignIn' } }, true);
    const messages = await statusMessages(created!.uuid, (m) => m.message === 'Right back at you!', '{"ping":true}');
    expect(messages[1]).toEqual({ expires_in_seconds: 1440 * 60 });
  });

  it('serves the QR code of next.always as a PNG', async () => {
    const created = await sdk().payload.create({ txjson: { TransactionType: 'SignIn' } }, true);
    const res = await fetch(created!.refs.qr_png);
    expect(res.headers.get('content-type')).toBe('image/png');
    const png = Buffer.from(await res.arrayBuffer());
    expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
    expect(png.readUInt32BE(16)).toBe(256);
  });

  it('keeps payloads across a restart', async () => {
    const created = await sdk().payload.create({ txjson: { TransactionType: 'SignIn' } }, true);
    await service.stop();
    await start();
    expect((await sdk().payload.get(created!.uuid))?.meta.uuid).toBe(created!.uuid);
  });
});
