import type { MyOffer } from '../../../shared/api/offers';
import { decodeTimeIdCursor, encodeTimeIdCursor } from '../../lib/time-id-cursor';
import { toListingImage } from '../listings/to-card';
import type { OfferDeps, OfferPosition } from './ports';

/** My Activity's Offers tab: threads a page. */
export const MY_OFFERS_PAGE = 20;

const encode = (p: OfferPosition) => encodeTimeIdCursor(p.listedAt, p.offerId);

function decode(cursor: string | undefined): OfferPosition | null {
  const at = decodeTimeIdCursor(cursor);
  return at && { listedAt: at.time, offerId: at.id };
}

/**
 * My Activity's Offers tab (spec part 3: the user's offers with status and expiry): the caller's threads as buyer,
 * each its newest round, newest first, with the listing's title and first photo as they are now; paged by a cursor.
 */
export async function listMyOffers(
  userId: string,
  cursor: string | undefined,
  deps: Pick<OfferDeps, 'store' | 'cards' | 'mediaUrl'>,
): Promise<{ items: MyOffer[]; cursor: string | null }> {
  const page = await deps.store.ofBuyer(userId, decode(cursor), MY_OFFERS_PAGE);
  const cards = new Map(
    (await deps.cards([...new Set(page.offers.map((o) => o.listingId))])).map((l) => [l.listingId, l]),
  );
  const items = page.offers.map((o): MyOffer => {
    const l = cards.get(o.listingId);
    const first = l?.images?.[0];
    return {
      ...o,
      listing: { id: o.listingId, title: l?.title ?? '', image: first ? toListingImage(first, deps.mediaUrl) : null },
    };
  });
  return { items, cursor: page.after ? encode(page.after) : null };
}
