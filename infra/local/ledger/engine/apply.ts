import { createHash } from 'node:crypto';
import { decode, deriveAddress, isValidClassicAddress } from 'xrpl';
import { type ApplyContext, type ApplyResult, type TxMeta } from './api';
import { balanceOf, flagsOf } from './accounts';
import { MAX_DROPS } from './amounts';
import { ACCOUNT_FLAGS, onlyFlags } from './flags';
import { type LedgerState } from './ledger-state';
import { RESULT_CODES, type ResultCode } from './result-codes';
import { Sandbox } from './sandbox';
import { signatureIsValid } from './signature';
import { type Transactor, type Tx, type TxContext } from './transactor';
import { TRANSACTORS } from './transactors';
import { disabledAmendmentField, formatError, networkIdResult } from './tx-format';

/** rippled's HashPrefix::transactionID ("TXN\0"). */
const TXN_PREFIX = Buffer.from('54584E00', 'hex');

function txHashOf(blob: Buffer): string {
  const digest = createHash('sha512').update(TXN_PREFIX).update(blob).digest();
  return digest.subarray(0, 32).toString('hex').toUpperCase();
}

function result(
  code: ResultCode,
  txJson: Record<string, unknown>,
  hash: string,
  extra: Partial<ApplyResult> = {},
): ApplyResult {
  const { code: number, message } = RESULT_CODES[code];
  return {
    engine_result: code,
    engine_result_code: number,
    engine_result_message: message,
    applied: false,
    tx_json: txJson,
    hash,
    ...extra,
  };
}

/**
 * Applies one signed transaction blob to `state`, like rippled's submit into the open ledger: rejects what
 * rippled rejects before the engine (rpc_error), runs preflight / preclaim / doApply, and for tes and tec writes
 * the changes (tec: only the fee and the sequence) and returns the metadata. tem / tef / ter / tel change nothing.
 */
export function applyTransaction(state: LedgerState, txBlob: string, ctx: ApplyContext): ApplyResult {
  if (typeof txBlob !== 'string' || !/^([0-9A-Fa-f]{2})+$/.test(txBlob)) {
    return result('temMALFORMED', {}, '', {
      rpc_error: { error: 'invalidParams', error_message: 'Invalid parameters.' },
    });
  }
  const blob = Buffer.from(txBlob, 'hex');
  const hash = txHashOf(blob);
  let tx: Tx;
  try {
    tx = decode(txBlob.toUpperCase()) as Tx;
  } catch (error) {
    return result('temMALFORMED', {}, hash, {
      rpc_error: { error: 'invalidTransaction', error_exception: (error as Error).message },
    });
  }
  const txJson = { ...tx, hash };

  // rippled builds an STTx from the blob first: fields outside the type's format never reach the engine.
  const badFormat = formatError(tx);
  if (badFormat) {
    return result('temMALFORMED', txJson, hash, {
      rpc_error: { error: 'invalidTransaction', error_exception: badFormat },
    });
  }

  const refused = checkSignature(tx, txBlob);
  if (refused) {
    return result('temBAD_SIGNATURE', txJson, hash, {
      rpc_error: { error: 'invalidTransaction', error_exception: `fails local checks: ${refused}` },
    });
  }

  const transactor = TRANSACTORS[tx.TransactionType];
  if (!transactor) return result('temUNKNOWN', txJson, hash);

  const preflight = guarded(
    () =>
      disabledAmendmentField(tx) ??
      networkIdResult(tx, ctx.networkId ?? 0) ??
      commonPreflight(tx, transactor) ??
      transactor.preflight?.(tx),
  );
  if (preflight) return result(preflight, txJson, hash);

  const view = new Sandbox(state);
  const root = view.account(tx.Account);
  if (!root) return result('terNO_ACCOUNT', txJson, hash);
  const fee = BigInt(tx.Fee as string);
  const priorBalance = balanceOf(root);
  const c: TxContext = {
    tx,
    account: tx.Account,
    txHash: hash,
    apply: ctx,
    rules: ctx.rules,
    signedWithMaster: Boolean(tx.SigningPubKey) && deriveAddress(tx.SigningPubKey as string) === tx.Account,
    fee,
    priorBalance,
    sourceBalance: priorBalance - fee,
  };

  const preclaim = guarded(() => commonPreclaim(view, c, transactor) ?? transactor.preclaim?.(view, c));
  if (preclaim && !preclaim.startsWith('tec')) return result(preclaim, txJson, hash);

  let code: ResultCode = preclaim ?? 'tesSUCCESS';
  let applyView = view;
  if (!preclaim) {
    chargeFeeAndSequence(view, c);
    code = guarded(() => transactor.doApply(view, c)) ?? 'tesSUCCESS';
  }
  if (code.startsWith('tec')) {
    // Like rippled's reset(): drop the transaction's own changes and only claim the fee and the sequence.
    applyView = new Sandbox(state);
    chargeFeeAndSequence(applyView, c);
  } else if (code !== 'tesSUCCESS') {
    return result(code, txJson, hash);
  }

  const meta: TxMeta = {
    TransactionIndex: ctx.transactionIndex,
    TransactionResult: code,
    AffectedNodes: applyView.commit(hash, ctx.openLedgerIndex),
  };
  if (code === 'tesSUCCESS' && c.delivered !== undefined) {
    meta.delivered_amount = c.delivered;
    if (c.partial) meta.DeliveredAmount = c.delivered;
  }
  return result(code, txJson, hash, { applied: true, meta });
}

/** rippled turns an exception inside a transactor (say, a token amount overflowing) into tefEXCEPTION. */
function guarded(step: () => ResultCode | undefined): ResultCode | undefined {
  try {
    return step();
  } catch {
    return 'tefEXCEPTION';
  }
}

/** What rippled's checkValidity refuses before the engine; the text follows "fails local checks: ". */
function checkSignature(tx: Tx, txBlob: string): string | undefined {
  if (Array.isArray(tx.Signers) && tx.Signers.length > 0) return undefined; // multi-signed: see commonPreclaim
  if (typeof tx.SigningPubKey !== 'string' || tx.SigningPubKey === '') return 'Empty SigningPubKey.';
  if (typeof tx.TxnSignature !== 'string' || tx.TxnSignature === '') return 'Invalid signature.';
  return signatureIsValid(tx, txBlob) ? undefined : 'Invalid signature.';
}

function commonPreflight(tx: Tx, transactor: Transactor): ResultCode | undefined {
  if (typeof tx.Account !== 'string' || !isValidClassicAddress(tx.Account)) return 'temBAD_SRC_ACCOUNT';
  const fee = tx.Fee;
  if (typeof fee !== 'string' || !/^\d+$/.test(fee) || BigInt(fee) > MAX_DROPS) return 'temBAD_FEE';
  if (typeof tx.Sequence !== 'number') return 'temMALFORMED';
  if (tx.TicketSequence !== undefined && tx.Sequence !== 0) return 'temSEQ_AND_TICKET';
  if (!onlyFlags(tx.Flags, transactor.allowedFlags)) return 'temINVALID_FLAG';
  return undefined;
}

function commonPreclaim(view: Sandbox, c: TxContext, transactor: Transactor): ResultCode | undefined {
  const { tx } = c;
  const root = view.account(c.account)!;
  // Tickets are not supported, so no ticket can exist in this ledger.
  if (tx.TicketSequence !== undefined) return 'tefNO_TICKET';
  const accountSeq = Number(root.Sequence);
  const seq = tx.Sequence as number;
  if (seq < accountSeq) return 'tefPAST_SEQ';
  if (seq > accountSeq) return 'terPRE_SEQ';
  const lls = tx.LastLedgerSequence;
  if (typeof lls === 'number' && lls < c.apply.openLedgerIndex) return 'tefMAX_LEDGER';

  const required = transactor.minimumFee?.(tx, c.rules) ?? BigInt(c.rules.baseFeeDrops);
  if (c.fee < required) return 'telINSUF_FEE_P';
  if (c.priorBalance < c.fee) return 'terINSUF_FEE_B';

  // Signer lists are not supported, so no account can be multi-signed for.
  if (Array.isArray(tx.Signers) && tx.Signers.length > 0) return 'tefNOT_MULTI_SIGNING';
  const signer = deriveAddress(tx.SigningPubKey as string);
  if (root.RegularKey === signer) return undefined;
  const masterDisabled = (flagsOf(root) & ACCOUNT_FLAGS.lsfDisableMaster) !== 0;
  if (signer === c.account) return masterDisabled ? 'tefMASTER_DISABLED' : undefined;
  return 'tefBAD_AUTH';
}

function chargeFeeAndSequence(view: Sandbox, c: TxContext): void {
  const root = view.account(c.account)!;
  view.update(root, {
    Balance: (balanceOf(root) - c.fee).toString(),
    Sequence: Number(root.Sequence) + 1,
  });
}
