import { useState } from 'react';
import { unitShippingCents } from '../../../../../shared/domain/cart';
import { pickupOffered } from '../../../../../shared/domain/pickup-choice';
import { useOrder, useOrderShippingOptions } from '../../../domains/orders/api';
import { useListingDetail } from '../../../domains/listings/api';
import { useProfile } from '../../../domains/profile/api';
import { rlusdCents, useWalletBalances } from '../../../domains/wallet/api';

/**
 * What paying for a won auction shows (decision 029): the order, how its listing ships (flat rate, or the
 * calculated options quoted for this order and the buyer's address), the address, the RLUSD balance and the total
 * the buyer agrees to. The server prices it all again.
 */
export function usePayOrder(orderId: string, user: { id: string; walletAddress: string }, token: string) {
  const order = useOrder(orderId, user.id, token);
  const o = order.data;
  const listing = useListingDetail(o?.lines[0]?.listingId ?? null);
  const profile = useProfile();
  const balances = useWalletBalances({ token, walletAddress: user.walletAddress });
  // A listing that ships but also offers local pickup: the winner may collect it instead (no shipping at all).
  const [pickup, setPickup] = useState(false);
  const offersPickup =
    !!listing.data && listing.data.shippingType !== 'local' && pickupOffered(listing.data) && !o?.isLocalPickup;
  const collected = offersPickup && pickup;
  const calculated = listing.data?.shippingType === 'calculated' && o?.status === 'awaiting_payment' && !collected;
  const quote = useOrderShippingOptions(
    orderId,
    calculated ? String(JSON.stringify(profile.data?.address)) : null,
    token,
  );
  const [choice, setChoice] = useState<string | null>(null);
  const option = calculated ? (quote.data?.quote?.options.find((x) => x.id === choice) ?? null) : null;
  const flatCents = listing.data && !collected ? unitShippingCents(listing.data) : 0;
  const itemsCents = o?.itemsCents ?? 0;
  const shippingCents = flatCents + (option?.costCents ?? 0);
  const balanceKnown = balances.data !== undefined || balances.error !== undefined;
  return {
    order,
    listing,
    profile,
    balances,
    quote,
    calculated,
    offersPickup,
    collected,
    setPickup,
    choice,
    setChoice,
    option,
    itemsCents,
    shippingCents,
    totalCents: itemsCents + shippingCents,
    balanceKnown,
    // Spec part 1 "Fallbacks": a failed balance read counts as $0.00.
    balanceCents: rlusdCents(balances.data),
  };
}
