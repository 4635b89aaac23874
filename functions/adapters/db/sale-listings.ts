import type { SaleListingReader } from '../../core/cart/ports';
import type { SaleListing } from '../../core/cart/sale-listing';
import type { Db } from './service';

const SALE_ATTRIBUTES = [
  'listingId',
  'sellerId',
  'sellerUsername',
  'title',
  'listingType',
  'status',
  'priceCents',
  'buyItNowPriceCents',
  'bidCount',
  'endsAt',
  'shippingType',
  'shippingCostCents',
  'localPickup',
  'location',
  'weightLbs',
  'dimensions',
  'images',
  'quantity',
  'quantitySold',
  'quantityReserved',
  'version',
  'acceptOffers',
  'minOfferCents',
] as const;

/** Listings as buying needs them, read strongly consistent: a price or the stock left must never be stale. */
export function saleListings(db: Db): SaleListingReader {
  return {
    async get(ids) {
      // Keys are case-insensitive (ElectroDB lowercases them): 'ab' and 'AB' name one item, asked for once.
      const unique = [...new Map(ids.map((id) => [id.toLowerCase(), id])).values()];
      if (unique.length === 0) return [];
      const result = await db.entities.listing
        .get(unique.map((listingId) => ({ listingId })))
        .go({ concurrency: 4, consistent: true, attributes: [...SALE_ATTRIBUTES] });
      if (result.unprocessed.length > 0)
        throw new Error(`Batch read left ${result.unprocessed.length} listings unread`);
      return result.data.map((l) => ({
        ...l,
        quantity: l.quantity ?? 1,
        quantitySold: l.quantitySold ?? 0,
        quantityReserved: l.quantityReserved ?? 0,
        version: l.version ?? 1,
      })) as SaleListing[];
    },
  };
}
