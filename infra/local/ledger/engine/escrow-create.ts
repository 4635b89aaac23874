import { hashes, isValidClassicAddress } from 'xrpl';
import { type LedgerEntry } from './api';
import { accountReserve, addDrops, adjustOwnerCount, flagsOf, ownerCountOf } from './accounts';
import { amountJson, isBadCurrency, parseAmount } from './amounts';
import { parseCondition } from './crypto-condition';
import { lockTokens } from './escrow-tokens';
import { ACCOUNT_FLAGS } from './flags';
import { ZERO_HASH } from './ledger-state';
import { type Transactor, num, str } from './transactor';
import { readLine } from './trust-lines';

/** EscrowCreate for XRP and, per XLS-85 (TokenEscrow), for trust-line tokens. */
export const escrowCreate: Transactor = {
  allowedFlags: 0,

  preflight(tx) {
    const amount = parseAmount(tx.Amount);
    if (!amount) return 'temBAD_AMOUNT';
    if (amount.kind === 'xrp' ? amount.drops <= 0n : amount.value.signum() <= 0) return 'temBAD_AMOUNT';
    if (amount.kind === 'iou' && isBadCurrency(amount.currency)) return 'temBAD_CURRENCY';
    const destination = str(tx, 'Destination');
    if (!destination || !isValidClassicAddress(destination)) return 'temDST_NEEDED';

    const finishAfter = num(tx, 'FinishAfter');
    const cancelAfter = num(tx, 'CancelAfter');
    if (finishAfter === undefined && cancelAfter === undefined) return 'temBAD_EXPIRATION';
    if (finishAfter !== undefined && cancelAfter !== undefined && cancelAfter <= finishAfter)
      return 'temBAD_EXPIRATION';
    // fix1571: without FinishAfter an escrow needs a condition, or it could be finished at once.
    const condition = str(tx, 'Condition');
    if (finishAfter === undefined && condition === undefined) return 'temMALFORMED';
    if (condition !== undefined && !parseCondition(condition)) return 'temMALFORMED';
    return undefined;
  },

  preclaim(view, c) {
    const amount = parseAmount(c.tx.Amount)!;
    const destination = str(c.tx, 'Destination')!;
    if (!view.account(destination)) return 'tecNO_DST';
    if (amount.kind === 'xrp') return undefined;

    // rippled's escrowCreatePreclaimHelper<Issue>.
    if (amount.issuer === c.account) return 'tecNO_PERMISSION';
    const issuer = view.account(amount.issuer);
    if (!issuer) return 'tecNO_ISSUER';
    if (!(flagsOf(issuer) & ACCOUNT_FLAGS.lsfAllowTrustLineLocking)) return 'tecNO_PERMISSION';
    const line = readLine(view, c.account, amount.issuer, amount.currency);
    if (!line) return 'tecNO_LINE';
    const spendable = line.balance;
    if (spendable.signum() <= 0 || spendable.lt(amount.value)) return 'tecINSUFFICIENT_FUNDS';
    return undefined;
  },

  doApply(view, c) {
    const now = c.apply.parentCloseTime;
    const finishAfter = num(c.tx, 'FinishAfter');
    const cancelAfter = num(c.tx, 'CancelAfter');
    // fix1571: times already passed are refused.
    if (cancelAfter !== undefined && now > cancelAfter) return 'tecNO_PERMISSION';
    if (finishAfter !== undefined && now > finishAfter) return 'tecNO_PERMISSION';

    const root = view.account(c.account)!;
    const amount = parseAmount(c.tx.Amount)!;
    const reserve = accountReserve(c.rules, ownerCountOf(root) + 1);
    if (c.sourceBalance < reserve) return 'tecINSUFFICIENT_RESERVE';
    if (amount.kind === 'xrp' && c.sourceBalance < reserve + amount.drops) return 'tecUNFUNDED';

    const destination = str(c.tx, 'Destination')!;
    const dest = view.account(destination);
    if (!dest) return 'tecNO_DST';
    if (flagsOf(dest) & ACCOUNT_FLAGS.lsfRequireDestTag && c.tx.DestinationTag === undefined)
      return 'tecDST_TAG_NEEDED';

    const sequence = c.tx.Sequence as number;
    const escrow: LedgerEntry = {
      LedgerEntryType: 'Escrow',
      index: hashes.hashEscrow(c.account, sequence),
      Account: c.account,
      Amount: amountJson(amount),
      Destination: destination,
      Flags: 0,
      OwnerNode: '0',
      PreviousTxnID: ZERO_HASH,
      PreviousTxnLgrSeq: 0,
    };
    for (const field of ['Condition', 'CancelAfter', 'FinishAfter', 'SourceTag', 'DestinationTag']) {
      if (c.tx[field] !== undefined) escrow[field] = c.tx[field];
    }
    if (destination !== c.account) escrow.DestinationNode = '0';
    if (amount.kind === 'iou' && amount.issuer !== destination) escrow.IssuerNode = '0';
    view.write(escrow);

    if (amount.kind === 'xrp') addDrops(view, c.account, -amount.drops);
    else lockTokens(view, c.account, amount);
    adjustOwnerCount(view, c.account, 1);
    return 'tesSUCCESS';
  },
};
