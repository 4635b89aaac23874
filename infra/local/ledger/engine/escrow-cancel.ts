import { addDrops, adjustOwnerCount } from './accounts';
import { parseAmount } from './amounts';
import { escrowIndexOf } from './escrow-finish';
import { unlockTokens } from './escrow-tokens';
import { type Transactor, num, str } from './transactor';

/** EscrowCancel: returns an expired escrow to its owner; anyone may submit it once CancelAfter has passed. */
export const escrowCancel: Transactor = {
  allowedFlags: 0,

  preflight(tx) {
    if (str(tx, 'Owner') === undefined || num(tx, 'OfferSequence') === undefined) return 'temMALFORMED';
    return undefined;
  },

  preclaim(view, c) {
    return view.read(escrowIndexOf(c.tx)!) ? undefined : 'tecNO_TARGET';
  },

  doApply(view, c) {
    const escrow = view.read(escrowIndexOf(c.tx)!);
    if (!escrow) return 'tecNO_TARGET';
    const cancelAfter = escrow.CancelAfter as number | undefined;
    if (cancelAfter === undefined) return 'tecNO_PERMISSION';
    if (!(c.apply.parentCloseTime > cancelAfter)) return 'tecNO_PERMISSION';

    const owner = escrow.Account as string;
    const amount = parseAmount(escrow.Amount)!;
    if (amount.kind === 'xrp') {
      addDrops(view, owner, amount.drops);
    } else {
      const returned = unlockTokens(view, c.rules, {
        amount,
        receiver: owner,
        createAsset: owner === c.account,
        receiverPriorBalance: c.priorBalance,
      });
      if (returned !== 'tesSUCCESS') return returned;
    }
    adjustOwnerCount(view, owner, -1);
    view.erase(view.read(escrow.index)!);
    return 'tesSUCCESS';
  },
};
