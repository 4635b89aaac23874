import type { PlatformSettings } from '../../../shared/domain/admin-settings';

/** The platform settings item as stored (decision 063): only the keys ever saved; absent ones keep their default. */
export interface StoredSettings {
  values: Partial<PlatformSettings>;
  /** Counts the saves: a save is conditional on the one it read, so two racing admins can't both win. */
  version: number;
  updatedAt: string;
}

export interface SettingsStore {
  get(): Promise<StoredSettings | null>;
  /** False when someone saved since `expectedVersion` was read (null: never saved). */
  save(values: Partial<PlatformSettings>, expectedVersion: number | null, at: Date): Promise<boolean>;
}

/** The one read of the settings every function uses (decision 063): cached per container for a short while. */
export interface SettingsPort {
  current(): Promise<PlatformSettings>;
  /** Drops this container's cached copy (after its own save, so the saver reads what it wrote). */
  forget(): void;
}
