import type { ActivityKind } from '../../../shared/domain/analytics';
import type { EventPublisher } from '../realtime/ports';
import type { Clock } from '../clock/clock';
import type { Sketch } from './hyperloglog';

/** One of the seller's latest events as the Analytics tab lists it (kept for a year). */
export interface ActivityEntry {
  /** The fact's key: `message:<id>`, `offer:<id>`, `sale:<orderId>`. */
  id: string;
  kind: ActivityKind;
  at: string;
  username: string;
  subject: string | null;
  listingId: string | null;
  amountCents: number | null;
}

/**
 * Something that happened to a seller, as Analytics counts it (decision 056). A view is counted per viewer and listing
 * (not again within 30 minutes); every other fact once under its key.
 */
export type AnalyticsFact =
  | { kind: 'view'; sellerId: string; listingId: string; viewerKey: string; at: string; eventId: string }
  | {
      kind: ActivityKind;
      sellerId: string;
      key: string;
      at: string;
      /** A sale's released amount (item and shipping), an offer's amount (not revenue), 0 for a message. */
      amountCents: number;
      /** A sale's platform fee. */
      feeCents: number;
      /** A sale's released amount split by listing (summing to amountCents). */
      listings: { listingId: string; cents: number }[];
      activity: ActivityEntry;
    };

/** What becomes of a fact: counted, a repeat view within 30 minutes, the seller's own view, or already counted. */
export type FactOutcome = 'counted' | 'repeat' | 'own' | 'duplicate';

/** A seller's day or block as stored. Blocks carry only the per-listing amounts. */
export interface PeriodTotals {
  views: number;
  messages: number;
  offers: number;
  sales: number;
  revenueCents: number;
  feeCents: number;
  viewers: Sketch;
  listingViews: Map<string, number>;
  listingRevenue: Map<string, number>;
}

export type PeriodSpan = 'day' | 'block';
export interface StoredPeriod {
  span: PeriodSpan;
  start: string;
  totals: PeriodTotals;
  /** The version read (null: the item does not exist yet); a write is conditional on it. */
  version: number | null;
}

/** When a key (a viewer's view of a listing, or a fact) was last counted, and by which event. */
export interface CountMark {
  countedAt: number;
  eventId: string;
}

export interface FactState {
  marks: Map<string, CountMark>;
  periods: Map<string, StoredPeriod>;
}

export interface FactWrites {
  /** Each mark with the one read (undefined: none), which its write is conditional on. */
  marks: { key: string; mark: CountMark; read: CountMark | undefined; ttlSeconds: number }[];
  periods: StoredPeriod[];
  activity: { sellerId: string; entry: ActivityEntry }[];
}

/** The counting side of the analytics items. */
export interface AnalyticsWriteStore {
  load(
    sellerId: string,
    markKeys: readonly string[],
    periods: readonly { span: PeriodSpan; start: string }[],
  ): Promise<FactState>;
  /** All or nothing; false when an item was no longer as read (someone else counted meanwhile). */
  save(sellerId: string, writes: FactWrites): Promise<boolean>;
}

/** The day items of a range without their per-listing amounts (the counters and the sketch only). */
export type DayFigures = Omit<PeriodTotals, 'listingViews' | 'listingRevenue'> & { day: string };

export interface ListingTitle {
  listingId: string;
  title: string;
  imageKey: string | null;
}

/** The reading side. */
export interface AnalyticsReadStore {
  days(sellerId: string, from: string, to: string): Promise<DayFigures[]>;
  /** Per-listing views and revenue of these periods, summed. */
  listingAmounts(
    sellerId: string,
    periods: readonly { span: PeriodSpan; start: string }[],
  ): Promise<{ views: Map<string, number>; revenue: Map<string, number> }>;
  activity(sellerId: string, limit: number): Promise<ActivityEntry[]>;
  /** The profile's `followerCount` (kept by the follow feature); 0 when absent. */
  followers(sellerId: string): Promise<number>;
  /** The last count of the seller's active listings, or null if never counted. */
  activeListings(sellerId: string): Promise<{ count: number; countedAt: string } | null>;
  titles(listingIds: readonly string[]): Promise<ListingTitle[]>;
}

/** Counting a seller's active listings (their own index, every listing read: done apart from the Analytics read). */
export interface ActiveListingCounter {
  count(sellerId: string): Promise<number>;
  /** Stores the count unless a later one is already stored. */
  save(sellerId: string, count: number, countedAt: string): Promise<void>;
}

export interface GetSellerAnalyticsDeps {
  store: AnalyticsReadStore;
  listings: Pick<ActiveListingCounter, 'count'>;
  events: EventPublisher;
  clock: Clock;
  mediaUrl: (key: string) => string;
  warn: (message: string, error: unknown) => void;
}
