import { beforeAll, describe, expect, it } from 'vitest';
import type { Profile } from '../../shared/api/profile';
import { call, signUpNewUser } from './auth-support';

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

  it('uploads straight to the bucket with the presigned POST and makes it the avatar', async () => {
    const ticket = await call<{ url: string; fields: Record<string, string>; key: string }>(
      'POST',
      '/api/me/avatar-upload',
      { token, body: { contentType: 'image/png', size: 68 } },
    );
    expect(ticket.status).toBe(201);
    // Set it before the upload: nothing there yet.
    expect((await call('PUT', '/api/me/avatar', { token, body: { key: ticket.body.key } })).status).toBe(400);

    const form = new FormData();
    for (const [name, value] of Object.entries(ticket.body.fields)) form.append(name, value);
    form.append('file', new Blob([new Uint8Array(68)], { type: 'image/png' }), 'avatar.png');
    const upload = await fetch(ticket.body.url, { method: 'POST', body: form });
    expect(upload.status).toBeLessThan(300);

    const set = await call<Profile>('PUT', '/api/me/avatar', { token, body: { key: ticket.body.key } });
    expect(set.status).toBe(200);
    expect(set.body.avatarUrl).toMatch(/\/media\/avatars\//);
    expect((await fetch(set.body.avatarUrl!)).status).toBe(200);
  });

  it("refuses someone else's key", async () => {
    const res = await call('PUT', '/api/me/avatar', { token, body: { key: 'avatars/someone-else/x.png' } });
    expect(res.status).toBe(400);
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
