import { describe, expect, it } from 'vitest';
import { isValid as isUlid, decodeTime } from 'ulid';
import { LISTING_CATEGORIES, LISTING_CATEGORY_NAMES } from '../../../shared/domain/categories';
import { searchTermsFor } from '../../../functions/core/listings/search-terms';
import { buildListings, CREATED_WITHIN_MS } from '../../../infra/local/seed/build-listings';
import { buildSellers } from '../../../infra/local/seed/build-sellers';
import { iconFor } from '../../../infra/local/seed/icons';
import { listingSvg, wrapText } from '../../../infra/local/seed/svg';

const now = new Date('2026-03-01T12:00:00.000Z');
const nowMs = now.getTime();
const HOUR = 3_600_000;
const sellers = buildSellers(now);
const listings = buildListings(now, sellers);
const items = listings.map((l) => l.item);
const auctions = items.filter((i) => i.listingType === 'auction');
const fixed = items.filter((i) => i.listingType === 'fixed');

describe('demo listing builder', () => {
  it('makes at least 60 active listings across all 15 categories, at least 3 each, with valid subcategories', () => {
    expect(items.length).toBeGreaterThanOrEqual(60);
    expect(LISTING_CATEGORY_NAMES).toHaveLength(15);
    for (const category of LISTING_CATEGORY_NAMES) {
      expect(items.filter((i) => i.category === category).length, category).toBeGreaterThanOrEqual(3);
    }
    for (const i of items) {
      expect(LISTING_CATEGORIES[i.category] as readonly string[]).toContain(i.subcategory);
      expect(i.status).toBe('active');
    }
  });

  it('has auctions ending within the hour, within a day, and later', () => {
    const left = auctions.map((a) => Date.parse(a.endsAt!) - nowMs);
    expect(left.every((ms) => ms > 0)).toBe(true);
    expect(left.filter((ms) => ms < HOUR).length).toBeGreaterThanOrEqual(2);
    expect(left.filter((ms) => ms >= HOUR && ms < 24 * HOUR).length).toBeGreaterThanOrEqual(2);
    expect(left.filter((ms) => ms >= 2 * 24 * HOUR && ms <= 10 * 24 * HOUR).length).toBeGreaterThanOrEqual(5);
    expect(fixed.every((f) => f.endsAt === undefined)).toBe(true);
  });

  it('covers buy-it-now, reserve, bids, accept-offers, featured, local pickup and quantities', () => {
    expect(auctions.some((a) => (a.buyItNowPriceCents ?? 0) > 0)).toBe(true);
    expect(auctions.some((a) => (a.reservePriceCents ?? 0) > 0)).toBe(true);
    const bid = auctions.filter((a) => (a.bidCount ?? 0) > 0);
    expect(bid.length).toBeGreaterThan(0);
    for (const a of bid) {
      expect(a.currentBidCents!).toBeGreaterThan(a.startingBidCents!);
      expect(a.leaderId).toBeDefined();
      expect(a.leaderId).not.toBe(a.sellerId);
    }
    for (const a of auctions.filter((x) => x.buyItNowPriceCents !== undefined)) {
      expect(a.buyItNowPriceCents!).toBeGreaterThan(a.currentBidCents ?? a.startingBidCents!);
    }
    const offers = fixed.filter((f) => f.acceptOffers);
    expect(offers.length).toBeGreaterThan(0);
    for (const f of offers) {
      expect(f.minOfferCents!).toBeGreaterThan(0);
      expect(f.minOfferCents!).toBeLessThan(f.priceCents!);
    }
    expect(items.filter((i) => i.featured).length).toBeGreaterThanOrEqual(5);
    expect(items.some((i) => i.localPickup)).toBe(true);
    expect(items.some((i) => (i.quantity ?? 1) > 1)).toBe(true);
    for (const i of items.filter((x) => x.shippingType === 'flat')) expect(i.shippingCostCents!).toBeGreaterThan(0);
  });

  it('stores money as integer cents and sorts by price, else current bid, else starting bid', () => {
    for (const i of items) {
      const expected = i.listingType === 'fixed' ? i.priceCents : (i.currentBidCents ?? i.startingBidCents);
      expect(i.sortPriceCents).toBe(expected);
      for (const cents of [
        i.priceCents,
        i.startingBidCents,
        i.currentBidCents,
        i.buyItNowPriceCents,
        i.reservePriceCents,
        i.minOfferCents,
        i.shippingCostCents,
      ]) {
        if (cents !== undefined) expect(Number.isSafeInteger(cents) && cents > 0).toBe(true);
      }
    }
  });

  it('gives every listing 1 to 4 photos with thumbnails under its own key prefix', () => {
    for (const l of listings) {
      expect(l.images.length).toBeGreaterThanOrEqual(1);
      expect(l.images.length).toBeLessThanOrEqual(4);
      expect(l.item.images).toEqual(l.images.map(({ key, thumbKey }) => ({ key, thumbKey })));
      l.images.forEach((img, n) => {
        expect(img.key).toBe(`listings/${l.item.listingId}/${n + 1}.webp`);
        expect(img.thumbKey).toBe(`listings/${l.item.listingId}/${n + 1}-thumb.webp`);
      });
    }
  });

  it('spreads creation over the last 30 days with ULIDs carrying the creation time', () => {
    for (const i of items) {
      const created = Date.parse(i.createdAt);
      expect(created).toBeLessThan(nowMs);
      expect(created).toBeGreaterThan(nowMs - CREATED_WITHIN_MS);
      expect(isUlid(i.listingId)).toBe(true);
      expect(decodeTime(i.listingId)).toBe(created);
    }
    expect(new Set(items.map((i) => i.listingId)).size).toBe(items.length);
    const days = new Set(items.map((i) => Math.floor((nowMs - Date.parse(i.createdAt)) / (24 * HOUR))));
    expect(days.size).toBeGreaterThan(10);
  });

  it('denormalizes the seller and uses the seller area as the default location', () => {
    const byId = new Map(sellers.map((s) => [s.user.userId, s]));
    for (const i of items) {
      const seller = byId.get(i.sellerId);
      expect(seller).toBeDefined();
      expect(i.sellerUsername).toBe(seller!.user.username);
      expect(i.location?.zipCode).toMatch(/^\d{5}$/);
    }
  });

  it('indexes each listing under the words of its title, category and brand', () => {
    for (const l of listings) {
      expect(l.terms).toEqual(searchTermsFor({ title: l.item.title, category: l.item.category, brand: l.item.brand }));
    }
  });

  it('is deterministic for a given now and keeps seller ids whatever the time', () => {
    expect(buildListings(now, buildSellers(now))).toEqual(listings);
    const later = new Date(nowMs + 5 * HOUR);
    expect(buildSellers(later).map((s) => s.user.userId)).toEqual(sellers.map((s) => s.user.userId));
  });

  it('has a drawing for every subcategory and an SVG per photo', () => {
    for (const [category, subs] of Object.entries(LISTING_CATEGORIES)) {
      for (const sub of subs) expect(() => iconFor(category, sub)).not.toThrow();
    }
    const spec = listings[0]!.images[0]!;
    const svg = listingSvg(spec);
    expect(svg).toMatch(/^<svg [^>]*width="1200" height="900"/);
    expect(svg).not.toContain('undefined');
    expect(listingSvg({ ...spec, index: 1 })).not.toBe(svg);
    expect(wrapText('a b c d e f g h i j k l m n o p', 5, 2)).toHaveLength(2);
    expect(listingSvg({ ...spec, title: 'Tom & Jerry <Deluxe>' })).toContain('Tom &#38; Jerry &#60;Deluxe&#62;');
  });
});
