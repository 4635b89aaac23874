import { beforeAll, describe, expect, it } from 'vitest';
import type { Profile } from '../../shared/api/profile';
import { describeImage, hasGpsIfd, sidewaysPhotoWithGps } from '../fixtures/exif-photo';
import { call, signUpNewUser } from './auth-support';
import { mediaStatus } from './media-support';

type Errors = { error: { message: string } };

const FROM = '127.0.6.1';
let token: string;
let wallet: string;

const home = { country: 'US', street: '1 Main St', city: 'Austin', state: 'TX', postalCode: '78701' };
const settings = {
  fullName: 'Jane Seller',
  email: 'jane@example.com',
  phone: '+1 512 555 0100',
  address: home,
  returnAddress: null,
  useDifferentReturnAddress: false,
  isSeller: true,
};

/** A new visitor with a new funded wallet signs in and creates an account. */
beforeAll(async () => {
  ({ token, wallet } = await signUpNewUser(FROM, 'prof'));
}, 60_000);

describe('profile settings', () => {
  it('needs a session', async () => {
    expect((await call('GET', '/api/me/profile')).status).toBe(401);
    expect((await call('PUT', '/api/me/profile', { body: settings })).status).toBe(401);
  });

  it('starts empty and incomplete', async () => {
    const res = await call<Profile>('GET', '/api/me/profile', { token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ fullName: '', isSeller: false, profileComplete: false, address: null });
  });

  it('refuses missing required fields and a return address toggle without an address, naming the field', async () => {
    const missing = await call<{ error: { fields: Record<string, string> } }>('PUT', '/api/me/profile', {
      token,
      body: { ...settings, email: '' },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.error.fields.email).toBeDefined();
    const noReturn = await call<{ error: { fields: Record<string, string> } }>('PUT', '/api/me/profile', {
      token,
      body: { ...settings, useDifferentReturnAddress: true },
    });
    expect(noReturn.status).toBe(400);
    expect(noReturn.body.error.fields.returnAddress).toBeDefined();
  });

  it('saves the settings, and becoming a seller shows on /api/me at once', async () => {
    const saved = await call<Profile>('PUT', '/api/me/profile', { token, body: settings });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ fullName: 'Jane Seller', isSeller: true, profileComplete: true, address: home });
    const me = await call<{ isSeller: boolean }>('GET', '/api/me', { token });
    expect(me.body.isSeller).toBe(true);
  });
});

describe('avatar upload', () => {
  it('refuses what is not an image or is over 5 MB before any upload', async () => {
    const html = await call('POST', '/api/me/avatar-upload', { token, body: { contentType: 'text/html', size: 10 } });
    expect(html.status).toBe(400);
    const big = await call('POST', '/api/me/avatar-upload', {
      token,
      body: { contentType: 'image/png', size: 5 * 1024 * 1024 + 1 },
    });
    expect(big.status).toBe(400);
  });

  /** Asks for a ticket and posts the file with it, as the settings page does. */
  async function uploadAvatar(file: Uint8Array, contentType: string): Promise<string> {
    const ticket = await call<{ url: string; fields: Record<string, string>; key: string }>(
      'POST',
      '/api/me/avatar-upload',
      { token, body: { contentType, size: file.length } },
    );
    expect(ticket.status).toBe(201);
    const form = new FormData();
    for (const [name, value] of Object.entries(ticket.body.fields)) form.append(name, value);
    form.append('file', new Blob([new Uint8Array(file)], { type: contentType }), 'avatar');
    expect((await fetch(ticket.body.url, { method: 'POST', body: form })).status).toBeLessThan(300);
    return ticket.body.key;
  }

  it('uploads straight to the bucket, then serves it re-encoded: upright, without EXIF or GPS', async () => {
    const photo = await sidewaysPhotoWithGps();
    const key = await uploadAvatar(photo, 'image/jpeg');
    const set = await call<Profile>('PUT', '/api/me/avatar', { token, body: { key } });
    expect(set.status).toBe(200);
    expect(set.body.avatarUrl).toMatch(/\/media\/avatars\/[^/]+\/[0-9A-Z]+\.jpg$/);
    const served = await fetch(set.body.avatarUrl!);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    const image = await describeImage(new Uint8Array(await served.arrayBuffer()));
    expect(image).toMatchObject({ width: 20, height: 40, orientation: undefined, exif: undefined, leaksText: false });
    expect(hasGpsIfd(image.exif)).toBe(false);
    // The upload itself is gone; a second set of the same key finds nothing.
    expect(await mediaStatus(key)).toBe(404);
    expect((await call('PUT', '/api/me/avatar', { token, body: { key } })).status).toBe(400);
  });

  it('refuses, by its bytes, an upload that is not an image (and deletes it), or is not there yet', async () => {
    const ticket = await call<{ key: string }>('POST', '/api/me/avatar-upload', {
      token,
      body: { contentType: 'image/png', size: 68 },
    });
    const early = await call<Errors>('PUT', '/api/me/avatar', { token, body: { key: ticket.body.key } });
    expect([early.status, early.body.error.message]).toEqual([400, 'Avatar was not uploaded']);
    const key = await uploadAvatar(new TextEncoder().encode('<html><script>alert(1)</script></html>'), 'image/png');
    const res = await call<Errors>('PUT', '/api/me/avatar', { token, body: { key } });
    expect([res.status, res.body.error.message]).toEqual([400, 'Avatar is not an image file']);
    expect(await mediaStatus(key)).toBe(404);
    const zeros = await uploadAvatar(new Uint8Array(68), 'image/png');
    expect((await call('PUT', '/api/me/avatar', { token, body: { key: zeros } })).status).toBe(400);
  });

  it("refuses someone else's key", async () => {
    for (const key of ['uploads/someone-else/x.png', 'avatars/someone-else/x.png']) {
      expect((await call('PUT', '/api/me/avatar', { token, body: { key } })).status).toBe(400);
    }
  });
});

describe('wallet balances', () => {
  it("reads the wallet's XRP and RLUSD from the ledger, with the local explorer's page of the account", async () => {
    const res = await call<{
      walletAddress: string;
      balances: { currency: string; value: string; cents: number | null }[];
      explorerUrl: string;
    }>('GET', '/api/wallet/balances', { token });
    expect(res.status).toBe(200);
    expect(res.body.walletAddress).toBe(wallet);
    const [rlusd, xrp] = res.body.balances;
    expect(rlusd).toMatchObject({ currency: 'RLUSD' });
    expect(rlusd!.cents).toBeGreaterThan(0);
    expect(xrp).toMatchObject({ currency: 'XRP', cents: null });
    expect(Number(xrp!.value)).toBeGreaterThan(0);
    expect(res.body.explorerUrl).toContain(`/explorer/accounts/${wallet}`);
    expect((await fetch(res.body.explorerUrl)).status).toBe(200);
  });
});
