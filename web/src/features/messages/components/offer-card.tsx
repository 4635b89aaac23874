import '../../../styles/offers.css';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { formatUsd } from '../../../../../shared/domain/money';
import { OFFER_MAX_ROUNDS, offerExpiryText, offerReceiverId, type Offer } from '../../../../../shared/domain/offers';
import { OfferDialog } from '../../../domains/offers/offer-dialog';
import { useCart } from '../../../domains/cart/api';
import { OFFER_STATUS_TONES, shownStatus, useOfferActions, type OfferTerms } from '../../../domains/offers/api';

const exact = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** Accepted: the buyer puts the listing in their cart (one unit; the server prices it from the offer) and checks out. */
function BuyAtOffer({ offer }: { offer: Offer }) {
  const cart = useCart();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className="btn btn-primary btn-sm"
      disabled={busy}
      onClick={() => {
        setBusy(true);
        void cart.setQuantity(offer.listingId, 1).then((ok) => (ok ? navigate('/checkout') : setBusy(false)));
      }}
    >
      {busy ? 'Processing...' : `Buy at ${formatUsd(offer.amountCents)}`}
    </button>
  );
}

const ANSWERS = [
  ['accept', 'Accept', 'Accepting...', 'btn-primary'],
  ['reject', 'Reject', 'Rejecting...', 'btn-outline'],
] as const;

/** Accept, Reject and Counter for the receiver of a pending offer. */
function Answers({ offer, onAnswered }: { offer: Offer; onAnswered(offer: Offer, counter: boolean): void }) {
  const { respond, counter } = useOfferActions();
  const [busy, setBusy] = useState<'accept' | 'reject' | null>(null);
  const answer = async (kind: 'accept' | 'reject') => {
    setBusy(kind);
    const answered = await respond(offer, kind);
    setBusy(null);
    if (answered) onAnswered(answered, false);
  };
  const sendCounter = async (terms: OfferTerms) => {
    const next = await counter(offer, terms);
    if (next) onAnswered(next, true);
    return next !== null;
  };
  const amount = formatUsd(offer.amountCents);
  return (
    <div className="offer-card-actions" role="group" aria-label={`Answer the offer of ${amount}`}>
      {ANSWERS.map(([kind, label, busyLabel, tone]) => (
        <button
          key={kind}
          type="button"
          className={`btn ${tone} btn-sm`}
          disabled={busy !== null}
          onClick={() => void answer(kind)}
        >
          {busy === kind ? busyLabel : label}
        </button>
      ))}
      {/* The last round can only be accepted or rejected (the server refuses another counter). */}
      {offer.round < OFFER_MAX_ROUNDS && (
        <OfferDialog
          trigger={
            <button type="button" className="btn btn-outline btn-sm" disabled={busy !== null}>
              Counter
            </button>
          }
          title="Counter Offer"
          description={`Answer the offer of ${amount} with your own amount.`}
          submitLabel="Send Counteroffer"
          capByBalance={offer.senderId === offer.sellerId}
          onSubmit={sendCounter}
        />
      )}
    </div>
  );
}

/** What an accepted offer leaves each side to do. */
function AcceptedNote({ offer, viewerId, nowMs }: { offer: Offer; viewerId: string; nowMs: number }) {
  if (offer.orderId) return <p className="offer-card-note">Bought at this price.</p>;
  const buyBy = offer.buyBy ? Date.parse(offer.buyBy) : null;
  if (buyBy === null || buyBy <= nowMs)
    return <p className="offer-card-note">The time to buy at this price has passed.</p>;
  const by = exact.format(new Date(buyBy));
  if (viewerId !== offer.buyerId) return <p className="offer-card-note">The buyer can buy at this price until {by}.</p>;
  return (
    <div className="offer-card-actions">
      <BuyAtOffer offer={offer} />
      <p className="offer-card-note">Until {by}</p>
    </div>
  );
}

/**
 * An offer message's card (spec part 2 "Messages page"): the amount, status, round and, while pending, the expiry
 * counting down; only the receiver of a pending, unexpired offer sees Accept, Reject and Counter; an accepted offer
 * shows its buyer 'Buy at $X' until it must be bought by.
 */
export function OfferCard({
  offer,
  text,
  viewerId,
  nowMs,
  onAnswered,
}: {
  offer: Offer;
  /** The offer message ('Made an offer of $X (expires in 24 hours)'). */
  text: string;
  viewerId: string;
  nowMs: number;
  /** The caller answered it: `offer` is the answered offer, or with `counter` the new round. */
  onAnswered(offer: Offer, counter: boolean): void;
}) {
  // The page's clock ticks every 30 s: an offer made since then must not read more than its 24 hours ('1d 0h left').
  const now = Math.max(nowMs, Date.now());
  const status = shownStatus(offer, now);
  const expiry =
    status === 'pending' || status === 'expired' ? (offerExpiryText(offer.expiresAt, now) ?? 'No expiry') : null;
  const amount = formatUsd(offer.amountCents);
  return (
    <article className="offer-card" aria-label={`Offer of ${amount}, ${status}`}>
      <div className="offer-card-head">
        <strong className="offer-card-amount">{amount}</strong>
        <span className={`badge offer-status ${OFFER_STATUS_TONES[status]}`}>{status}</span>
      </div>
      <p className="offer-card-text">{text}</p>
      <p className="offer-card-meta">
        {offer.round > 1
          ? `Counteroffer, round ${offer.round} of ${OFFER_MAX_ROUNDS}`
          : `Round 1 of ${OFFER_MAX_ROUNDS}`}
        {expiry && <span className="offer-card-expiry"> · {expiry}</span>}
      </p>
      {status === 'pending' && offerReceiverId(offer) === viewerId && <Answers offer={offer} onAnswered={onAnswered} />}
      {status === 'accepted' && <AcceptedNote offer={offer} viewerId={viewerId} nowMs={now} />}
    </article>
  );
}
