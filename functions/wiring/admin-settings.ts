import * as z from 'zod/mini';
import { DEFAULT_PLATFORM_SETTINGS, type PlatformSettings } from '../../shared/domain/admin-settings';
import { platformSettingsStore } from '../adapters/db/platform-settings-store';
import { configuredUpcServices } from '../adapters/lookup/product-lookup';
import { db } from '../adapters/db/service';
import { clock } from '../adapters/clock';
import { assertOpenForWrites } from '../core/admin-settings/maintenance';
import type { SettingsPort } from '../core/admin-settings/ports';
import { cachedSettings } from '../core/admin-settings/settings-cache';
import type { UpdateSettingsDeps } from '../core/admin-settings/update-admin-settings';
import type { SettingsViewDeps } from '../core/admin-settings/settings-view';
import { basisPointsOf } from '../core/orders/platform-fee';
import { auditLog } from './audit';

/**
 * How long a container keeps the settings (decision 063): SETTINGS_CACHE_SECONDS, 1 to 60 (default 45), so a change
 * reaches every function within a minute; tests set it low so they need not wait.
 */
const cacheSeconds = z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(60)), 45);

export function settingsCacheMs(env: NodeJS.ProcessEnv = process.env): number {
  const parsed = cacheSeconds.safeParse(env.SETTINGS_CACHE_SECONDS || undefined);
  if (!parsed.success) throw new Error('Invalid SETTINGS_CACHE_SECONDS: a whole number of seconds from 1 to 60');
  return parsed.data * 1000;
}

/** The defaults, with the deployment's PLATFORM_FEE_PERCENT as the fee until an administrator sets one. */
function defaults(): PlatformSettings {
  const fee = process.env.PLATFORM_FEE_PERCENT;
  const s = { ...DEFAULT_PLATFORM_SETTINGS, upcService: configuredUpcServices()[0]! };
  return fee && /^\d{1,3}(\.\d{1,2})?$/.test(fee) ? { ...s, platformFeeBasisPoints: basisPointsOf(fee) } : s;
}

let port: SettingsPort | undefined;

/** The one read of the settings in this container (decision 063): every place that needs a setting uses it. */
export function platformSettings(): SettingsPort {
  port ??= cachedSettings(platformSettingsStore(db()), defaults(), settingsCacheMs());
  return port;
}

function viewDeps(): SettingsViewDeps {
  return {
    store: platformSettingsStore(db()),
    defaults: defaults(),
    platformWalletAddress: process.env.PLATFORM_WALLET_ADDRESS ?? '',
    // The UPC services this deployment configured (functions/adapters/lookup; decision 069).
    upcServices: configuredUpcServices(),
  };
}

export const getAdminSettingsDeps = viewDeps;

export function updateAdminSettingsDeps(): UpdateSettingsDeps {
  return { ...viewDeps(), settings: platformSettings(), audit: auditLog(), clock };
}

/** The HTTP gate of maintenance mode (every handler's, functions/wiring/http.ts). */
export const maintenanceGate = (route: { name: string; auth: string }, method: string) =>
  assertOpenForWrites(route, method, platformSettings());
