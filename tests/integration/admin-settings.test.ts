import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminSettingsView } from '../../shared/api/admin-settings';
import { call } from './auth-support';
import { listingBody, sellerProfile, signUp, type Account } from './route-support';
import { makeAdmin } from './table-support';
import { CATALOG } from '../../infra/local/products/catalog';

/** Platform settings through the local gateway (decision 063): admin read and change, the public read, their effects. */

const FROM = '127.0.9.63';
let admin: Account;
let seller: Account;
let original: AdminSettingsView['settings'] | undefined;

type Reply = AdminSettingsView & { error?: { code: string; message: string; fields?: Record<string, string> } };

const put = (a: Account, body: unknown) =>
  call<Reply>('PUT', '/api/admin/settings', { token: a.token, from: a.from, body });
const createListing = (photoKeys: string[] = []) =>
  call<{ id?: string; error?: { code: string; message: string } }>('POST', '/api/listings', {
    token: seller.token,
    from: seller.from,
    body: { ...listingBody, photoKeys },
    headers: { 'idempotency-key': randomUUID() },
  });

beforeAll(async () => {
  [admin, seller] = await Promise.all([signUp(FROM, 'setadm'), signUp(FROM, 'setsel')]);
  await makeAdmin(admin.userId);
  const profile = await call('PUT', '/api/me/profile', { token: seller.token, from: seller.from, body: sellerProfile });
  expect(profile.status).toBe(200);
  original = (await call<Reply>('GET', '/api/admin/settings', { token: admin.token, from: admin.from })).body.settings;
}, 60_000);

// The stack's other files need the platform as it was.
afterAll(async () => {
  if (admin && original) expect((await put(admin, original)).status).toBe(200);
});

describe('platform settings', () => {
  it('are read and changed by administrators only, checked by the shared schema, and reach the public read', async () => {
    const read = await call<Reply>('GET', '/api/admin/settings', { token: admin.token, from: admin.from });
    expect(read.status).toBe(200);
    expect(read.body.platformWalletAddress).toMatch(/^r/);
    expect((await call('GET', '/api/admin/settings', { token: seller.token, from: seller.from })).status).toBe(403);
    expect((await put(seller, { announcementMessage: 'Hi' })).status).toBe(403);

    const refused = await put(admin, { maxListingImages: 21, platformFeeBasisPoints: 10_010 });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.error!.fields ?? {})).toEqual(
      expect.arrayContaining(['maxListingImages', 'platformFeeBasisPoints']),
    );
    expect((await put(admin, { announcementMessage: 'x'.repeat(281) })).status).toBe(400);
    expect((await put(admin, { platformFeeBasisPoints: 255 })).body.error?.fields).toHaveProperty(
      'platformFeeBasisPoints',
    );
    expect((await put(admin, { platformWalletAddress: 'rX' })).status).toBe(400);

    const saved = await put(admin, { announcementMessage: 'Fees drop on Monday', maxListingImages: 12 });
    expect(saved.status).toBe(200);
    expect(saved.body.settings).toMatchObject({ announcementMessage: 'Fees drop on Monday', maxListingImages: 12 });
    const visible = await call('GET', '/api/settings', { from: FROM });
    expect(visible.body).toEqual({
      maintenanceMode: false,
      announcementMessage: 'Fees drop on Monday',
      maxListingImages: 12,
      requireKyc: read.body.settings.requireKyc,
    });
  });

  it('enforce max_listing_images on a new listing', async () => {
    expect((await put(admin, { maxListingImages: 1 })).status).toBe(200);
    const refused = await createListing([`uploads/${seller.userId}/a.jpg`, `uploads/${seller.userId}/b.jpg`]);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({
      code: 'too_many_photos',
      message: 'A listing can have at most 1 photo.',
    });
    expect((await put(admin, { maxListingImages: 10 })).status).toBe(200);
  });

  it('in maintenance mode answer writes 503 with a clear message; reads, sign-in and admin routes still work', async () => {
    expect((await put(admin, { maintenanceMode: true })).status).toBe(200);
    try {
      const refused = await createListing();
      expect(refused.status).toBe(503);
      expect(refused.body.error).toMatchObject({ code: 'maintenance' });
      expect(refused.body.error!.message).toContain('maintenance');
      expect((await call('GET', '/api/listings', { from: FROM })).status).toBe(200);
      expect((await call('POST', '/api/auth/sign-in', { from: FROM, body: {} })).status).toBe(201);
      expect((await call('GET', '/api/settings', { from: FROM })).body).toMatchObject({ maintenanceMode: true });
    } finally {
      expect((await put(admin, { maintenanceMode: false })).status).toBe(200);
    }
    expect((await createListing()).status).toBe(201);
  });

  it('with require_kyc on, publish only for a seller an administrator marked verified, the mark being the badge', async () => {
    const verify = (a: Account, verified: boolean) =>
      call<{ verified?: boolean }>('PUT', `/api/admin/users/${seller.username}/verification`, {
        token: a.token,
        from: a.from,
        body: { verified, reason: 'Identity documents checked.' },
      });
    expect((await verify(seller, true)).status).toBe(403);
    expect((await put(admin, { requireKyc: true })).status).toBe(200);
    const refused = await createListing();
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({
      code: 'seller_not_verified',
      message: 'Only verified sellers can publish listings right now.',
    });
    const store = () => call<{ verified: boolean; isSeller: boolean }>('GET', `/api/stores/${seller.username}`, {});
    expect((await store()).body).toMatchObject({ isSeller: true, verified: false });

    const marked = await verify(admin, true);
    expect(marked.status).toBe(200);
    expect(marked.body).toMatchObject({ username: seller.username, verified: true });
    const made = await createListing();
    expect(made.status).toBe(201);
    expect((await store()).body.verified).toBe(true);
    const listing = await call<{ sellerInfo: { verified: boolean } }>('GET', `/api/listings/${made.body.id}`, {});
    expect(listing.body.sellerInfo.verified).toBe(true);
    const audit = await call<{ items: { action: string; before: unknown; after: unknown }[] }>(
      'GET',
      `/api/admin/audit?action=user.verify&limit=5&actor=${admin.username}`,
      { token: admin.token, from: admin.from },
    );
    expect(audit.body.items[0]).toMatchObject({
      before: { verified: false },
      after: { verified: true, reason: 'Identity documents checked.' },
    });

    expect((await verify(admin, false)).body.verified).toBe(false);
    expect((await createListing()).status).toBe(403);
    expect((await put(admin, { requireKyc: false })).status).toBe(200);
    expect((await createListing()).status).toBe(201);
  });

  it('apply the UPC settings to product lookup: the chosen service, and the limit per user and minute', async () => {
    const camera = CATALOG.find((p) => p.title.startsWith('Fujifilm X-T5'))!;
    const lookup = (q: string) =>
      call<{ items?: { productName: string }[]; error?: { message: string } }>(
        'GET',
        `/api/lookup/products?q=${encodeURIComponent(q)}`,
        { token: seller.token, from: seller.from },
      );
    expect((await put(admin, { upcService: 'barcodelookup', upcFallback: false })).status).toBe(200);
    const found = await lookup(camera.upc);
    expect(found.status).toBe(200);
    expect(found.body.items!.map((i) => i.productName)).toEqual([camera.title]);

    // At most one a minute: of three lookups at least one meets the limit, whichever minute each falls in.
    expect((await put(admin, { upcRateLimitPerMinute: 1 })).status).toBe(200);
    const answers = [await lookup('fuji'), await lookup('fuji'), await lookup('fuji')];
    const limited = answers.find((a) => a.status === 429);
    expect(limited?.body.error?.message).toMatch(
      /^Too many product lookups: at most 1 a minute\. Try again in \d+ s\.$/,
    );
  });
});
