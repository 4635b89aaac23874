import type { PlatformSettings } from '../../../shared/domain/admin-settings';
import { cachedValue } from '../../lib/cached-value';
import type { SettingsPort, SettingsStore } from './ports';

/** The settings of a stored item: its saved keys over the defaults. */
export function settingsOf(
  values: Partial<PlatformSettings> | undefined,
  defaults: PlatformSettings,
): PlatformSettings {
  return { ...defaults, ...values };
}

/**
 * The settings read through a per-container cache (decision 063): a change made anywhere reaches every function within
 * `ttlMs` (at most 60 s), at one read per container per `ttlMs`. Concurrent misses share one read.
 */
export function cachedSettings(
  store: Pick<SettingsStore, 'get'>,
  defaults: PlatformSettings,
  ttlMs: number,
  now: () => number = Date.now,
): SettingsPort {
  return cachedValue(async () => settingsOf((await store.get())?.values, defaults), ttlMs, now);
}
