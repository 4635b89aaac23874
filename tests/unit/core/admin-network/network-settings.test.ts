import { describe, expect, it } from 'vitest';
import {
  defaultNetworkSettings,
  NETWORK_TEXTS,
  networkSettingsSchema,
  type NetworkSettings,
} from '../../../../shared/api/admin-network';
import type { AuditRecord } from '../../../../functions/core/admin/audit';
import { escrowWindowHours } from '../../../../functions/core/admin-network/network-settings';
import type { StoredNetworkSettings } from '../../../../functions/core/admin-network/ports';
import { ledgerEndpointsOf } from '../../../../functions/core/admin-network/ledger-endpoints';
import { saveNetworkSettings } from '../../../../functions/core/admin-network/save-network-settings';
import {
  ENDPOINT_NOT_SAVED,
  testNetworkConnection,
} from '../../../../functions/core/admin-network/test-network-connection';
import { cancelAfterFrom } from '../../../../functions/core/orders/checkout';
import type { AppError } from '../../../../functions/lib/errors';
import { cachedValue } from '../../../../functions/lib/cached-value';

const at = new Date('2026-11-28T12:00:00.000Z');
const IN_USE = { network: 'local', url: 'ws://127.0.0.1:6006' };
const DEFAULTS = defaultNetworkSettings(IN_USE.url);
const BACKUP = 'wss://backup.example:51233';

function world(opts: { stored?: NetworkSettings } = {}) {
  let stored: StoredNetworkSettings | null = opts.stored
    ? { settings: opts.stored, version: 1, updatedAt: '2026-11-01T00:00:00.000Z' }
    : null;
  const audits: AuditRecord[] = [];
  let forgotten = 0;
  const deps = {
    store: {
      get: () => Promise.resolve(stored),
      save: (settings: NetworkSettings, expected: number | null, when: Date) => {
        if ((stored?.version ?? null) !== expected) return Promise.resolve(false);
        stored = { settings, version: (expected ?? 0) + 1, updatedAt: when.toISOString() };
        return Promise.resolve(true);
      },
    },
    settings: { forget: () => void forgotten++ },
    inUse: IN_USE,
    protection: { inspectionHours: 48, releaseMarginHours: 12 },
    audit: { record: (e: AuditRecord) => (audits.push(e), Promise.resolve()) },
    clock: { now: () => at },
  };
  /** The settings as every function reads them, uncached here. */
  const port = { current: async () => (stored ? stored.settings : DEFAULTS) };
  return { deps, audits, port, stored: () => stored, forgotten: () => forgotten };
}

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected a refusal');
    },
    (e: unknown) => e as AppError,
  );

describe('network settings (decisions 064 and 072)', () => {
  it('checks the spec ranges with the tab’s words; the network is no setting', () => {
    const bad = (patch: Record<string, unknown>) =>
      networkSettingsSchema.safeParse({ ...DEFAULTS, ...patch }).error?.issues[0]?.message;
    expect(bad({})).toBeUndefined();
    expect(bad({ connectionTimeoutSeconds: 4 })).toBe(NETWORK_TEXTS.timeout);
    expect(bad({ connectionTimeoutSeconds: 121 })).toBe(NETWORK_TEXTS.timeout);
    expect(bad({ connectionTimeoutSeconds: 5 })).toBeUndefined();
    expect(bad({ maxRetries: 0 })).toBe(NETWORK_TEXTS.retries);
    expect(bad({ maxRetries: 11 })).toBe(NETWORK_TEXTS.retries);
    expect(bad({ maxRetries: 2.5 })).toBe(NETWORK_TEXTS.retries);
    expect(bad({ escrowWindowHours: 8761 })).toBe(NETWORK_TEXTS.window);
    expect(bad({ rpcUrls: [] })).toBe(NETWORK_TEXTS.urls);
    expect(bad({ rpcUrls: ['https://s1.ripple.com'] })).toBe(NETWORK_TEXTS.url);
    expect(networkSettingsSchema.safeParse({ ...DEFAULTS, network: 'mainnet' }).success).toBe(false);
    // Before any save: the deployment's own endpoint and the spec's defaults.
    expect(DEFAULTS).toEqual({
      rpcUrls: [IN_USE.url],
      enableBackupNodes: true,
      connectionTimeoutSeconds: 30,
      maxRetries: 3,
      escrowWindowHours: 168,
    });
  });

  it('refuses an escrow window under 72 hours and saves one of 72, audited, this container’s copy forgotten', async () => {
    const w = world();
    const short = await refusal(saveNetworkSettings('admin1', { ...DEFAULTS, escrowWindowHours: 71 }, w.deps));
    expect(short.status).toBe(400);
    expect(short.message).toBe(NETWORK_TEXTS.windowFloor);
    expect(w.stored()).toBeNull();

    const next = { ...DEFAULTS, escrowWindowHours: 72, maxRetries: 5 };
    const view = await saveNetworkSettings('admin1', next, w.deps);
    expect(view.settings).toEqual(next);
    expect(view.requireCondition).toBe(true);
    expect(w.forgotten()).toBe(1);
    expect(w.audits).toEqual([
      { actorId: 'admin1', action: 'settings.network', subject: 'xrpl_network', before: DEFAULTS, after: next },
    ]);
    // New escrows take the saved window; the default applies before any save.
    expect(await escrowWindowHours(w.port)).toBe(72);
    expect(await escrowWindowHours(world().port)).toBe(168);
    const ledger = { closeTime: () => Promise.resolve(at), rlusdLine: () => Promise.resolve(null) };
    const cancelAfter = await cancelAfterFrom(at, { ledger, escrowWindowHours: () => escrowWindowHours(w.port) });
    expect(cancelAfter).toBe('2026-12-01T12:00:00.000Z');
  });

  it('with backup nodes on, refuses fewer retries than backups (one would never be dialled)', async () => {
    const w = world();
    const four = [IN_USE.url, BACKUP, 'wss://b2.example', 'wss://b3.example'];
    const few = await refusal(saveNetworkSettings('a', { ...DEFAULTS, rpcUrls: four, maxRetries: 2 }, w.deps));
    expect([few.status, few.message, few.fields]).toEqual([
      400,
      NETWORK_TEXTS.retriesForBackups,
      { maxRetries: NETWORK_TEXTS.retriesForBackups },
    ]);
    expect(w.audits).toEqual([]);
    expect(
      (await saveNetworkSettings('a', { ...DEFAULTS, rpcUrls: four, maxRetries: 3 }, w.deps)).settings.rpcUrls,
    ).toEqual(four);
    const off = { ...DEFAULTS, rpcUrls: four, maxRetries: 1, enableBackupNodes: false };
    expect((await saveNetworkSettings('a', off, w.deps)).settings).toEqual(off);
  });

  it('dials the primary, then the backups in order only when they are on, within the saved timeout', () => {
    const settings = { ...DEFAULTS, rpcUrls: ['wss://p', BACKUP], connectionTimeoutSeconds: 7, maxRetries: 4 };
    expect(ledgerEndpointsOf(settings, 'local')).toEqual({
      urls: ['wss://p', BACKUP],
      connectTimeoutMs: 7000,
      requestTimeoutMs: 7000,
      maxRetries: 4,
    });
    expect(ledgerEndpointsOf({ ...settings, enableBackupNodes: false }, 'local').urls).toEqual(['wss://p']);
    // The public networks' ids: a node of another network is passed over; a local stand-in may have any.
    expect(ledgerEndpointsOf(settings, 'testnet').networkId).toBe(1);
    expect(ledgerEndpointsOf(settings, 'mainnet').networkId).toBe(0);
  });

  it('every function reads the settings through a per-container cache: one read per TTL, shared misses', async () => {
    let now = 0;
    let reads = 0;
    let answer = 1;
    let fail = false;
    const cache = cachedValue(
      async () => {
        reads++;
        if (fail) throw new Error('table unreachable');
        return answer;
      },
      1_000,
      () => now,
    );
    expect(await Promise.all([cache.current(), cache.current()])).toEqual([1, 1]);
    answer = 2;
    now = 999;
    expect([await cache.current(), reads]).toEqual([1, 1]);
    now = 1_000;
    expect([await cache.current(), reads]).toEqual([2, 2]);
    answer = 3;
    cache.forget();
    expect([await cache.current(), reads]).toEqual([3, 3]);
    // A failed read keeps nothing: the next call reads again.
    fail = true;
    cache.forget();
    await expect(cache.current()).rejects.toThrow('table unreachable');
    [fail, answer] = [false, 4];
    expect([await cache.current(), reads]).toEqual([4, 5]);
  });

  it('a save that lost a race is a conflict, and nothing is audited', async () => {
    const w = world({ stored: DEFAULTS });
    const raced = { ...w.deps, store: { ...w.deps.store, save: () => Promise.resolve(false) } };
    expect((await refusal(saveNetworkSettings('a', DEFAULTS, raced))).status).toBe(409);
    expect(w.audits).toEqual([]);
  });

  it('tests only the endpoint in use or a saved one, within the saved timeout; no answer is a result', async () => {
    const asked: [string, number][] = [];
    const info = {
      buildVersion: '2.5.0',
      networkId: null,
      serverState: 'full',
      peers: 0,
      completeLedgers: '1-9',
      validationQuorum: 0,
      validatedLedger: { seq: 9, hash: 'AB' },
      baseFeeXrp: '0.00001',
      reserveBaseXrp: '1',
      reserveIncXrp: '0.2',
    };
    const deps = (fail: boolean) => ({
      store: world({ stored: { ...DEFAULTS, rpcUrls: ['wss://primary.example', BACKUP], connectionTimeoutSeconds: 7 } })
        .deps.store,
      inUse: IN_USE,
      probe: {
        serverInfo: (url: string, ms: number) => {
          asked.push([url, ms]);
          return fail ? Promise.reject(new Error('connect() timed out')) : Promise.resolve(info);
        },
      },
    });
    expect(await testNetworkConnection(IN_USE.url, deps(false))).toEqual({ connected: true, serverInfo: info });
    expect(await testNetworkConnection(BACKUP, deps(true))).toEqual({
      connected: false,
      error: 'connect() timed out',
    });
    const elsewhere = await refusal(testNetworkConnection('ws://10.0.0.1:80', deps(false)));
    expect([elsewhere.status, elsewhere.message]).toEqual([400, ENDPOINT_NOT_SAVED]);
    expect(asked).toEqual([
      [IN_USE.url, 7000],
      [BACKUP, 7000],
    ]);
  });
});
