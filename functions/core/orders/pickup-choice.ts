import { pickupOffered } from '../../../shared/domain/pickup-choice';
import { AppError, BadRequestError } from '../../lib/errors';
import type { SaleListing } from '../cart/sale-listing';

/**
 * The sellers the buyer collects from, as the server allows it (the browser only asks): each must have lines in the
 * cart, and every one of them must offer local pickup (pickup only, or 'Also Offer Local Pickup'). A listing that
 * stopped offering it since the page was read is a 409, so the page reads the cart again.
 */
export function allowedPickupSellers(
  items: readonly {
    listing: Pick<SaleListing, 'sellerId' | 'sellerUsername' | 'title' | 'shippingType' | 'localPickup'>;
  }[],
  chosen: readonly string[],
): ReadonlySet<string> {
  for (const sellerId of chosen) {
    const lines = items.filter((i) => i.listing.sellerId === sellerId);
    if (lines.length === 0)
      throw new BadRequestError('Local pickup was chosen for a seller with no items in your cart.');
    const shipped = lines.find((i) => !pickupOffered(i.listing));
    if (shipped) {
      const { title, sellerUsername } = shipped.listing;
      throw new AppError(
        'invalid_state',
        'pickup_not_offered',
        `Local pickup is not offered for ${title}. Choose shipping for the items from ${sellerUsername} to continue.`,
      );
    }
  }
  return new Set(chosen);
}
