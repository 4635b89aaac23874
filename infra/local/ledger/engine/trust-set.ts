import { type LedgerEntry } from './api';
import { accountReserve, adjustOwnerCount, flagsOf, ownerCountOf } from './accounts';
import { iouJson, isBadCurrency, parseAmount } from './amounts';
import { ACCOUNT_FLAGS, TF_TRUST_SET as TF, hasFlag } from './flags';
import { type Transactor } from './transactor';
import { readLine, sideNeedsReserve, sideOf, trustCreate } from './trust-lines';

const QUALITY_PARITY = 1_000_000_000;

/** TrustSet: creates, changes or removes the account's side of a RippleState (limit and NoRipple). */
export const trustSet: Transactor = {
  allowedFlags:
    TF.tfSetfAuth |
    TF.tfSetNoRipple |
    TF.tfClearNoRipple |
    TF.tfSetFreeze |
    TF.tfClearFreeze |
    TF.tfSetDeepFreeze |
    TF.tfClearDeepFreeze,

  preflight(tx) {
    const limit = parseAmount(tx.LimitAmount);
    if (!limit || limit.kind === 'xrp') return 'temBAD_LIMIT';
    if (isBadCurrency(limit.currency)) return 'temBAD_CURRENCY';
    if (limit.value.signum() < 0) return 'temBAD_LIMIT';
    if (limit.issuer === tx.Account) return 'temDST_IS_SRC';
    // Freezes and qualities are not modelled (see docs/ledger-stand-in.md).
    const unsupported = TF.tfSetFreeze | TF.tfClearFreeze | TF.tfSetDeepFreeze | TF.tfClearDeepFreeze;
    if (hasFlag(tx.Flags, unsupported)) return 'temDISABLED';
    for (const field of ['QualityIn', 'QualityOut']) {
      const q = tx[field];
      if (q !== undefined && q !== 0 && q !== QUALITY_PARITY) return 'temDISABLED';
    }
    return undefined;
  },

  preclaim(view, c) {
    // RequireAuth cannot be set in this engine, so authorizing a holder is always "not required", as rippled says.
    const root = view.account(c.account)!;
    if (hasFlag(c.tx.Flags, TF.tfSetfAuth) && !(flagsOf(root) & ACCOUNT_FLAGS.lsfRequireAuth))
      return 'tefNO_AUTH_REQUIRED';
    return undefined;
  },

  doApply(view, c) {
    const limit = parseAmount(c.tx.LimitAmount);
    if (limit?.kind !== 'iou') return 'tecINTERNAL';
    const { currency, issuer } = limit;
    if (!view.account(issuer)) return 'tecNO_DST';
    const setNoRipple = hasFlag(c.tx.Flags, TF.tfSetNoRipple);
    const clearNoRipple = hasFlag(c.tx.Flags, TF.tfClearNoRipple);
    const root = view.account(c.account)!;
    const ownerCount = ownerCountOf(root);
    // rippled lets an account hold its first two objects without reserve, so a new account can take a token.
    const reserveCreate = ownerCount < 2 ? 0n : accountReserve(c.rules, ownerCount + 1);

    const existing = readLine(view, c.account, issuer, currency);
    if (!existing) {
      if (limit.value.isZero()) return 'tecNO_LINE_REDUNDANT';
      if (c.priorBalance < reserveCreate) return 'tecNO_LINE_INSUF_RESERVE';
      trustCreate(view, {
        holder: c.account,
        peer: issuer,
        currency,
        limit: limit.value,
        holderNoRipple: setNoRipple && !clearNoRipple,
      });
      return 'tesSUCCESS';
    }

    let flags = flagsOf(existing.entry);
    if (setNoRipple && !clearNoRipple) {
      // fixTrustLinesToSelf / NoRipple rule: cannot set NoRipple while the account owes on the line.
      if (existing.balance.signum() < 0) return 'tecNO_PERMISSION';
      flags |= existing.noRippleFlag;
    } else if (clearNoRipple && !setNoRipple) {
      flags &= ~existing.noRippleFlag;
    }
    const limitField = existing.isLow ? 'LowLimit' : 'HighLimit';
    let entry: LedgerEntry = view.update(existing.entry, {
      [limitField]: iouJson(currency, c.account, limit.value),
      Flags: flags >>> 0,
    });

    // Recompute which sides need a reserve, charging or releasing it (rippled's SetTrust::doApply).
    let reserveIncrease = false;
    for (const owner of [c.account, issuer]) {
      const side = sideOf(entry, owner);
      const needs = sideNeedsReserve(view, side);
      const has = (flagsOf(entry) & side.reserveFlag) !== 0;
      if (needs && !has) {
        entry = view.update(entry, { Flags: (flagsOf(entry) | side.reserveFlag) >>> 0 });
        adjustOwnerCount(view, owner, 1);
        if (owner === c.account) reserveIncrease = true;
      } else if (!needs && has) {
        entry = view.update(entry, { Flags: (flagsOf(entry) & ~side.reserveFlag) >>> 0 });
        adjustOwnerCount(view, owner, -1);
      }
    }
    const final = sideOf(entry, c.account);
    const bothDefault = !(flagsOf(entry) & (final.reserveFlag | sideOf(entry, issuer).reserveFlag));
    if (bothDefault && final.balance.isZero()) {
      view.erase(entry);
      return 'tesSUCCESS';
    }
    if (reserveIncrease && c.priorBalance < reserveCreate) return 'tecINSUF_RESERVE_LINE';
    return 'tesSUCCESS';
  },
};
