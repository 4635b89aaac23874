import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import type { ListingDetail } from '../../../../../shared/api/listings';
import { OFFER_REFUSAL_TITLES, OFFER_TEXTS, OFFER_TOASTS } from '../../../../../shared/domain/offers';
import { MakeOfferDialog } from '../../../domains/offers/offer-dialog';
import { ApiError } from '../../../lib/api';
import { messagesUrl, startConversation } from '../../../domains/messages/api';
import { offerFailureToast, offersOpen, useOfferActions, type OfferTerms } from '../../../domains/offers/api';
import { requestConnectWallet } from '../../../lib/session/session-events';
import { useOptionalSession, useSignedInSession } from '../../../lib/session/session-context';

const LABEL = 'Make Offer';

/** Signed in: the dialog; the offer goes into the one conversation about the listing, found or made first. */
function SignedInMakeOffer({ listing: l }: { listing: ListingDetail }) {
  const { token } = useSignedInSession();
  const { make } = useOfferActions();
  const navigate = useNavigate();
  const [sentIn, setSentIn] = useState<string | null>(null);

  const send = async (terms: OfferTerms): Promise<boolean> => {
    let conversationId: string;
    try {
      conversationId = (await startConversation(token, { listingId: l.id })).conversation.id;
    } catch (error) {
      if (error instanceof ApiError && error.code === 'cannot_contact_yourself') {
        toast.error(OFFER_REFUSAL_TITLES.own_item, { description: OFFER_TEXTS.ownItem });
      } else {
        const [title, description] = offerFailureToast(error, OFFER_TOASTS.sendFailed);
        toast.error(title, { description });
      }
      return false;
    }
    const url = messagesUrl(conversationId);
    const offer = await make(conversationId, terms, { label: 'View Conversation', onClick: () => navigate(url) });
    if (offer) setSentIn(url);
    return offer !== null;
  };

  return (
    <>
      <MakeOfferDialog
        className="btn btn-outline"
        description={`Offer the seller a price for ${l.title}. They can accept, reject or counter it.`}
        onSubmit={send}
      />
      {sentIn && (
        <p className="purchase-note" role="status">
          Your offer is in your conversation with the seller. <Link to={sentIn}>View Conversation</Link>
        </p>
      )}
    </>
  );
}

/**
 * Make Offer on /item/{id} (spec part 1 "Offer"): shown on a listing that accepts offers, not to its owner. Signed
 * out it opens Connect Wallet ('Authentication Required' – 'Please connect your wallet to make an offer').
 */
export function MakeOffer({ listing }: { listing: ListingDetail }) {
  const session = useOptionalSession();
  const signedIn = !!session?.user && !!session.token;
  if (!offersOpen(listing, session?.user?.id ?? null)) return null;
  return (
    <section className="panel offer-panel" aria-label="Make an offer">
      {signedIn ? (
        <SignedInMakeOffer listing={listing} />
      ) : (
        <button
          type="button"
          className="btn btn-outline"
          disabled={session?.status === 'loading'}
          onClick={() => {
            toast.error(OFFER_TOASTS.signedOut[0], { description: OFFER_TOASTS.signedOut[1] });
            requestConnectWallet();
          }}
        >
          {LABEL}
        </button>
      )}
    </section>
  );
}
