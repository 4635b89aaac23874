import { hashes, isValidClassicAddress } from 'xrpl';
import { accountReserve, addDrops, balanceOf, flagsOf, ownerCountOf } from './accounts';
import { type IouAmount, amountJson, isBadCurrency, parseAmount } from './amounts';
import { ACCOUNT_FLAGS, TF_PAYMENT, hasFlag } from './flags';
import { ZERO_HASH } from './ledger-state';
import { type ResultCode } from './result-codes';
import { type Sandbox } from './sandbox';
import { type Transactor, type TxContext, str } from './transactor';
import { type LineSide, readLine, rippleCredit, sendCapacity } from './trust-lines';

/**
 * Payment: XRP directly, issued currency over the default path only (one line between issuer and holder, or two
 * lines through the issuer between holders). No Paths, no cross-currency, no order books, no transfer fees.
 */
export const payment: Transactor = {
  allowedFlags: TF_PAYMENT.tfNoRippleDirect | TF_PAYMENT.tfPartialPayment | TF_PAYMENT.tfLimitQuality,

  preflight(tx) {
    const amount = parseAmount(tx.Amount);
    if (!amount) return 'temBAD_AMOUNT';
    const destination = str(tx, 'Destination');
    if (!destination) return 'temDST_NEEDED';
    if (!isValidClassicAddress(destination)) return 'temDST_NEEDED';
    const sendMax = tx.SendMax === undefined ? undefined : parseAmount(tx.SendMax);
    if (tx.SendMax !== undefined && !sendMax) return 'temBAD_AMOUNT';
    const partial = hasFlag(tx.Flags, TF_PAYMENT.tfPartialPayment);
    const paths = Array.isArray(tx.Paths) && tx.Paths.length > 0;

    if (amount.kind === 'xrp' ? amount.drops <= 0n : amount.value.signum() <= 0) return 'temBAD_AMOUNT';
    if (sendMax && (sendMax.kind === 'xrp' ? sendMax.drops <= 0n : sendMax.value.signum() <= 0)) return 'temBAD_AMOUNT';
    if (amount.kind === 'iou' && isBadCurrency(amount.currency)) return 'temBAD_CURRENCY';

    const xrpDirect = amount.kind === 'xrp' && (!sendMax || sendMax.kind === 'xrp');
    if (xrpDirect) {
      if (sendMax) return 'temBAD_SEND_XRP_MAX';
      if (paths) return 'temBAD_SEND_XRP_PATHS';
      if (partial) return 'temBAD_SEND_XRP_PARTIAL';
      if (hasFlag(tx.Flags, TF_PAYMENT.tfLimitQuality)) return 'temBAD_SEND_XRP_LIMIT';
      if (hasFlag(tx.Flags, TF_PAYMENT.tfNoRippleDirect)) return 'temBAD_SEND_XRP_NO_DIRECT';
    }
    if (destination === tx.Account && !paths && (!sendMax || sameAsset(amount, sendMax))) return 'temREDUNDANT';
    // tfNoRippleDirect forbids the default path, so without explicit paths nothing could move.
    if (!xrpDirect && !paths && hasFlag(tx.Flags, TF_PAYMENT.tfNoRippleDirect)) return 'temRIPPLE_EMPTY';
    // Deliberately unsupported: path finding and cross-currency payments (see docs/ledger-stand-in.md).
    if (paths) return 'temDISABLED';
    if (sendMax && !sameAsset(amount, sendMax)) return 'temDISABLED';

    if (tx.DeliverMin !== undefined) {
      const deliverMin = parseAmount(tx.DeliverMin);
      if (!partial || !deliverMin || !sameAsset(amount, deliverMin)) return 'temBAD_AMOUNT';
      if (deliverMin.kind === 'xrp' || deliverMin.value.signum() <= 0) return 'temBAD_AMOUNT';
      if (amount.kind === 'iou' && deliverMin.value.gt(amount.value)) return 'temBAD_AMOUNT';
    }
    return undefined;
  },

  preclaim(view, c) {
    const amount = parseAmount(c.tx.Amount)!;
    const destination = str(c.tx, 'Destination')!;
    const dest = view.account(destination);
    if (!dest) {
      if (amount.kind !== 'xrp') return 'tecNO_DST';
      if (hasFlag(c.tx.Flags, TF_PAYMENT.tfPartialPayment)) return 'telNO_DST_PARTIAL';
      if (amount.drops < BigInt(c.rules.reserveBaseDrops)) return 'tecNO_DST_INSUF_XRP';
      return undefined;
    }
    if (flagsOf(dest) & ACCOUNT_FLAGS.lsfRequireDestTag && c.tx.DestinationTag === undefined)
      return 'tecDST_TAG_NEEDED';
    return undefined;
  },

  doApply(view, c) {
    const amount = parseAmount(c.tx.Amount)!;
    const destination = str(c.tx, 'Destination')!;
    if (amount.kind === 'xrp') return payXrp(view, c, destination, amount.drops);
    return payIssued(view, c, destination, amount);
  },
};

function sameAsset(a: ReturnType<typeof parseAmount>, b: ReturnType<typeof parseAmount>): boolean {
  if (!a || !b || a.kind !== b.kind) return false;
  return a.kind === 'xrp' || (b.kind === 'iou' && a.currency === b.currency && a.issuer === b.issuer);
}

function payXrp(view: Sandbox, c: TxContext, destination: string, drops: bigint): ResultCode {
  const source = view.account(c.account)!;
  // rippled: the sender must keep its reserve, or at least the fee, on top of what it sends.
  const reserve = accountReserve(c.rules, ownerCountOf(source));
  const keep = reserve > c.fee ? reserve : c.fee;
  if (c.priorBalance < drops + keep) return 'tecUNFUNDED_PAYMENT';

  if (!view.account(destination)) {
    // New accounts start at the current ledger's sequence (DeletableAccounts amendment).
    view.write({
      LedgerEntryType: 'AccountRoot',
      index: hashes.hashAccountRoot(destination),
      Account: destination,
      Balance: '0',
      Flags: 0,
      OwnerCount: 0,
      PreviousTxnID: ZERO_HASH,
      PreviousTxnLgrSeq: 0,
      Sequence: c.apply.openLedgerIndex,
    });
  }
  view.update(source, { Balance: (balanceOf(view.account(c.account)!) - drops).toString() });
  addDrops(view, destination, drops);
  c.delivered = drops.toString();
  return 'tesSUCCESS';
}

/**
 * The default path for an issued currency: source -> destination directly when either is the issuer, otherwise
 * source -> issuer -> destination, rippling through the issuer (blocked when the issuer's side of both lines has
 * NoRipple, i.e. the issuer lacked DefaultRipple when the lines were made).
 */
function payIssued(view: Sandbox, c: TxContext, destination: string, amount: IouAmount): ResultCode {
  const { currency, issuer } = amount;
  const partial = hasFlag(c.tx.Flags, TF_PAYMENT.tfPartialPayment);
  const hops: [string, string][] =
    c.account === issuer || destination === issuer
      ? [[c.account, destination]]
      : [
          [c.account, issuer],
          [issuer, destination],
        ];

  const sides: LineSide[] = [];
  for (const [from, to] of hops) {
    const side = readLine(view, from, to, currency);
    if (!side) return 'tecPATH_DRY';
    sides.push(side);
  }
  if (sides.length === 2) {
    const [inbound, outbound] = [readLine(view, issuer, c.account, currency)!, sides[1]!];
    const blocked = flagsOf(inbound.entry) & inbound.noRippleFlag && flagsOf(outbound.entry) & outbound.noRippleFlag;
    if (blocked) return 'tecPATH_DRY';
  }

  let deliver = amount.value;
  for (const side of sides) deliver = deliver.min(sendCapacity(side));
  const sendMax = c.tx.SendMax === undefined ? undefined : parseAmount(c.tx.SendMax);
  if (sendMax?.kind === 'iou') deliver = deliver.min(sendMax.value);

  if (deliver.signum() <= 0) return 'tecPATH_DRY';
  if (deliver.lt(amount.value)) {
    if (!partial) return 'tecPATH_PARTIAL';
    const deliverMin = c.tx.DeliverMin === undefined ? undefined : parseAmount(c.tx.DeliverMin);
    if (deliverMin?.kind === 'iou' && deliver.lt(deliverMin.value)) return 'tecPATH_PARTIAL';
  }

  for (const [from, to] of hops) rippleCredit(view, from, to, currency, deliver);
  c.delivered = amountJson({ kind: 'iou', currency, issuer, value: deliver });
  // rippled records DeliveredAmount only when less than Amount arrived.
  c.partial = deliver.lt(amount.value);
  return 'tesSUCCESS';
}
