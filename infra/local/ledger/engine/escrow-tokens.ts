import { type EngineRules } from './api';
import { accountReserve, flagsOf, ownerCountOf } from './accounts';
import { type IouAmount } from './amounts';
import { ACCOUNT_FLAGS } from './flags';
import { IouValue } from './iou-value';
import { type ResultCode } from './result-codes';
import { type Sandbox } from './sandbox';
import { readLine, rippleCredit, trustCreate } from './trust-lines';

/**
 * XLS-85 token escrow, as rippled implements it for trust-line tokens: locking sends the tokens back to the issuer
 * (the holder's line balance drops, the Escrow entry holds the amount), and releasing has the issuer pay them out
 * to the receiver. No LockedAmount field exists for trust-line tokens; the escrow is linked from the issuer's owner
 * directory instead (IssuerNode).
 */
export function lockTokens(view: Sandbox, sender: string, amount: IouAmount): void {
  rippleCredit(view, sender, amount.issuer, amount.currency, amount.value);
}

/**
 * rippled's escrowUnlockApplyHelper<Issue>: `createAsset` is true when the receiver itself submitted the
 * transaction; only then may a missing trust line be created (with a zero limit) and the line limit is not
 * enforced. Otherwise the receiver needs a line with room for the amount.
 */
export function unlockTokens(
  view: Sandbox,
  rules: EngineRules,
  args: { amount: IouAmount; receiver: string; createAsset: boolean; receiverPriorBalance: bigint },
): ResultCode {
  const { amount, receiver, createAsset, receiverPriorBalance } = args;
  const { issuer, currency } = amount;
  if (receiver === issuer) return 'tesSUCCESS';

  let line = readLine(view, receiver, issuer, currency);
  if (!line && createAsset) {
    const root = view.account(receiver)!;
    if (receiverPriorBalance < accountReserve(rules, ownerCountOf(root) + 1)) return 'tecNO_LINE_INSUF_RESERVE';
    trustCreate(view, {
      holder: receiver,
      peer: issuer,
      currency,
      limit: IouValue.ZERO,
      holderNoRipple: (flagsOf(root) & ACCOUNT_FLAGS.lsfDefaultRipple) === 0,
    });
    line = readLine(view, receiver, issuer, currency);
  }
  if (!line) return 'tecNO_LINE';

  if (!createAsset && line.limit.lt(line.balance.add(amount.value))) return 'tecLIMIT_EXCEEDED';
  rippleCredit(view, issuer, receiver, currency, amount.value);
  return 'tesSUCCESS';
}
