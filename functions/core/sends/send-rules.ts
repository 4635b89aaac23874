import { dropsToXrpText, formatUsd } from '../../../shared/domain/money';
import type { AccountBalances, AccountState, NetworkCosts, RlusdLine } from '../ledger/ports';
import type { SendAmount } from './sends';

/** What the ledger says about a send before it is asked for (decision 060). */
export interface SendSituation {
  sender: string;
  amount: SendAmount;
  destination: string;
  destinationTag: number | null;
  /** null: the sender's account does not exist (never funded). */
  senderBalances: AccountBalances | null;
  /** null: the destination account does not exist. */
  destinationAccount: AccountState | null;
  /** The destination's RLUSD trust line (read for RLUSD sends only); null: none. */
  destinationLine: RlusdLine | null;
  costs: NetworkCosts;
}

export interface SendRefusal {
  code: string;
  message: string;
  field: 'destination' | 'amount' | 'destinationTag';
  /** The request itself is wrong (400) rather than refused by the ledger's state (422). */
  invalid?: boolean;
}

/**
 * XRP the sender can send: the balance minus the account's reserve (base plus owned objects) and the network fee, never
 * below zero. The reserve stays, so the account keeps its trust line and whatever else it owns.
 */
export function spendableXrpDrops(balances: AccountBalances | null, costs: Pick<NetworkCosts, 'feeDrops'>): bigint {
  if (!balances) return 0n;
  const left = BigInt(balances.xrp.totalDrops) - BigInt(balances.xrp.reserveDrops) - BigInt(costs.feeDrops);
  return left > 0n ? left : 0n;
}

/** RLUSD the sender can send: the trust line's balance (truncated to the cent); nothing from a frozen line. */
export function spendableRlusdCents(balances: AccountBalances | null): number {
  const line = balances?.rlusd;
  return line && !line.frozen ? line.balanceCents : 0;
}

const refuse = (code: string, field: SendRefusal['field'], message: string): SendRefusal => ({ code, field, message });

function xrpRefusal(s: SendSituation, drops: bigint): SendRefusal | null {
  const spendable = spendableXrpDrops(s.senderBalances, s.costs);
  if (drops > spendable) {
    const reserve = dropsToXrpText(s.senderBalances?.xrp.reserveDrops ?? s.costs.baseReserveDrops);
    return refuse(
      'insufficient_funds',
      'amount',
      `Not enough XRP: you can send at most ${dropsToXrpText(spendable.toString())} XRP (your balance minus the ` +
        `${reserve} XRP reserve and the network fee).`,
    );
  }
  const dest = s.destinationAccount;
  if (!dest) {
    if (drops < BigInt(s.costs.baseReserveDrops)) {
      return refuse(
        'destination_needs_reserve',
        'amount',
        `The destination account does not exist yet: send at least ${dropsToXrpText(s.costs.baseReserveDrops)} XRP ` +
          'to create it.',
      );
    }
    return null;
  }
  if (dest.flags.disallowXrp)
    return refuse('destination_refuses_xrp', 'destination', 'The destination account does not accept XRP.');
  return null;
}

function rlusdRefusal(s: SendSituation, cents: number): SendRefusal | null {
  const line = s.senderBalances?.rlusd ?? null;
  if (line?.frozen) return refuse('rlusd_frozen', 'amount', 'Your RLUSD is frozen by its issuer and cannot be sent.');
  if (cents > spendableRlusdCents(s.senderBalances)) {
    return refuse(
      'insufficient_funds',
      'amount',
      `Not enough RLUSD: you can send at most ${formatUsd(spendableRlusdCents(s.senderBalances))}.`,
    );
  }
  // The fee is paid in XRP: the account must have it above its reserve.
  if (!s.senderBalances || BigInt(s.senderBalances.xrp.spendableDrops) < BigInt(s.costs.feeDrops)) {
    return refuse(
      'insufficient_xrp_for_fee',
      'amount',
      'Your wallet needs a little XRP above its reserve to pay the network fee.',
    );
  }
  if (!s.destinationAccount) {
    return refuse(
      'destination_not_found',
      'destination',
      'The destination account does not exist on the XRP Ledger, so it cannot receive RLUSD.',
    );
  }
  const to = s.destinationLine;
  if (!to) {
    return refuse(
      'destination_no_trust_line',
      'destination',
      'The destination has no RLUSD trust line, so it cannot receive RLUSD.',
    );
  }
  if (to.frozen) {
    return refuse(
      'destination_frozen',
      'destination',
      "The destination's RLUSD trust line is frozen, so it cannot receive RLUSD.",
    );
  }
  if (to.limitCents - to.balanceCents < cents) {
    return refuse('destination_limit', 'amount', "The destination's RLUSD trust line does not accept this much RLUSD.");
  }
  return null;
}

/**
 * Why a send can't go ahead, or null (decision 060): never to oneself; never more than the spendable balance; never
 * to an account that can't take it (RLUSD: it must exist and hold an unfrozen RLUSD trust line with room for the
 * amount; XRP: a new account needs at least the base reserve, and an account that disallows XRP is respected); a
 * destination that requires a tag gets one. The ledger still has the last word: what it refuses is reported.
 */
export function sendRefusal(s: SendSituation): SendRefusal | null {
  if (s.destination === s.sender) {
    return { ...refuse('send_to_self', 'destination', 'You cannot send funds to your own wallet.'), invalid: true };
  }
  const refusal = s.amount.currency === 'XRP' ? xrpRefusal(s, BigInt(s.amount.drops)) : rlusdRefusal(s, s.amount.cents);
  if (refusal) return refusal;
  if (s.destinationAccount?.flags.requireDestinationTag && s.destinationTag === null) {
    return refuse('destination_tag_required', 'destinationTag', 'The destination account requires a destination tag.');
  }
  return null;
}
