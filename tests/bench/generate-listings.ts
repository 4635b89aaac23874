import { searchTermsFor } from '../../functions/core/listings/search-terms';
import { putFacetEntries } from '../../functions/adapters/db/listing-facets';
import { addToPostings } from '../../functions/adapters/db/search-postings';
import { sortPriceOf } from '../../functions/core/listings/listing';
import type { Db } from '../../functions/adapters/db/service';
import { createPrng } from '../../infra/local/seed/prng';
import { LISTING_CATEGORIES, LISTING_CATEGORY_NAMES } from '../../shared/domain/categories';
import { LISTING_CONDITIONS } from '../../shared/domain/listing';

const ADJECTIVES = [
  'vintage',
  'modern',
  'classic',
  'compact',
  'premium',
  'rustic',
  'portable',
  'wireless',
  'leather',
  'wooden',
  'carbon',
  'mini',
  'deluxe',
  'retro',
  'smart',
  'heavy',
  'lightweight',
  'handmade',
  'antique',
  'pro',
];
const NOUNS = [
  'jacket',
  'camera',
  'lamp',
  'speaker',
  'watch',
  'table',
  'chair',
  'guitar',
  'bicycle',
  'drone',
  'console',
  'backpack',
  'lens',
  'monitor',
  'keyboard',
  'sofa',
  'helmet',
  'printer',
  'tent',
  'boots',
  'headphones',
  'turntable',
  'tablet',
  'drill',
  'mixer',
];
const EXTRAS = ['set', 'kit', 'bundle', 'edition', 'series', 'model', 'pair', 'collection'];
const BRANDS = ['Acme', 'Northwind', 'Globex', 'Initech', 'Umbrella', 'Stark', 'Wayne', 'Hooli', 'Vandelay', 'Tyrell'];

/** A 50,000-listing catalogue with the app's own item and search-term shapes, deterministic from its seed. */
export function generateListings(count: number, now: Date, seed = 5150) {
  const prng = createPrng(seed);
  const sellers = Array.from({ length: 200 }, (_, i) => ({
    id: `BENCHSELLER${String(i).padStart(4, '0')}`,
    name: `seller_${i}`,
  }));
  return Array.from({ length: count }, () => {
    const category = prng.pick(LISTING_CATEGORY_NAMES);
    const subcategory = prng.pick(LISTING_CATEGORIES[category]);
    const title = `${prng.pick(ADJECTIVES)} ${prng.pick(NOUNS)} ${prng.pick(EXTRAS)} ${prng.int(1, 999)}`;
    const brand = prng.pick(BRANDS);
    const createdMs = now.getTime() - prng.int(1, 60 * 24 * 60) * 60_000;
    const auction = prng.next() < 0.3;
    const price = prng.int(100, 500_000);
    const seller = prng.pick(sellers);
    const listingId = prng.ulid(createdMs);
    const sale = auction
      ? {
          listingType: 'auction' as const,
          startingBidCents: price,
          endsAt: new Date(now.getTime() + prng.int(10, 14 * 1440) * 60_000).toISOString(),
        }
      : { listingType: 'fixed' as const, priceCents: price };
    const item = {
      listingId,
      sellerId: seller.id,
      sellerUsername: seller.name,
      title,
      description: `${title} by ${brand}.`,
      category,
      subcategory,
      condition: prng.pick(LISTING_CONDITIONS),
      brand,
      ...sale,
      bidCount: 0,
      shippingType: 'calculated' as const,
      location: { zipCode: '78701', city: 'Austin', state: 'TX' },
      images: [],
      quantity: 1,
      quantitySold: 0,
      status: 'active' as const,
      featured: prng.next() < 0.02,
      sortPriceCents: sortPriceOf(sale),
      createdAt: new Date(createdMs).toISOString(),
      updatedAt: new Date(createdMs).toISOString(),
      version: 1,
    };
    const terms = searchTermsFor(item);
    return { item, terms };
  });
}

/**
 * Writes them with batch puts (25 items a request, several at once), retrying what DynamoDB leaves unprocessed, then
 * their search postings (a few hundred items for the whole catalogue) and browse facets (up to 11 a listing).
 */
export async function writeGenerated(db: Db, listings: ReturnType<typeof generateListings>): Promise<void> {
  const chunk = 2_500;
  for (let i = 0; i < listings.length; i += chunk) {
    const part = listings.slice(i, i + chunk).map((l) => l.item);
    for (let attempt = 1; ; attempt++) {
      const { unprocessed } = await db.entities.listing.put(part).go({ concurrency: 8 });
      if (unprocessed.length === 0) break;
      if (attempt === 5) throw new Error(`bench data: ${unprocessed.length} listings not written`);
    }
  }
  await addToPostings(
    db,
    listings.map((l) => ({ listingId: l.item.listingId, terms: l.terms })),
  );
  await putFacetEntries(
    db,
    listings.map((l) => l.item),
  );
}
