import { hashes } from 'xrpl';
import { type LedgerEntry } from './api';
import { adjustOwnerCount, flagsOf } from './accounts';
import { ACCOUNT_ONE, iouJson, isLowAccount } from './amounts';
import { ACCOUNT_FLAGS, RIPPLE_STATE_FLAGS as RS } from './flags';
import { IouValue } from './iou-value';
import { ZERO_HASH } from './ledger-state';
import { type Sandbox } from './sandbox';

type IouJson = { currency: string; issuer: string; value: string };

export function lineIndex(a: string, b: string, currency: string): string {
  return hashes.hashTrustline(a, b, currency);
}

/** One side of a RippleState as seen by `account`: its balance (positive = the peer owes it), its limit, its flags. */
export type LineSide = {
  entry: LedgerEntry;
  account: string;
  peer: string;
  isLow: boolean;
  balance: IouValue;
  limit: IouValue;
  peerLimit: IouValue;
  reserveFlag: number;
  noRippleFlag: number;
  peerNoRippleFlag: number;
  freezeFlag: number;
};

export function readLine(view: Sandbox, account: string, peer: string, currency: string): LineSide | undefined {
  const entry = view.read(lineIndex(account, peer, currency));
  return entry ? sideOf(entry, account) : undefined;
}

export function sideOf(entry: LedgerEntry, account: string): LineSide {
  const low = entry.LowLimit as IouJson;
  const high = entry.HighLimit as IouJson;
  const isLow = low.issuer === account;
  const lowBalance = IouValue.parse((entry.Balance as IouJson).value) ?? IouValue.ZERO;
  const lowLimit = IouValue.parse(low.value) ?? IouValue.ZERO;
  const highLimit = IouValue.parse(high.value) ?? IouValue.ZERO;
  return {
    entry,
    account,
    peer: isLow ? high.issuer : low.issuer,
    isLow,
    balance: isLow ? lowBalance : lowBalance.negate(),
    limit: isLow ? lowLimit : highLimit,
    peerLimit: isLow ? highLimit : lowLimit,
    reserveFlag: isLow ? RS.lsfLowReserve : RS.lsfHighReserve,
    noRippleFlag: isLow ? RS.lsfLowNoRipple : RS.lsfHighNoRipple,
    peerNoRippleFlag: isLow ? RS.lsfHighNoRipple : RS.lsfLowNoRipple,
    freezeFlag: isLow ? RS.lsfLowFreeze : RS.lsfHighFreeze,
  };
}

/** How much `side.account` can send its peer over this line: what the peer owes it plus what the peer trusts it for. */
export function sendCapacity(side: LineSide): IouValue {
  const capacity = side.balance.add(side.peerLimit);
  return capacity.signum() > 0 ? capacity : IouValue.ZERO;
}

function hasDefaultRipple(view: Sandbox, address: string): boolean {
  const root = view.account(address);
  return root ? (flagsOf(root) & ACCOUNT_FLAGS.lsfDefaultRipple) !== 0 : false;
}

/**
 * Whether this side of the line needs its owner's reserve (rippled's test in SetTrust / rippleCredit): a limit,
 * a positive balance, a freeze, qualities, or a NoRipple setting other than the account's default.
 */
export function sideNeedsReserve(view: Sandbox, side: LineSide): boolean {
  const flags = flagsOf(side.entry);
  const noRipple = (flags & side.noRippleFlag) !== 0;
  const defaultRipple = hasDefaultRipple(view, side.account);
  const qualityIn = side.isLow ? side.entry.LowQualityIn : side.entry.HighQualityIn;
  const qualityOut = side.isLow ? side.entry.LowQualityOut : side.entry.HighQualityOut;
  return (
    !side.limit.isZero() ||
    side.balance.signum() > 0 ||
    (flags & side.freezeFlag) !== 0 ||
    Boolean(qualityIn) ||
    Boolean(qualityOut) ||
    !noRipple !== defaultRipple
  );
}

/**
 * Creates the line between `holder` (whose side carries `limit`, the reserve and the owner-count increment) and
 * `peer`, like rippled's trustCreate: the peer's side gets NoRipple unless the peer has DefaultRipple.
 */
export function trustCreate(
  view: Sandbox,
  args: { holder: string; peer: string; currency: string; limit: IouValue; holderNoRipple: boolean },
): LedgerEntry {
  const { holder, peer, currency, limit, holderNoRipple } = args;
  const holderLow = isLowAccount(holder, peer);
  const low = holderLow ? holder : peer;
  const high = holderLow ? peer : holder;
  let flags = holderLow ? RS.lsfLowReserve : RS.lsfHighReserve;
  if (holderNoRipple) flags |= holderLow ? RS.lsfLowNoRipple : RS.lsfHighNoRipple;
  if (!hasDefaultRipple(view, peer)) flags |= holderLow ? RS.lsfHighNoRipple : RS.lsfLowNoRipple;
  const entry: LedgerEntry = {
    LedgerEntryType: 'RippleState',
    index: lineIndex(holder, peer, currency),
    Balance: iouJson(currency, ACCOUNT_ONE, IouValue.ZERO),
    Flags: flags >>> 0,
    HighLimit: iouJson(currency, high, holderLow ? IouValue.ZERO : limit),
    HighNode: '0',
    LowLimit: iouJson(currency, low, holderLow ? limit : IouValue.ZERO),
    LowNode: '0',
    PreviousTxnID: ZERO_HASH,
    PreviousTxnLgrSeq: 0,
  };
  view.write(entry);
  adjustOwnerCount(view, holder, 1);
  return entry;
}

/** Writes a new balance, given from `side.account`'s point of view. */
export function setSideBalance(view: Sandbox, side: LineSide, balance: IouValue): LedgerEntry {
  const lowBalance = side.isLow ? balance : balance.negate();
  const current = side.entry.Balance as IouJson;
  return view.update(side.entry, { Balance: iouJson(current.currency, ACCOUNT_ONE, lowBalance) });
}

/**
 * Moves `amount` from `sender` to `receiver` over their direct line (rippled's rippleCredit): when the sender's
 * side drops to zero or below and is otherwise default, its reserve is released, and a line left at default on
 * both sides with a zero balance is deleted.
 */
export function rippleCredit(
  view: Sandbox,
  sender: string,
  receiver: string,
  currency: string,
  amount: IouValue,
): void {
  const side = readLine(view, sender, receiver, currency);
  if (!side) throw new Error(`rippleCredit: no ${currency} line between ${sender} and ${receiver}`);
  const after = side.balance.sub(amount);
  let entry = setSideBalance(view, side, after);
  const updated = sideOf(entry, sender);
  const flags = flagsOf(entry);
  if (
    side.balance.signum() > 0 &&
    after.signum() <= 0 &&
    flags & updated.reserveFlag &&
    !sideNeedsReserve(view, updated)
  ) {
    entry = view.update(entry, { Flags: (flags & ~updated.reserveFlag) >>> 0 });
    adjustOwnerCount(view, sender, -1);
    const receiverReserve = updated.isLow ? RS.lsfHighReserve : RS.lsfLowReserve;
    if (after.isZero() && !(flagsOf(entry) & receiverReserve)) view.erase(entry);
  }
}
