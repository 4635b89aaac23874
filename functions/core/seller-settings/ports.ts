import type { SellerSettings } from '../../../shared/domain/seller-settings';

/** A user's saved settings and the bookkeeping kept with them (decision 057). */
export interface StoredSellerSettings {
  settings: SellerSettings;
  /** The ISO week whose weekly report is due next; null while weekly reports are off. */
  reportWeek: string | null;
  /** How many saves made it: the next save is conditional on it. */
  version: number;
}

/** The user who is due a weekly report, and the week their next one was due from. */
export interface DueReport {
  userId: string;
  reportWeek: string;
}

export interface SellerSettingsStore {
  /** Null when the user never saved (the defaults apply). */
  get(userId: string): Promise<StoredSellerSettings | null>;
  /**
   * Writes every setting and `reportWeek` if the stored version is still `expectedVersion` (null: nothing stored yet);
   * false when another save came first (nothing written).
   */
  save(
    userId: string,
    settings: SellerSettings,
    reportWeek: string | null,
    expectedVersion: number | null,
    at: Date,
  ): Promise<boolean>;
  /** Users with weekly reports on whose next report week is before `week`, earliest week first, at most `limit`. */
  dueReports(week: string, limit: number): Promise<DueReport[]>;
  /** Moves the user's next report week from `from` to `to`, if it still is `from`; false when it is not. */
  reportSent(userId: string, from: string, to: string): Promise<boolean>;
}
