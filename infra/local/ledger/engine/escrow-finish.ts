import { hashes } from 'xrpl';
import { type EngineRules } from './api';
import { addDrops, adjustOwnerCount } from './accounts';
import { parseAmount } from './amounts';
import { fulfillmentMatches } from './crypto-condition';
import { unlockTokens } from './escrow-tokens';
import { type Transactor, type Tx, num, str } from './transactor';

export function escrowIndexOf(tx: Tx): string | undefined {
  const owner = str(tx, 'Owner');
  const sequence = num(tx, 'OfferSequence');
  return owner === undefined || sequence === undefined ? undefined : hashes.hashEscrow(owner, sequence);
}

/** EscrowFinish: releases an escrow to its destination once its time and crypto-condition allow. */
export const escrowFinish: Transactor = {
  allowedFlags: 0,

  /** base x (33 + fulfillment bytes / 16), integer division, as rippled's EscrowFinish::calculateBaseFee. */
  minimumFee(tx: Tx, rules: EngineRules) {
    const base = BigInt(rules.baseFeeDrops);
    const fulfillment = str(tx, 'Fulfillment');
    if (fulfillment === undefined) return base;
    return base + base * (32n + BigInt(Math.floor(fulfillment.length / 2 / 16)));
  },

  preflight(tx) {
    if (str(tx, 'Owner') === undefined || num(tx, 'OfferSequence') === undefined) return 'temMALFORMED';
    // A condition and a fulfillment come together or not at all.
    if ((tx.Condition === undefined) !== (tx.Fulfillment === undefined)) return 'temMALFORMED';
    return undefined;
  },

  preclaim(view, c) {
    return view.read(escrowIndexOf(c.tx)!) ? undefined : 'tecNO_TARGET';
  },

  doApply(view, c) {
    const escrow = view.read(escrowIndexOf(c.tx)!);
    if (!escrow) return 'tecNO_TARGET';
    const now = c.apply.parentCloseTime;
    const finishAfter = escrow.FinishAfter as number | undefined;
    const cancelAfter = escrow.CancelAfter as number | undefined;
    if (finishAfter !== undefined && !(now > finishAfter)) return 'tecNO_PERMISSION';
    if (cancelAfter !== undefined && now > cancelAfter) return 'tecNO_PERMISSION';

    const condition = str(c.tx, 'Condition');
    const fulfillment = str(c.tx, 'Fulfillment');
    if (condition !== undefined && fulfillment !== undefined && !fulfillmentMatches(fulfillment, condition))
      return 'tecCRYPTOCONDITION_ERROR';
    const stored = escrow.Condition as string | undefined;
    if (stored === undefined && condition !== undefined) return 'tecCRYPTOCONDITION_ERROR';
    if (stored !== undefined && stored.toUpperCase() !== condition?.toUpperCase()) return 'tecCRYPTOCONDITION_ERROR';

    const destination = escrow.Destination as string;
    if (!view.account(destination)) return 'tecNO_DST';

    const amount = parseAmount(escrow.Amount)!;
    if (amount.kind === 'xrp') {
      addDrops(view, destination, amount.drops);
    } else {
      const released = unlockTokens(view, c.rules, {
        amount,
        receiver: destination,
        createAsset: destination === c.account,
        receiverPriorBalance: c.priorBalance,
      });
      if (released !== 'tesSUCCESS') return released;
    }
    adjustOwnerCount(view, escrow.Account as string, -1);
    view.erase(view.read(escrow.index)!);
    return 'tesSUCCESS';
  },
};
