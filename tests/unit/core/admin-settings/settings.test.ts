import { describe, expect, it, vi } from 'vitest';
import type { AuditRecord } from '../../../../functions/core/admin/audit';
import { getPublicSettings } from '../../../../functions/core/admin-settings/get-public-settings';
import {
  assertOpenForWrites,
  gatedInMaintenance,
  MAINTENANCE_MESSAGE,
} from '../../../../functions/core/admin-settings/maintenance';
import type { StoredSettings } from '../../../../functions/core/admin-settings/ports';
import { cachedSettings } from '../../../../functions/core/admin-settings/settings-cache';
import { updateAdminSettings } from '../../../../functions/core/admin-settings/update-admin-settings';
import { requestPlatformFee } from '../../../../functions/core/orders/request-platform-fee';
import { settingsCacheMs } from '../../../../functions/wiring/admin-settings';
import { platformSettingsChangeSchema } from '../../../../shared/api/admin-settings';
import {
  basisPointsOfPercent,
  DEFAULT_PLATFORM_SETTINGS as DEFAULTS,
  percentText,
} from '../../../../shared/domain/admin-settings';
import { testSettings } from '../../../fixtures/test-settings';
import { aFundedOrder, world } from '../orders/order-fakes';

const NOW = new Date('2026-11-28T12:00:00Z');

function memoryStore(initial: StoredSettings | null = null) {
  let stored = initial;
  return {
    get: vi.fn(async () => stored),
    save: vi.fn(async (values: StoredSettings['values'], expected: number | null, at: Date) => {
      if ((stored?.version ?? null) !== expected) return false;
      stored = { values, version: (expected ?? 0) + 1, updatedAt: at.toISOString() };
      return true;
    }),
  };
}

function updateDeps(store = memoryStore()) {
  const audited: AuditRecord[] = [];
  const forget = vi.fn();
  return {
    store,
    audited,
    forget,
    defaults: DEFAULTS,
    platformWalletAddress: 'rPLATFORM',
    upcServices: ['upcitemdb'] as const,
    settings: { forget },
    audit: { record: async (e: AuditRecord) => void audited.push(e) },
    clock: { now: () => NOW },
  };
}

describe('the settings schema', () => {
  const refuses = (change: Record<string, unknown>) => platformSettingsChangeSchema.safeParse(change).success === false;

  it('takes each setting inside its range', () => {
    for (const change of [
      { maxListingImages: 1 },
      { maxListingImages: 20 },
      { platformFeeBasisPoints: 0 },
      { platformFeeBasisPoints: 10_000 },
      { platformFeeBasisPoints: 250 },
      { upcRateLimitPerMinute: 1000 },
      { upcCacheHours: 168 },
      { announcementMessage: 'x'.repeat(280) },
      { maintenanceMode: true, requireKyc: true, upcFallback: false },
    ]) {
      expect(platformSettingsChangeSchema.safeParse(change).success, JSON.stringify(change)).toBe(true);
    }
  });

  it('refuses values out of range, floats and unknown keys', () => {
    expect(refuses({ maxListingImages: 0 })).toBe(true);
    expect(refuses({ maxListingImages: 21 })).toBe(true);
    expect(refuses({ maxListingImages: 2.5 })).toBe(true);
    expect(refuses({ platformFeeBasisPoints: 10_010 })).toBe(true);
    expect(refuses({ platformFeeBasisPoints: -10 })).toBe(true);
    expect(refuses({ upcRateLimitPerMinute: 0 })).toBe(true);
    expect(refuses({ upcRateLimitPerMinute: 1001 })).toBe(true);
    expect(refuses({ upcCacheHours: 169 })).toBe(true);
    expect(refuses({ announcementMessage: 'x'.repeat(281) })).toBe(true);
    expect(refuses({ upcService: 'other' })).toBe(true);
    expect(refuses({ platformWalletAddress: 'rX' })).toBe(true);
  });

  it('reads and writes the percent the tab shows as whole basis points', () => {
    expect(basisPointsOfPercent('2.5')).toBe(250);
    expect(basisPointsOfPercent('0.1')).toBe(10);
    expect(basisPointsOfPercent('100')).toBe(10_000);
    expect(basisPointsOfPercent('1.25')).toBe(125);
    expect(basisPointsOfPercent('abc')).toBeNull();
    expect(basisPointsOfPercent('1.234')).toBeNull();
    expect(percentText(250)).toBe('2.5');
    expect(percentText(300)).toBe('3');
    expect(percentText(125)).toBe('1.25');
    expect(percentText(10)).toBe('0.1');
  });
});

describe('the settings cache', () => {
  it('reads the item once per TTL, then again after it expires', async () => {
    let t = 0;
    const store = memoryStore({ values: { maxListingImages: 4 }, version: 1, updatedAt: NOW.toISOString() });
    const port = cachedSettings(store, DEFAULTS, 30_000, () => t);
    expect((await port.current()).maxListingImages).toBe(4);
    await store.save({ maxListingImages: 6 }, 1, NOW);
    t = 29_999;
    expect((await port.current()).maxListingImages).toBe(4);
    t = 30_000;
    expect((await port.current()).maxListingImages).toBe(6);
    expect(store.get).toHaveBeenCalledTimes(2);
  });

  it('shares one read between concurrent misses and reads again after forget', async () => {
    const store = memoryStore();
    const port = cachedSettings(store, DEFAULTS, 30_000, () => 0);
    const [a, b] = await Promise.all([port.current(), port.current()]);
    expect(a).toEqual(DEFAULTS);
    expect(b).toBe(a);
    port.forget();
    await port.current();
    expect(store.get).toHaveBeenCalledTimes(2);
  });

  it('keeps at most 60 s, SETTINGS_CACHE_SECONDS setting it lower', () => {
    expect(settingsCacheMs({})).toBe(45_000);
    expect(settingsCacheMs({ SETTINGS_CACHE_SECONDS: '1' })).toBe(1_000);
    expect(() => settingsCacheMs({ SETTINGS_CACHE_SECONDS: '61' })).toThrow('SETTINGS_CACHE_SECONDS');
    expect(() => settingsCacheMs({ SETTINGS_CACHE_SECONDS: '0' })).toThrow('SETTINGS_CACHE_SECONDS');
  });
});

describe('updateAdminSettings', () => {
  it('saves the change and records one audit entry per changed key with its value before and after', async () => {
    const d = updateDeps();
    const view = await updateAdminSettings(
      'admin1',
      { maxListingImages: 12, platformFeeBasisPoints: 300, requireKyc: false },
      d,
    );
    expect(view.settings).toMatchObject({ maxListingImages: 12, platformFeeBasisPoints: 300, requireKyc: false });
    expect(view).toMatchObject({ platformWalletAddress: 'rPLATFORM', updatedAt: NOW.toISOString() });
    expect(d.audited).toEqual([
      { actorId: 'admin1', action: 'settings.update', subject: 'maxListingImages', before: 10, after: 12 },
      { actorId: 'admin1', action: 'settings.update', subject: 'platformFeeBasisPoints', before: 250, after: 300 },
    ]);
    expect(d.forget).toHaveBeenCalledOnce();
    expect((await d.store.get())?.values).toEqual({
      maxListingImages: 12,
      platformFeeBasisPoints: 300,
      requireKyc: false,
    });
  });

  it('writes and records nothing when nothing changes', async () => {
    const d = updateDeps();
    await updateAdminSettings('admin1', { maintenanceMode: false }, d);
    expect(d.store.save).not.toHaveBeenCalled();
    expect(d.audited).toEqual([]);
  });

  it('refuses a fee finer than 0.1 % and a UPC service this deployment has not configured (400)', async () => {
    const d = updateDeps();
    await expect(updateAdminSettings('admin1', { platformFeeBasisPoints: 255 }, d)).rejects.toMatchObject({
      status: 400,
      fields: { platformFeeBasisPoints: 'The platform fee must be from 0 to 100 percent, in steps of 0.1.' },
    });
    await expect(updateAdminSettings('admin1', { upcService: 'goupc' }, d)).rejects.toMatchObject({ status: 400 });
    expect(d.audited).toEqual([]);
  });

  it('of two racing saves, the second is told to reload (409) and records nothing', async () => {
    const store = memoryStore();
    const d = updateDeps(store);
    store.get.mockResolvedValueOnce(null);
    await store.save({ requireKyc: true }, null, NOW);
    await expect(updateAdminSettings('admin1', { maintenanceMode: true }, d)).rejects.toMatchObject({ status: 409 });
    expect(d.audited).toEqual([]);
  });
});

describe('maintenance mode', () => {
  const on = testSettings({ maintenanceMode: true });

  it('refuses other writes with a 503 and a clear message', async () => {
    await expect(assertOpenForWrites({ name: 'createListing', auth: 'user' }, 'POST', on)).rejects.toMatchObject({
      status: 503,
      code: 'maintenance',
      message: MAINTENANCE_MESSAGE,
    });
    await expect(
      assertOpenForWrites({ name: 'createListing', auth: 'user' }, 'POST', testSettings()),
    ).resolves.toBeUndefined();
  });

  it('lets reads, sign-in and admin routes through', () => {
    expect(gatedInMaintenance({ name: 'listListings', auth: 'public' }, 'GET')).toBe(false);
    expect(gatedInMaintenance({ name: 'startSignIn', auth: 'public' }, 'POST')).toBe(false);
    expect(gatedInMaintenance({ name: 'completeSignIn', auth: 'public' }, 'POST')).toBe(false);
    expect(gatedInMaintenance({ name: 'updateAdminSettings', auth: 'admin' }, 'PUT')).toBe(false);
    expect(gatedInMaintenance({ name: 'placeBid', auth: 'user' }, 'POST')).toBe(true);
    expect(gatedInMaintenance({ name: 'updateListing', auth: 'user' }, 'PUT')).toBe(true);
  });

  it('is part of what every page reads, with the announcement, max images and require_kyc', async () => {
    expect(await getPublicSettings(testSettings({ maintenanceMode: true, announcementMessage: 'Hi' }))).toEqual({
      maintenanceMode: true,
      announcementMessage: 'Hi',
      maxListingImages: 10,
      requireKyc: false,
    });
  });
});

describe('the platform fee setting', () => {
  it('applies to fees requested after the change; an order already quoted keeps its rate', async () => {
    const fresh = world([aFundedOrder({ fee: null })], { basisPoints: 300 });
    expect(await requestPlatformFee('S', aFundedOrder().orderId, fresh.feeDeps)).toMatchObject({ percent: '3' });
    expect(fresh.order().fee).toMatchObject({ basisPoints: 300 });

    const expired = { uuid: 'FEE-U0', signUrl: 's', qrPngUrl: 'q', expiresAt: '2000-01-01T00:00:00Z' };
    const quoted = { cents: 113, basisPoints: 250, label: null, signing: expired, txid: null, paidAt: null };
    const kept = world([aFundedOrder({ fee: quoted })], { basisPoints: 300 });
    expect(await requestPlatformFee('S', aFundedOrder().orderId, kept.feeDeps)).toMatchObject({
      cents: 113,
      percent: '2.5',
    });
  });
});
