import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { ApiKeyStatus } from '../../functions/core/admin-api-keys/get-api-keys';
import {
  defaultNetworkSettings,
  NETWORK_TEXTS,
  type NetworkSettingsView,
  type ServerInfo,
} from '../../shared/api/admin-network';
import { call } from './auth-support';
import { signUp, type Account } from './route-support';
import { makeAdmin } from './table-support';

/** The admin portal's XRPL Network and API keys tabs (decisions 064 and 072) against the local stack. */

const FROM = '127.0.64.1';
let admin: Account;
let user: Account;
const as = (a: Account, body?: unknown) => ({ token: a.token, from: a.from, ...(body !== undefined && { body }) });

beforeAll(async () => {
  [admin, user] = await Promise.all([signUp(FROM, 'netadm'), signUp(FROM, 'netusr')]);
  await makeAdmin(admin.userId);
}, 60_000);

describe('XRPL Network tab', () => {
  it('reads, saves (ranges and the 72-hour floor checked) and tests the ledger in use; others are refused', async () => {
    const DEFAULTS = defaultNetworkSettings(inject('ledgerUrl'));
    const requests = [
      ['GET', '/api/admin/network', undefined],
      ['PUT', '/api/admin/network', DEFAULTS],
      ['POST', '/api/admin/network/test', { url: inject('ledgerUrl') }],
    ] as const;
    for (const [method, path, body] of requests) {
      expect((await call(method, path, as(user, body))).status).toBe(403);
      expect((await call(method, path, { from: FROM, body })).status).toBe(401);
    }

    const read = await call<NetworkSettingsView>('GET', '/api/admin/network', as(admin));
    expect(read.status).toBe(200);
    expect(read.body.inUse).toEqual({ network: 'local', url: inject('ledgerUrl') });
    expect(read.body.settings).toEqual(DEFAULTS);
    expect(read.body.requireCondition).toBe(true);

    // Only harmless fields change: other files' checkouts run on this stack with the default escrow window.
    const next = { ...DEFAULTS, maxRetries: 4, connectionTimeoutSeconds: 10 };
    try {
      const saved = await call<NetworkSettingsView>('PUT', '/api/admin/network', as(admin, next));
      expect(saved.status).toBe(200);
      const again = await call<NetworkSettingsView>('GET', '/api/admin/network', as(admin));
      expect(again.body.settings).toEqual(next);
      expect(again.body.updatedAt).not.toBeNull();

      const short = await call<{ error: { message: string } }>(
        'PUT',
        '/api/admin/network',
        as(admin, { ...next, escrowWindowHours: 48 }),
      );
      expect([short.status, short.body.error.message]).toEqual([400, NETWORK_TEXTS.windowFloor]);
      const slow = await call('PUT', '/api/admin/network', as(admin, { ...next, connectionTimeoutSeconds: 121 }));
      expect(slow.status).toBe(400);

      const test = await call<{ connected: boolean; serverInfo: ServerInfo }>(
        'POST',
        '/api/admin/network/test',
        as(admin, { url: inject('ledgerUrl') }),
      );
      expect(test.status).toBe(200);
      expect(test.body.connected).toBe(true);
      const info = test.body.serverInfo;
      expect(info.buildVersion).toBe('2.5.0-local');
      expect(info.serverState).toBe('full');
      expect(info.validatedLedger?.seq).toBeGreaterThan(0);
      expect(info.validatedLedger?.hash).toMatch(/^[0-9A-F]{64}$/);
      expect(info.completeLedgers).toMatch(/^\d+-\d+$/);
      expect(Number(info.reserveBaseXrp)).toBeGreaterThan(0);

      const elsewhere = await call('POST', '/api/admin/network/test', as(admin, { url: 'ws://127.0.0.1:9' }));
      expect(elsewhere.status).toBe(400);
    } finally {
      await call('PUT', '/api/admin/network', as(admin, DEFAULTS));
    }
  });

  it('every function dials the saved endpoints: the primary alone, or the backups after it when they are on', async () => {
    const DEFAULTS = defaultNetworkSettings(inject('ledgerUrl'));
    // Nothing listens on port 9: the primary refuses at once, so the stack is cut off for one request at most.
    const badFirst = { ...DEFAULTS, rpcUrls: ['ws://127.0.0.1:9', inject('ledgerUrl')], maxRetries: 1 };
    const save = async (body: typeof DEFAULTS) =>
      expect((await call('PUT', '/api/admin/network', as(admin, body))).status).toBe(200);
    const balances = async () => (await call('GET', '/api/wallet/balances', as(user))).status;
    expect(await balances()).toBe(200);
    try {
      await save({ ...badFirst, enableBackupNodes: false });
      expect(await balances()).toBe(503);
      await save(badFirst);
      expect(await balances()).toBe(200);
    } finally {
      await call('PUT', '/api/admin/network', as(admin, DEFAULTS));
    }
    expect(await balances()).toBe(200);
  });
});

describe('API keys tab', () => {
  it('saves a key (Configured after, the value in no answer) and tests Xaman and FedEx with the stored keys', async () => {
    expect((await call('GET', '/api/admin/api-keys', as(user))).status).toBe(403);
    expect((await call('PUT', '/api/admin/api-keys/upcServiceKey', as(user, { value: 'x' }))).status).toBe(403);

    // The lookup key: the lookup then uses the paid plan, which the local stand-in serves alike (decision 071).
    const value = `upc-${randomUUID()}`;
    const empty = await call<{ error: { fields: Record<string, string> } }>(
      'PUT',
      '/api/admin/api-keys/upcServiceKey',
      as(admin, { value: ' ' }),
    );
    expect([empty.status, empty.body.error.fields.value]).toEqual([400, 'API key value cannot be empty']);
    const saved = await call('PUT', '/api/admin/api-keys/upcServiceKey', as(admin, { value }));
    expect(saved.status).toBe(200);
    const keys = await call<{ keys: ApiKeyStatus[] }>('GET', '/api/admin/api-keys', as(admin));
    expect(keys.body.keys.find((k) => k.name === 'upcServiceKey')?.configured).toBe(true);
    // The stack's own credentials count as set.
    expect(keys.body.keys.find((k) => k.name === 'xamanApiSecret')?.configured).toBe(true);
    expect(JSON.stringify([saved.body, keys.body])).not.toContain(value);

    for (const service of ['xaman', 'fedex']) {
      const test = await call('POST', `/api/admin/api-keys/test/${service}`, as(admin, {}));
      expect([test.status, test.body]).toEqual([200, { connected: true }]);
    }
  });
});
