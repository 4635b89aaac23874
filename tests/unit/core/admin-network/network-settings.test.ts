import { describe, expect, it } from 'vitest';
import {
  DEFAULT_NETWORK_SETTINGS,
  NETWORK_TEXTS,
  networkSettingsSchema,
  type NetworkSettings,
} from '../../../../shared/api/admin-network';
import type { AuditRecord } from '../../../../functions/core/admin/audit';
import { escrowWindowHours } from '../../../../functions/core/admin-network/network-settings';
import type { StoredNetworkSettings } from '../../../../functions/core/admin-network/ports';
import {
  NETWORK_CHANGE_REFUSED,
  saveNetworkSettings,
} from '../../../../functions/core/admin-network/save-network-settings';
import {
  ENDPOINT_NOT_SAVED,
  testNetworkConnection,
} from '../../../../functions/core/admin-network/test-network-connection';
import { cancelAfterFrom } from '../../../../functions/core/orders/checkout';
import type { AppError } from '../../../../functions/lib/errors';

const at = new Date('2026-11-28T12:00:00.000Z');
const IN_USE = { network: 'local', url: 'ws://127.0.0.1:6006' };

function world(opts: { stored?: NetworkSettings; open?: boolean } = {}) {
  let stored: StoredNetworkSettings | null = opts.stored
    ? { settings: opts.stored, version: 1, updatedAt: '2026-11-01T00:00:00.000Z' }
    : null;
  const audits: AuditRecord[] = [];
  const deps = {
    store: {
      get: () => Promise.resolve(stored),
      save: (settings: NetworkSettings, expected: number | null, when: Date) => {
        if ((stored?.version ?? null) !== expected) return Promise.resolve(false);
        stored = { settings, version: (expected ?? 0) + 1, updatedAt: when.toISOString() };
        return Promise.resolve(true);
      },
    },
    openEscrows: { any: () => Promise.resolve(opts.open ?? false) },
    inUse: IN_USE,
    protection: { inspectionHours: 48, releaseMarginHours: 12 },
    audit: { record: (e: AuditRecord) => (audits.push(e), Promise.resolve()) },
    clock: { now: () => at },
  };
  return { deps, audits, stored: () => stored };
}

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected a refusal');
    },
    (e: unknown) => e as AppError,
  );

describe('network settings (decision 064)', () => {
  it('checks the spec ranges with the tab’s words', () => {
    const bad = (patch: Partial<NetworkSettings>) =>
      networkSettingsSchema.safeParse({ ...DEFAULT_NETWORK_SETTINGS, ...patch }).error?.issues[0]?.message;
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
  });

  it('refuses an escrow window under 72 hours and saves one of 72, audited before and after', async () => {
    const w = world();
    const short = await refusal(
      saveNetworkSettings('admin1', { ...DEFAULT_NETWORK_SETTINGS, escrowWindowHours: 71 }, w.deps),
    );
    expect(short.status).toBe(400);
    expect(short.message).toBe(NETWORK_TEXTS.windowFloor);
    expect(w.stored()).toBeNull();

    const next = { ...DEFAULT_NETWORK_SETTINGS, escrowWindowHours: 72, maxRetries: 5 };
    const view = await saveNetworkSettings('admin1', next, w.deps);
    expect(view.settings).toEqual(next);
    expect(view.requireCondition).toBe(true);
    expect(w.audits).toEqual([
      {
        actorId: 'admin1',
        action: 'settings.network',
        subject: 'xrpl_network',
        before: DEFAULT_NETWORK_SETTINGS,
        after: next,
      },
    ]);
    // New escrows take the saved window; the default applies before any save.
    expect(await escrowWindowHours(w.deps.store)).toBe(72);
    expect(await escrowWindowHours(world().deps.store)).toBe(168);
    const ledger = { closeTime: () => Promise.resolve(at), rlusdLine: () => Promise.resolve(null) };
    const cancelAfter = await cancelAfterFrom(at, { ledger, escrowWindowHours: () => escrowWindowHours(w.deps.store) });
    expect(cancelAfter).toBe('2026-12-01T12:00:00.000Z');
  });

  it('refuses a change of network while escrows are open, but saves the rest', async () => {
    const w = world({ open: true });
    const change = await refusal(
      saveNetworkSettings('admin1', { ...DEFAULT_NETWORK_SETTINGS, network: 'mainnet' }, w.deps),
    );
    expect(change.status).toBe(409);
    expect(change.message).toBe(NETWORK_CHANGE_REFUSED);
    expect(w.audits).toEqual([]);
    const same = await saveNetworkSettings(
      'admin1',
      { ...DEFAULT_NETWORK_SETTINGS, connectionTimeoutSeconds: 60 },
      w.deps,
    );
    expect(same.settings.connectionTimeoutSeconds).toBe(60);

    const idle = world({ open: false });
    expect(
      (await saveNetworkSettings('a', { ...DEFAULT_NETWORK_SETTINGS, network: 'devnet' }, idle.deps)).settings.network,
    ).toBe('devnet');
  });

  it('a save that lost a race is a conflict, and nothing is audited', async () => {
    const w = world({ stored: DEFAULT_NETWORK_SETTINGS });
    const raced = { ...w.deps, store: { ...w.deps.store, save: () => Promise.resolve(false) } };
    expect((await refusal(saveNetworkSettings('a', DEFAULT_NETWORK_SETTINGS, raced))).status).toBe(409);
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
      store: world({ stored: { ...DEFAULT_NETWORK_SETTINGS, connectionTimeoutSeconds: 7 } }).deps.store,
      inUse: IN_USE,
      probe: {
        serverInfo: (url: string, ms: number) => {
          asked.push([url, ms]);
          return fail ? Promise.reject(new Error('connect() timed out')) : Promise.resolve(info);
        },
      },
    });
    expect(await testNetworkConnection(IN_USE.url, deps(false))).toEqual({ connected: true, serverInfo: info });
    expect(await testNetworkConnection(DEFAULT_NETWORK_SETTINGS.rpcUrls[0]!, deps(true))).toEqual({
      connected: false,
      error: 'connect() timed out',
    });
    const elsewhere = await refusal(testNetworkConnection('ws://10.0.0.1:80', deps(false)));
    expect([elsewhere.status, elsewhere.message]).toEqual([400, ENDPOINT_NOT_SAVED]);
    expect(asked).toEqual([
      [IN_USE.url, 7000],
      [DEFAULT_NETWORK_SETTINGS.rpcUrls[0], 7000],
    ]);
  });
});
