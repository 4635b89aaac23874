import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import QRCode from 'qrcode';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { encode, type Payment } from 'xrpl';
import { XummSdk } from 'xumm-sdk';
import { startXamanService, type XamanService } from '../../infra/local/xaman/service';
import { pageText, postForm, statusMessages } from './helpers';

const apiKey = randomUUID();
const apiSecret = randomUUID();
const START = Date.parse('2026-11-22T12:00:00Z');
let dataDir: string;
let clock = START;
let service: XamanService;
const sdk = () => {
  const s = new XummSdk(apiKey, apiSecret);
  s.setEndpoint(service.url);
  return s;
};
const signIn = (expire?: number) =>
  sdk().payload.create({ txjson: { TransactionType: 'SignIn' }, ...(expire ? { options: { expire } } : {}) }, true);

// No ledger is needed for the API itself: no dev wallets are made, and the ledger URL is never dialled.
async function start() {
  service = await startXamanService({
    port: 0,
    dataDir,
    apiKey,
    apiSecret,
    ledgerUrl: 'ws://127.0.0.1:9',
    faucetUrl: 'http://127.0.0.1:9/accounts',
    rlusdIssuer: 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh',
    devWallets: 0,
    now: () => new Date(clock),
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
  clock = START;
});

describe('Xaman stand-in platform API through xumm-sdk', () => {
  it('has no test clock unless a whole-stack test asks for one', async () => {
    const res = await fetch(`${service.url}/_test/clock`, { method: 'POST', body: '{"advanceSeconds":600}' });
    expect(res.status).toBe(404);
  });

  it('answers ping with the application', async () => {
    const pong = await sdk().ping();
    expect(pong.application.name).toContain('RLUSD Marketplace');
    expect(pong.application.uuidv4).toMatch(/^[0-9a-f-]{36}$/);
    expect(pong.call?.uuidv4).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses a wrong API secret or key with Xaman error 813', async () => {
    const wrongSecret = new XummSdk(apiKey, randomUUID());
    wrongSecret.setEndpoint(service.url);
    await expect(wrongSecret.ping()).rejects.toThrow(/Error code 813/);
    await expect(wrongSecret.payload.create({ txjson: { TransactionType: 'SignIn' } }, true)).rejects.toThrow(/813/);
    const wrongKey = new XummSdk(randomUUID(), apiSecret);
    wrongKey.setEndpoint(service.url);
    const created = await signIn();
    expect(await wrongKey.payload.get(created!.uuid)).toBeNull();
    await expect(wrongKey.payload.get(created!.uuid, true)).rejects.toThrow(/813/);
  });

  it('creates a SignIn payload and reads it back as pending', async () => {
    const created = await signIn(5);
    expect(created?.next.always).toBe(`${service.url}/sign/${created?.uuid}`);
    expect(created?.refs.websocket_status).toBe(`${service.url.replace('http', 'ws')}/sign/${created?.uuid}`);
    const got = await sdk().payload.get(created!.uuid, true);
    expect(got?.meta).toMatchObject({ exists: true, resolved: false, signed: false, cancelled: false, expired: false });
    expect(got?.payload.tx_type).toBe('SignIn');
    expect(got?.payload.request_json).toEqual({ TransactionType: 'SignIn' });
    expect(got?.payload.expires_in_seconds).toBe(300);
    expect(got?.response).toMatchObject({ hex: null, txid: null, account: null, resolved_at: null });
  });

  it('takes a transaction as txblob and shows it decoded', async () => {
    const tx: Payment = {
      TransactionType: 'Payment',
      Account: 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh',
      Destination: 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe',
      Amount: '1500000',
    };
    const created = await sdk().payload.create({ txblob: encode(tx) }, true);
    const got = await sdk().payload.get(created!.uuid, true);
    expect(got?.payload.tx_type).toBe('Payment');
    expect(got?.payload.request_json).toMatchObject(tx);
    expect(got?.meta.destination).toBe(tx.Destination);
  });

  it('refuses a payload without a transaction, or with both forms', async () => {
    await expect(sdk().payload.create({ options: { expire: 5 } } as never, true)).rejects.toThrow(/602/);
    const both = { txjson: { TransactionType: 'SignIn' }, txblob: 'AB' };
    await expect(sdk().payload.create(both as never, true)).rejects.toThrow(/602/);
    await expect(sdk().payload.create({ txblob: 'ABCD' }, true)).rejects.toThrow(/602/);
  });

  it('answers null, or error 404 when asked, for an unknown payload', async () => {
    expect(await sdk().payload.get(randomUUID())).toBeNull();
    await expect(sdk().payload.get(randomUUID(), true)).rejects.toThrow(/Error code 404/);
  });

  it('cancels an unopened payload once, marking it expired and telling subscribers', async () => {
    const created = await signIn();
    const socket = statusMessages(service.url, created!.uuid, (m) => m.expired === true);
    await socket.opened;
    const first = await sdk().payload.cancel(created!.uuid, true);
    expect(first?.result).toEqual({ cancelled: true, reason: 'OK' });
    expect(first?.meta).toMatchObject({ resolved: false, signed: false, cancelled: true, expired: true });
    const second = await sdk().payload.cancel(created!.uuid, true);
    expect(second?.result).toEqual({ cancelled: false, reason: 'ALREADY_CANCELLED' });
    expect((await socket.done).at(-1)).toEqual({ expired: true });
    const page = await pageText(created!.next.always);
    expect(page.text).toContain('The app cancelled this request');
    expect(page.html).not.toContain('>Approve<');
  });

  it('will not cancel a payload someone opened, and tells the socket it was opened', async () => {
    const created = await signIn();
    const socket = statusMessages(service.url, created!.uuid, (m) => m.opened === true);
    await socket.opened;
    expect((await pageText(created!.next.always)).status).toBe(200);
    expect((await socket.done).at(-1)).toEqual({ opened: true });
    expect((await sdk().payload.cancel(created!.uuid, true))?.result).toEqual({
      cancelled: false,
      reason: 'ALREADY_OPENED',
    });
    expect((await sdk().payload.get(created!.uuid))?.meta).toMatchObject({
      app_opened: true,
      opened_by_deeplink: true,
    });
  });

  it('expires an unopened payload after options.expire minutes', async () => {
    const created = await signIn(1);
    const socket = statusMessages(service.url, created!.uuid, (m) => m.expired === true);
    clock += 61_000;
    const messages = await socket.done;
    expect(messages[0]).toEqual({ message: `Welcome ${created!.uuid}` });
    expect(messages.at(-1)).toEqual({ expired: true });
    const got = await sdk().payload.get(created!.uuid);
    expect(got?.meta).toMatchObject({ expired: true, resolved: false, cancelled: false });
    expect(got?.payload.expires_in_seconds).toBe(-1);
    expect((await sdk().payload.cancel(created!.uuid, true))?.result.reason).toBe('ALREADY_EXPIRED');
    const page = await pageText(created!.next.always);
    expect(page.text).toContain('expired before it was opened');
    expect(page.html).not.toContain('>Reject<');
    expect((await postForm(created!.next.always, 'reject')).status).toBe(409);
    const late = statusMessages(service.url, created!.uuid, (m) => m.expired === true);
    expect(await late.done).toEqual([{ message: `Welcome ${created!.uuid}` }, { expired: true }]);
  });

  it('still lets a payload opened in time be resolved after its deadline, as Xaman does', async () => {
    const created = await signIn(1);
    await pageText(created!.next.always);
    clock += 120_000;
    expect((await postForm(created!.next.always, 'reject')).status).toBe(303);
    expect((await sdk().payload.get(created!.uuid))?.meta).toMatchObject({ resolved: true, signed: false });
  });

  it('resolves createAndSubscribe as not signed when the person presses Reject', async () => {
    const { created, resolved } = await sdk().payload.createAndSubscribe(
      {
        txjson: { TransactionType: 'SignIn' },
        custom_meta: { identifier: 'login-1', instruction: 'Sign in' },
        options: { return_url: { web: 'http://127.0.0.1:3000/signed?payload={id}&ref={cid}' } },
      },
      (event) => ('signed' in event.data ? event.data : undefined),
    );
    const res = await postForm(created.next.always, 'reject');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/sign/${created.uuid}`);
    const data = (await resolved) as Record<string, unknown>;
    expect(data).toMatchObject({
      payload_uuidv4: created.uuid,
      signed: false,
      user_token: false,
      txid: null,
      custom_meta: { identifier: 'login-1', instruction: 'Sign in' },
      return_url: { app: null, web: `http://127.0.0.1:3000/signed?payload=${created.uuid}&ref=login-1` },
    });
    expect(data.reference_call_uuidv4).toMatch(/^[0-9a-f-]{36}$/);
    const got = await sdk().payload.get(created.uuid);
    expect(got?.meta).toMatchObject({ resolved: true, signed: false, cancelled: false, expired: false });
    expect(got?.response.hex).toBeNull();
    expect((await pageText(created.next.always)).text).toContain('Rejected. Nothing was signed');
    expect((await postForm(created.next.always, 'reject')).status).toBe(409);
  });

  it('tells the status socket when the requester fetched the payload', async () => {
    const created = await signIn();
    const socket = statusMessages(service.url, created!.uuid, (m) => m.devapp_fetched === true);
    await socket.opened;
    await sdk().payload.get(created!.uuid);
    expect((await socket.done).at(-1)).toEqual({ devapp_fetched: true });
  });

  it('answers the keepalive ping on the status socket', async () => {
    const created = await signIn();
    const socket = statusMessages(
      service.url,
      created!.uuid,
      (m) => m.message === 'Right back at you!',
      '{"ping":true}',
    );
    const messages = await socket.done;
    expect(messages[1]).toEqual({ expires_in_seconds: 1440 * 60 });
  });

  it('says an unknown payload does not exist on the status socket and closes it', async () => {
    const uuid = randomUUID();
    const messages = await statusMessages(service.url, uuid, () => false).done;
    expect(messages).toEqual([{ message: `Payload ${uuid} not found` }]);
  });

  it('serves the QR code of next.always as a 256 px PNG and as a matrix', async () => {
    const created = await signIn();
    const res = await fetch(created!.refs.qr_png);
    expect(res.headers.get('content-type')).toBe('image/png');
    const png = Buffer.from(await res.arrayBuffer());
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(png.subarray(12, 16).toString('ascii')).toBe('IHDR');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([256, 256]);
    // The same encoder fed next.always gives the same image: the code carries next.always.
    expect(png).toEqual(await QRCode.toBuffer(created!.next.always, { type: 'png', width: 256, margin: 2 }));
    const matrix = (await (await fetch(created!.refs.qr_matrix)).json()) as { matrix: number[][] };
    const size = QRCode.create(created!.next.always, { errorCorrectionLevel: 'M' }).modules.size;
    expect(matrix.matrix).toHaveLength(size);
    expect((await fetch(`${service.url}/sign/${randomUUID()}_q.png`)).status).toBe(404);
  });

  it('refuses a form post from another site', async () => {
    const created = await signIn();
    const res = await fetch(`${created!.next.always}/reject`, {
      method: 'POST',
      headers: { origin: 'http://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
      redirect: 'manual',
    });
    expect(res.status).toBe(403);
    expect((await sdk().payload.get(created!.uuid))?.meta.resolved).toBe(false);
  });

  it('keeps payloads across a restart', async () => {
    const created = await signIn();
    await postForm(created!.next.always, 'reject');
    await service.stop();
    await start();
    const got = await sdk().payload.get(created!.uuid);
    expect(got?.meta).toMatchObject({ uuid: created!.uuid, resolved: true, signed: false });
  });
});
