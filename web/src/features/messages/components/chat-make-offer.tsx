import type { ConversationSummary } from '../../../../../shared/api/messages';
import type { Offer } from '../../../../../shared/domain/offers';
import { MakeOfferDialog } from '../../../domains/offers/offer-dialog';
import { useListingDetail } from '../../../domains/listings/api';
import { offersOpen, useOfferActions, type OfferTerms } from '../../../domains/offers/api';
import { useSignedInSession } from '../../../lib/session/session-context';

/**
 * The buyer's Make Offer in a listing conversation (spec part 2 "Messages page"). Shown only while the listing takes
 * offers (read from the listing as it is now), so a button that cannot work is not there.
 */
export function ChatMakeOffer({ conversation, onMade }: { conversation: ConversationSummary; onMade(o: Offer): void }) {
  const { user } = useSignedInSession();
  const listingId = conversation.role === 'buyer' ? (conversation.listing?.id ?? null) : null;
  const listing = useListingDetail(listingId).data;
  const { make } = useOfferActions();
  if (!listing || !offersOpen(listing, user.id)) return null;

  const send = async (terms: OfferTerms) => {
    const offer = await make(conversation.id, terms);
    if (offer) onMade(offer);
    return offer !== null;
  };
  return (
    <MakeOfferDialog
      className="btn btn-outline btn-sm chat-make-offer"
      description={`Offer ${conversation.otherParty.username} a price for ${listing.title}.`}
      onSubmit={send}
    />
  );
}
