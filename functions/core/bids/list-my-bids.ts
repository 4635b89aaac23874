import type { MyBid } from '../../../shared/api/bids';
import {
  auctionEnded,
  bidderStatus,
  currentBidOf,
  type BidderStatus,
  type ReserveStatus,
} from '../../../shared/domain/bids';
import type { ListingStatus } from '../../../shared/domain/listing';
import type { Cents } from '../../../shared/domain/money';
import { BadRequestError } from '../../lib/errors';
import type { Clock } from '../clock/clock';
import type { ListingSummary } from '../listings/listing';
import { toListingImage, type MediaUrl } from '../listings/to-card';
import { reserveStatusOf } from './auction-state';

/** An auction one user bid on: their maximum (only rises, so the latest is the highest) and their latest bid's time. */
export interface BidderAuction {
  listingId: string;
  maxCents: Cents;
  lastBidAt: string;
}

/** Where a page of a bidder's auctions ends: the entry's sort position (latest bid first). */
export interface BidderAuctionPosition {
  lastBidAt: string;
  listingId: string;
}

/** The listing as the derivation needs it: its card, its leader and when it last changed. */
export type BidListing = ListingSummary & { leaderId?: string; leaderMaxCents?: number; updatedAt?: string };

export interface MyBidsStore {
  /** The bidder's auctions, latest bid first, strictly after `after`; `after` of a full page is its last entry. */
  auctions(
    bidderId: string,
    after: BidderAuctionPosition | null,
    limit: number,
  ): Promise<{ items: BidderAuction[]; after: BidderAuctionPosition | null }>;
  /** The listings with these ids (any status); a missing id is absent. */
  listings(ids: readonly string[]): Promise<BidListing[]>;
}

/** What the listing holds that decides a bidder's standing (the close schedule moves `status`, never the rest). */
export interface StandingFacts {
  status: ListingStatus;
  endsAt: string;
  leaderId: string | null;
  reserve: ReserveStatus;
  /** When the listing last changed (ISO UTC); every bid and every status change sets it. */
  updatedAt: string | null;
}

export interface MyBidStanding {
  /** Spec part 3: 'ended' once the auction is over, else 'pending'. */
  status: 'pending' | 'ended';
  standing: BidderStatus;
}

/** Taken off the market before its end by its seller (ended or deleted early): nobody wins it. */
function withdrawn(f: StandingFacts): boolean {
  if (f.status === 'active' || f.status === 'sold') return false;
  return f.updatedAt !== null && Date.parse(f.updatedAt) < Date.parse(f.endsAt);
}

/**
 * A bidder's standing from the listing alone (decision 030). Running (active, before its end): 'winning' while they
 * lead (below the reserve too; the row says 'Reserve not met'), else 'outbid'. Over (the end passed, or no longer
 * active): 'won' for the leader with the reserve met or none, 'lost' for everyone else; a listing its seller withdrew
 * before the end is lost to all. My Activity's status is 'ended' once it is over, else 'pending'.
 */
export function myBidStanding(f: StandingFacts, bidderId: string, atMs: number): MyBidStanding {
  const a = { leaderId: f.leaderId, reserve: f.reserve, endsAt: f.endsAt, active: f.status === 'active' };
  const status = auctionEnded(a, atMs) ? 'ended' : 'pending';
  if (withdrawn(f)) return { status, standing: 'lost' };
  return { status, standing: bidderStatus(a, bidderId, atMs) };
}

/** One row of the caller's bids: the listing as it is at `at`, their own maximum, their standing. */
export function toMyBid(entry: BidderAuction, l: BidListing, bidderId: string, mediaUrl: MediaUrl, at: Date): MyBid {
  const endsAt = l.endsAt ?? l.createdAt;
  const reserve = reserveStatusOf(l.reservePriceCents ?? null, l.leaderMaxCents ?? null);
  const facts = { status: l.status, endsAt, leaderId: l.leaderId ?? null, reserve, updatedAt: l.updatedAt ?? null };
  const first = l.images?.[0];
  return {
    listingId: l.listingId,
    title: l.title,
    image: first ? toListingImage(first, mediaUrl) : null,
    currentBidCents: currentBidOf(l),
    bidCount: l.bidCount ?? 0,
    endsAt,
    reserveStatus: reserve,
    maxCents: entry.maxCents,
    lastBidAt: entry.lastBidAt,
    ...myBidStanding(facts, bidderId, at.getTime()),
  };
}

const LISTING_ID = /^[0-9A-Za-z]{1,64}$/;

function encodeCursor(p: BidderAuctionPosition): string {
  return Buffer.from(JSON.stringify([p.lastBidAt, p.listingId]), 'utf8').toString('base64url');
}

/** Our own page cursor (the last entry looked at), checked before it reaches the table. */
function decodeCursor(cursor: string | undefined): BidderAuctionPosition | null {
  if (cursor === undefined) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    parsed = null;
  }
  if (Array.isArray(parsed) && parsed.length === 2) {
    const [lastBidAt, listingId] = parsed as unknown[];
    if (typeof lastBidAt === 'string' && !Number.isNaN(Date.parse(lastBidAt))) {
      if (typeof listingId === 'string' && LISTING_ID.test(listingId)) return { lastBidAt, listingId };
    }
  }
  throw new BadRequestError('Invalid query: cursor is not a cursor this API gave out', { cursor: 'Invalid cursor' });
}

/** A filtered request looks through at most this many of the caller's auctions before it answers with a cursor. */
export const MY_BIDS_SCAN = 200;

export interface MyBidsDeps {
  store: MyBidsStore;
  mediaUrl: MediaUrl;
  clock: Clock;
}

/**
 * The caller's auctions, one row each, latest bid first. With `status` only rows of that status: pages are read until
 * `limit` rows match, the entries run out, or MY_BIDS_SCAN were looked at; the cursor is the last entry looked at.
 */
export async function listMyBids(
  bidderId: string,
  q: { limit: number; cursor?: string; status?: MyBid['status'] },
  deps: MyBidsDeps,
): Promise<{ items: MyBid[]; nextCursor: string | null }> {
  let after = decodeCursor(q.cursor);
  const items: MyBid[] = [];
  let scanned = 0;
  const at = deps.clock.now();
  do {
    const page = await deps.store.auctions(bidderId, after, Math.min(q.limit - items.length, MY_BIDS_SCAN - scanned));
    const listings = new Map(
      (await deps.store.listings(page.items.map((e) => e.listingId))).map((l) => [l.listingId, l]),
    );
    for (const entry of page.items) {
      const l = listings.get(entry.listingId);
      const row = l && toMyBid(entry, l, bidderId, deps.mediaUrl, at);
      if (row && (q.status === undefined || row.status === q.status)) items.push(row);
    }
    scanned += page.items.length;
    after = page.after;
  } while (after && items.length < q.limit && scanned < MY_BIDS_SCAN);
  return { items, nextCursor: after ? encodeCursor(after) : null };
}
