import '../../../styles/bidding.css';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import type { ListingDetail } from '../../../../../shared/api/listings';
import {
  BID_INPUT_STEP,
  BID_REFUSAL_TITLES,
  bidderPanelText,
  currentBidOf,
  insufficientBalanceMessage,
  minimumBidInputValue,
  minimumNextBidCents,
  OWN_ITEM_BID_MESSAGE,
} from '../../../../../shared/domain/bids';
import { formatUsd } from '../../../../../shared/domain/money';
import { requestConnectWallet } from '../../../lib/session/session-events';
import { useOptionalSession } from '../../../lib/session/session-context';
import { rlusdCents, useWalletBalances } from '../../../domains/wallet/api';
import { useBidHistory } from '../../../domains/bids/api';
import { bidButtonState, clientBidRefusal, parseBidInput } from '../lib/bid-form';
import { usePlaceBid } from '../lib/use-place-bid';

/** 'Your Balance' / 'Available for bidding' (spec part 1 "Listing detail page"): the RLUSD bids are checked against. */
function BalanceCard({ cents }: { cents: number | null }) {
  return (
    <div className="bid-balance" role="group" aria-label="Your Balance">
      <span className="bid-balance-label">Your Balance</span>
      <strong className="bid-balance-amount">{cents === null ? '…' : `${formatUsd(cents)} RLUSD`}</strong>
      <span className="bid-balance-note">Available for bidding</span>
    </div>
  );
}

/**
 * The bid panel on a running auction (spec part 1 "Bid", part 2 "Live bidding", decision 030): the balance card,
 * whether the viewer leads, the bid field and Place Bid (the current bid is in the price panel above it). The amount is the bidder's maximum. Disabled while empty, on
 * one's own item, too low or above the balance, with the spec's inline hints; signed out, Place Bid opens Connect
 * Wallet. The client's checks only spare a request: the server decides, and its refusal is what the toast says.
 */
export function BidPanel({ listing: l }: { listing: ListingDetail }) {
  const session = useOptionalSession();
  const user = session?.user ?? null;
  const token = session?.token ?? null;
  const signedIn = !!user && !!token;
  const own = signedIn && user.id === l.seller.id;
  const balances = useWalletBalances(signedIn ? { token, walletAddress: user.walletAddress } : null);
  const history = useBidHistory(l.id);
  const { place, busy, placedHere } = usePlaceBid(l, token);
  const [text, setText] = useState('');
  const id = useId();

  const current = currentBidOf(l);
  // Spec part 1 "Fallbacks": a failed balance read counts as $0.00.
  const balanceLoading = signedIn && balances.data === undefined && !balances.error;
  const balance = signedIn && !balanceLoading ? rlusdCents(balances.data) : null;
  const amount = parseBidInput(text);
  const button = bidButtonState({ amount, currentBidCents: current, balanceCents: balance, own });
  const bidHere = placedHere || (!!user && !!history.data?.items.some((b) => b.bidderUsername === user.username));
  const standing = l.viewerLeads ? bidderPanelText('winning') : bidHere ? bidderPanelText('outbid') : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (button.disabled || busy) return;
    if (!signedIn) return requestConnectWallet();
    const refusal = clientBidRefusal(amount, current);
    if (refusal) return void toast.error(refusal[0], { description: refusal[1] });
    if (await place(amount as number)) setText('');
  };

  return (
    <section className="panel bid-panel" aria-labelledby={`${id}-heading`} aria-busy={busy || balanceLoading}>
      <h2 id={`${id}-heading`} className="section-heading">
        Place a Bid
      </h2>
      {signedIn && <BalanceCard cents={balance} />}
      <p
        role="status"
        className={`bid-standing${l.viewerLeads ? ' bid-standing-leading' : standing ? ' bid-standing-outbid' : ''}`}
      >
        {standing}
      </p>
      <form className="bid-form" noValidate onSubmit={(e) => void submit(e)}>
        <label className="field-label" htmlFor={`${id}-amount`}>
          Your maximum bid
        </label>
        <div className="bid-form-row">
          <span className="bid-form-currency" aria-hidden>
            $
          </span>
          <input
            id={`${id}-amount`}
            className="input"
            type="number"
            inputMode="decimal"
            step={BID_INPUT_STEP}
            min={minimumBidInputValue(current)}
            placeholder={minimumBidInputValue(current)}
            value={text}
            disabled={own || busy}
            aria-describedby={`${id}-help`}
            onChange={(e) => setText(e.target.value)}
          />
          <button type="submit" className="btn btn-primary" disabled={button.disabled || busy || balanceLoading}>
            {busy ? 'Placing Bid...' : 'Place Bid'}
            {button.hint && <span className="bid-hint"> {button.hint}</span>}
          </button>
        </div>
        <p id={`${id}-help`} className="field-hint">
          Enter {formatUsd(minimumNextBidCents(current))} or more. We bid for you only as much as it takes to keep you
          ahead, up to your maximum.
        </p>
      </form>
      {own && (
        <p className="purchase-note" role="note">
          <strong>{BID_REFUSAL_TITLES.own_item}</strong> {OWN_ITEM_BID_MESSAGE}
        </p>
      )}
      {button.hint === '(Low Balance)' && typeof amount === 'number' && balance !== null && (
        <p className="purchase-note purchase-note-warning" role="note">
          <strong>{BID_REFUSAL_TITLES.insufficient_balance}</strong> {insufficientBalanceMessage(amount, balance)}
        </p>
      )}
    </section>
  );
}
