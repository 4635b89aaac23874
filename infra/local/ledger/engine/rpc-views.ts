import { type LedgerEntry } from './api';
import { ACCOUNT_FLAGS as LSF, RIPPLE_STATE_FLAGS as RS } from './flags';
import { sideOf } from './trust-lines';

/** One trust line as rippled's `account_lines` renders it, seen from `address` (balance positive = it holds tokens). */
export type AccountLine = {
  account: string;
  balance: string;
  currency: string;
  limit: string;
  limit_peer: string;
  quality_in: number;
  quality_out: number;
  no_ripple?: true;
  no_ripple_peer?: true;
  authorized?: true;
  peer_authorized?: true;
  freeze?: true;
  freeze_peer?: true;
};

export function accountLine(entry: LedgerEntry, address: string): AccountLine {
  const side = sideOf(entry, address);
  const flags = Number(entry.Flags ?? 0);
  const own = (low: number, high: number) => (flags & (side.isLow ? low : high)) !== 0;
  const peer = (low: number, high: number) => (flags & (side.isLow ? high : low)) !== 0;
  const line: AccountLine = {
    account: side.peer,
    balance: side.balance.toString(),
    currency: (entry.Balance as { currency: string }).currency,
    limit: side.limit.toString(),
    limit_peer: side.peerLimit.toString(),
    quality_in: Number((side.isLow ? entry.LowQualityIn : entry.HighQualityIn) ?? 0),
    quality_out: Number((side.isLow ? entry.LowQualityOut : entry.HighQualityOut) ?? 0),
  };
  if (own(RS.lsfLowNoRipple, RS.lsfHighNoRipple)) line.no_ripple = true;
  if (peer(RS.lsfLowNoRipple, RS.lsfHighNoRipple)) line.no_ripple_peer = true;
  if (own(RS.lsfLowAuth, RS.lsfHighAuth)) line.authorized = true;
  if (peer(RS.lsfLowAuth, RS.lsfHighAuth)) line.peer_authorized = true;
  if (own(RS.lsfLowFreeze, RS.lsfHighFreeze)) line.freeze = true;
  if (peer(RS.lsfLowFreeze, RS.lsfHighFreeze)) line.freeze_peer = true;
  return line;
}

/** `account_info`'s `account_flags` object (api_version 2), from an AccountRoot's Flags. */
export function accountFlags(root: LedgerEntry): Record<string, boolean> {
  const flags = Number(root.Flags ?? 0) >>> 0;
  const is = (flag: number) => (flags & flag) >>> 0 !== 0;
  return {
    allowTrustLineClawback: is(LSF.lsfAllowTrustLineClawback),
    allowTrustLineLocking: is(LSF.lsfAllowTrustLineLocking),
    defaultRipple: is(LSF.lsfDefaultRipple),
    depositAuth: is(LSF.lsfDepositAuth),
    disableMasterKey: is(LSF.lsfDisableMaster),
    disallowIncomingCheck: is(LSF.lsfDisallowIncomingCheck),
    disallowIncomingNFTokenOffer: is(LSF.lsfDisallowIncomingNFTokenOffer),
    disallowIncomingPayChan: is(LSF.lsfDisallowIncomingPayChan),
    disallowIncomingTrustline: is(LSF.lsfDisallowIncomingTrustline),
    disallowIncomingXRP: is(LSF.lsfDisallowXRP),
    globalFreeze: is(LSF.lsfGlobalFreeze),
    noFreeze: is(LSF.lsfNoFreeze),
    passwordSpent: is(LSF.lsfPasswordSpent),
    requireAuthorization: is(LSF.lsfRequireAuth),
    requireDestinationTag: is(LSF.lsfRequireDestTag),
  };
}
