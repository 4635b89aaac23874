import type { ErasureStatus, StoreStatus } from '../../../shared/domain/account-state';
import type { Clock } from '../clock/clock';
import type { OrderFacts, SweptListing } from './account-rules';

/**
 * An account's danger-zone state (docs/decisions/059-danger-zone.md): its store's status with the listing pass that
 * moves it, and a Delete Data request with the eraser it has reached. Both are worked on a page at a time, by the
 * request that asked and then by the schedule, so every step is written before the next.
 */
export interface AccountState {
  userId: string;
  storeStatus: StoreStatus;
  /** The pass over the store's listings while deactivating or reactivating; null otherwise. */
  sweep: { cursor: string | null; held: number } | null;
  /** A Delete Data request: the eraser it is at (by name) and where in it; null when never asked. */
  erasure: ErasureState | null;
  /** When the schedule should take the account up (again); null when nothing is left to do. */
  dueAt: string | null;
  /** Every save moves it on by one; a save is conditional on the version read (0: nothing stored yet). */
  version: number;
}

export interface ErasureState {
  status: ErasureStatus;
  /** The eraser at work (its name); null before the first. */
  step: string | null;
  cursor: string | null;
  startedAt: string;
  erasedAt: string | null;
}

export interface AccountStateStore {
  get(userId: string): Promise<AccountState | null>;
  /** Stores `next` if the stored state is still at `expectedVersion` (0: none stored); false when it moved on. */
  save(next: AccountState, expectedVersion: number): Promise<boolean>;
  /** Accounts whose work is due at `at`, oldest due first. */
  due(at: string, limit: number): Promise<string[]>;
}

/** A seller's listings as the store's pass reads and moves them. */
export interface StoreListings {
  /** A page of the seller's listings (any status) after `cursor`, and the cursor after it (null after the last). */
  page(
    sellerId: string,
    cursor: string | null,
    limit: number,
  ): Promise<{ items: SweptListing[]; cursor: string | null }>;
  /**
   * Out of browse and search (exactly as closing takes it out) as `paused`, conditional on it being as read: active,
   * nothing reserved, no bids. False when it was not.
   */
  pause(listing: SweptListing, hide?: { reason: string }): Promise<boolean>;
  /**
   * Back into browse and search as active, conditional on it still paused and not hidden by an administrator, or,
   * with `unhide`, on it hidden (the hiding is cleared in the same write). False when it was not.
   */
  resume(listing: SweptListing, unhide?: boolean): Promise<boolean>;
}

/** What both actions check before they start. */
export interface AccountChecks {
  /** Every order the user bought or sold, with its return's stage. */
  orders(userId: string): Promise<OrderFacts[]>;
  /** The title of a running auction of the seller's that has bids, or null. */
  auctionWithBids(sellerId: string): Promise<string | null>;
  /** How many running auctions the user has bid on. */
  runningBids(userId: string): Promise<number>;
}

/** What one call of an eraser did: its part is done, or it went on to `cursor` (or must wait, then go on from it). */
export type EraserResult = { done: true } | { done: false; cursor: string | null; wait?: boolean };

/**
 * One part of Delete Data. Each call does a bounded piece and says where to go on; a call repeated after a crash
 * changes nothing more (every write is a set, a delete or conditional), so a retry finishes the job.
 */
export interface Eraser {
  name: string;
  step(userId: string, cursor: string | null, at: Date): Promise<EraserResult>;
}

/** How long a run may go on: the request's share of its time, or the scheduled run's. */
export interface Budget {
  more(): boolean;
}

export interface AccountStateDeps {
  states: AccountStateStore;
  listings: StoreListings;
  checks: AccountChecks;
  accounts: { user(userId: string): Promise<{ userId: string; username: string } | null> };
  /** In order: what must happen first comes first (sessions end before anything is erased). */
  erasers: readonly Eraser[];
  clock: Clock;
  /** A fresh budget for one run. */
  budget: () => Budget;
  log: { error(message: string, fields: Record<string, unknown>): void };
}

/** The state of an account nothing was ever asked for. */
export const initialState = (userId: string): AccountState => ({
  userId,
  storeStatus: 'active',
  sweep: null,
  erasure: null,
  dueAt: null,
  version: 0,
});
