import type { CreateEntityItem } from 'electrodb';
import type { listingEntity } from '../../../functions/adapters/db/entities/listing';
import { searchTermsFor } from '../../../functions/core/listings/search-terms';
import type { ListingCategory } from '../../../shared/domain/categories';
import type { BuiltSeller } from './build-sellers';
import { COLLECT_LISTINGS } from './data/listings-collect';
import { HOME_LISTINGS } from './data/listings-home';
import { LIFESTYLE_LISTINGS } from './data/listings-lifestyle';
import { TECH_LISTINGS } from './data/listings-tech';
import type { EndsIn, ListingSeed } from './data/types';
import { createPrng } from './prng';

export const ALL_LISTING_SEEDS: readonly ListingSeed[] = [
  ...TECH_LISTINGS,
  ...LIFESTYLE_LISTINGS,
  ...HOME_LISTINGS,
  ...COLLECT_LISTINGS,
];

const LISTING_SEED = 0x115716;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Listings were created within this window before `now`. */
export const CREATED_WITHIN_MS = 30 * DAY;

export type ListingItem = CreateEntityItem<ReturnType<typeof listingEntity>>;

/** One photo to draw: the builder decides keys, the image code decides pixels. */
export interface ImageSpec {
  key: string;
  thumbKey: string;
  /** 0-based position in the gallery; varies the drawing. */
  index: number;
  title: string;
  category: ListingCategory;
  subcategory: string;
}

export interface BuiltListing {
  item: ListingItem;
  images: ImageSpec[];
  /** The search words whose postings take the listing's id. */
  terms: string[];
}

export function listingImageKeys(listingId: string, n: number): { key: string; thumbKey: string } {
  return { key: `listings/${listingId}/${n}.webp`, thumbKey: `listings/${listingId}/${n}-thumb.webp` };
}

const durationMs = (d: EndsIn) => (d.days ?? 0) * DAY + (d.hours ?? 0) * HOUR + (d.minutes ?? 0) * MINUTE;

/**
 * Turns the plain listing data into table items, relative to `now`: fixed-price listings get a creation time spread over
 * the last 30 days, auctions end `endsIn` from now and started `durationDays` before that. Pure and deterministic: the
 * same `now` gives the same ids and items.
 */
export function buildListings(
  now: Date,
  sellers: readonly BuiltSeller[],
  seeds: readonly ListingSeed[] = ALL_LISTING_SEEDS,
): BuiltListing[] {
  const prng = createPrng(LISTING_SEED);
  const nowMs = now.getTime();
  const byUsername = new Map(sellers.map((s) => [s.seed.username, s]));

  return seeds.map((seed) => {
    const seller = byUsername.get(seed.seller);
    if (!seller) throw new Error(`Seed listing "${seed.title}" names an unknown seller ${seed.seller}`);
    const sale = seed.sale;

    let createdMs: number;
    let endsAt: string | undefined;
    if (sale.type === 'auction') {
      const endMs = nowMs + durationMs(sale.endsIn);
      endsAt = new Date(endMs).toISOString();
      // A few random minutes off the round duration, so start times do not line up.
      createdMs = endMs - sale.durationDays * DAY + prng.int(1, 59) * MINUTE;
    } else {
      createdMs = nowMs - prng.int(30, CREATED_WITHIN_MS / MINUTE - 30) * MINUTE;
    }
    if (!(createdMs < nowMs && createdMs > nowMs - CREATED_WITHIN_MS)) {
      throw new Error(`Seed listing "${seed.title}" would be created outside the last 30 days`);
    }
    const createdAt = new Date(createdMs).toISOString();
    const listingId = prng.ulid(createdMs);

    const auction = sale.type === 'auction' ? sale : undefined;
    const bidCount = auction?.bidCount ?? 0;
    if (auction && (auction.currentBidCents !== undefined) !== bidCount > 0) {
      throw new Error(`Seed auction "${seed.title}" needs both a current bid and a bid count, or neither`);
    }
    const others = sellers.filter((s) => s !== seller);
    const leaderId = bidCount > 0 ? prng.pick(others).user.userId : undefined;
    // The last bid moved the listing's updatedAt.
    const updatedAt =
      bidCount > 0 ? new Date(Math.max(createdMs, nowMs - prng.int(2, 90) * MINUTE)).toISOString() : createdAt;

    const sortPriceCents = sale.type === 'fixed' ? sale.priceCents : (sale.currentBidCents ?? sale.startingBidCents);

    const images: ImageSpec[] = Array.from({ length: seed.images }, (_, index) => ({
      ...listingImageKeys(listingId, index + 1),
      index,
      title: seed.title,
      category: seed.category,
      subcategory: seed.subcategory,
    }));

    const item: ListingItem = {
      listingId,
      sellerId: seller.user.userId,
      sellerUsername: seller.user.username,
      title: seed.title,
      description: seed.description,
      category: seed.category,
      subcategory: seed.subcategory,
      condition: seed.condition,
      brand: seed.brand,
      model: seed.model,
      upc: seed.upc,
      specifications: seed.specifications,
      weightLbs: seed.weightLbs,
      dimensions: seed.dimensions,
      listingType: sale.type,
      priceCents: sale.type === 'fixed' ? sale.priceCents : undefined,
      startingBidCents: auction?.startingBidCents,
      buyItNowPriceCents: auction?.buyItNowPriceCents,
      reservePriceCents: auction?.reservePriceCents,
      currentBidCents: auction?.currentBidCents,
      bidCount,
      leaderId,
      acceptOffers: sale.type === 'fixed' && sale.acceptOffers === true,
      minOfferCents: sale.type === 'fixed' ? sale.minOfferCents : undefined,
      localPickup: seed.localPickup === true || seed.shipping.type === 'local',
      shippingType: seed.shipping.type,
      shippingCostCents: seed.shipping.type === 'flat' ? seed.shipping.costCents : undefined,
      location: seed.place ?? seller.seed.place,
      images: images.map(({ key, thumbKey }) => ({ key, thumbKey })),
      quantity: seed.quantity ?? 1,
      quantitySold: 0,
      returnPolicy: seed.returnPolicy,
      tags: seed.tags,
      status: 'active',
      featured: seed.featured === true,
      endsAt,
      sortPriceCents,
      createdAt,
      updatedAt,
      version: 1,
    };

    const terms = searchTermsFor({ title: seed.title, category: seed.category, brand: seed.brand });
    return { item, images, terms };
  });
}
