import { rippleTimeToIso, type TxRecord } from '../chain';
import { RESULT_CODES, type ResultCode, type TxMeta } from '../engine';
import { type ApiVersion } from './api-version';

/**
 * A transaction's JSON the way rippled renders it per API version. `fields` is the decoded transaction without
 * `hash` (STTx::getJson with disable_API_prior_V2); version 1 puts `hash` back in (STTx::getJson drops it only for 2).
 */
export function txFields(fields: Record<string, unknown>, hash: string, v: ApiVersion): Record<string, unknown> {
  const json: Record<string, unknown> = v > 1 ? { ...fields } : { ...fields, hash };
  return withDeliverMax(json, v);
}

/**
 * RPC::insertDeliverMax (src/xrpld/app/misc/detail/DeliverMax.cpp): a Payment's `Amount` is copied to `DeliverMax`;
 * from API version 2 on, `Amount` is removed, so clients read the maximum only under its new name.
 */
export function withDeliverMax(json: Record<string, unknown>, v: ApiVersion): Record<string, unknown> {
  if (json.TransactionType !== 'Payment' || json.Amount === undefined) return json;
  const { Amount, ...rest } = json;
  return v > 1 ? { ...rest, DeliverMax: Amount } : { ...rest, Amount, DeliverMax: Amount };
}

/**
 * RPC::encodeCTID (src/xrpld/rpc/CTID.h): "C" + 28 bits of ledger index, 16 of transaction index, 16 of network id,
 * 16 uppercase hex digits; none when a part does not fit (Tx.cpp also skips network id 0xFFFF).
 */
export function encodeCtid(ledgerIndex: number, txIndex: number, networkId: number): string | undefined {
  if (ledgerIndex >= 0x0fff_ffff || txIndex > 0xffff || networkId >= 0xffff) return undefined;
  const value = ((0xc000_0000n + BigInt(ledgerIndex)) << 32n) | (BigInt(txIndex) << 16n) | BigInt(networkId);
  return value.toString(16).toUpperCase().padStart(16, '0');
}

/** Metadata as `tx`, `account_tx`, `ledger` and the streams give it: with `delivered_amount` (insertDeliveredAmount). */
export function metaJson(meta: TxMeta): Record<string, unknown> {
  return { ...meta };
}

/** Metadata as `transaction_entry` gives it: the stored object only, rippled adds no `delivered_amount` there. */
export function storedMeta(meta: TxMeta): Record<string, unknown> {
  const { delivered_amount: _synthetic, ...stored } = meta;
  return stored;
}

/** What the ledger a transaction was validated in adds: Transaction::getJson with include_date. */
function inLedgerFields(record: TxRecord, v: ApiVersion): Record<string, unknown> {
  return v > 1
    ? { ledger_index: record.ledger_index, date: record.close_time }
    : { inLedger: record.ledger_index, ledger_index: record.ledger_index, date: record.close_time };
}

/** The ctid of a validated transaction; `ownNetwork` is the transaction's NetworkID when it carries one. */
function ctidOf(record: TxRecord, networkId: number, ownNetwork = false): string | undefined {
  const txNetwork = record.tx_json.NetworkID;
  const network = ownNetwork && typeof txNetwork === 'number' ? txNetwork : networkId;
  return encodeCtid(record.ledger_index, record.meta.TransactionIndex, network);
}

/** `tx` for a validated transaction (populateJsonResponse in src/xrpld/rpc/handlers/Tx.cpp). */
export function txResult(record: TxRecord, v: ApiVersion, networkId: number): Record<string, unknown> {
  const ctid = ctidOf(record, networkId);
  const txCtid = ctidOf(record, networkId, true);
  const inLedger = { ...inLedgerFields(record, v), ...(txCtid ? { ctid: txCtid } : {}) };
  if (v > 1) {
    return {
      tx_json: { ...txFields(record.tx_json, record.hash, v), ...inLedger },
      ledger_hash: record.ledger_hash,
      hash: record.hash,
      ledger_index: record.ledger_index,
      close_time_iso: rippleTimeToIso(record.close_time),
      meta: metaJson(record.meta),
      validated: true,
      ...(ctid ? { ctid } : {}),
    };
  }
  return {
    ...txFields(record.tx_json, record.hash, v),
    ...inLedger,
    meta: metaJson(record.meta),
    validated: true,
    ...(ctid ? { ctid } : {}),
  };
}

/** `tx` for a transaction still in the open ledger: no ledger, no metadata yet. */
export function pendingTxResult(fields: Record<string, unknown>, hash: string, v: ApiVersion): Record<string, unknown> {
  return v > 1
    ? { tx_json: txFields(fields, hash, v), hash, validated: false }
    : { ...txFields(fields, hash, v), validated: false };
}

/** One `account_tx` entry (populateJsonResponse in src/xrpld/rpc/handlers/AccountTx.cpp). */
export function accountTxEntry(record: TxRecord, v: ApiVersion): Record<string, unknown> {
  const tx = { ...txFields(record.tx_json, record.hash, v), ...inLedgerFields(record, v) };
  if (v > 1) {
    return {
      validated: true,
      tx_json: tx,
      hash: record.hash,
      ledger_index: record.ledger_index,
      ledger_hash: record.ledger_hash,
      close_time_iso: rippleTimeToIso(record.close_time),
      meta: metaJson(record.meta),
    };
  }
  return { validated: true, tx, meta: metaJson(record.meta) };
}

/** One expanded transaction of `ledger` (fillJsonTx in src/xrpld/app/ledger/detail/LedgerToJson.cpp). */
export function ledgerTxEntry(record: TxRecord, v: ApiVersion): Record<string, unknown> {
  if (v > 1) {
    return {
      tx_json: txFields(record.tx_json, record.hash, v),
      hash: record.hash,
      meta: metaJson(record.meta),
      ledger_hash: record.ledger_hash,
      validated: true,
      ledger_index: record.ledger_index,
      close_time_iso: rippleTimeToIso(record.close_time),
    };
  }
  return { ...txFields(record.tx_json, record.hash, v), metaData: metaJson(record.meta) };
}

/** An expanded transaction of the open ledger: not closed, so no ledger hash, and not validated. */
export function openLedgerTxEntry(
  fields: Record<string, unknown>,
  hash: string,
  meta: TxMeta | undefined,
  v: ApiVersion,
): Record<string, unknown> {
  const metaPart = meta ? { [v > 1 ? 'meta' : 'metaData']: metaJson(meta) } : {};
  return v > 1
    ? { tx_json: txFields(fields, hash, v), hash, ...metaPart, validated: false }
    : { ...txFields(fields, hash, v), ...metaPart };
}

/** `transaction_entry`'s transaction part (doTransactionEntry in src/xrpld/rpc/handlers/TransactionEntry.cpp). */
export function transactionEntryFields(record: TxRecord, v: ApiVersion): Record<string, unknown> {
  if (v > 1) {
    return {
      tx_json: txFields(record.tx_json, record.hash, v),
      hash: record.hash,
      ledger_hash: record.ledger_hash,
      validated: true,
      ledger_index: record.ledger_index,
      close_time_iso: rippleTimeToIso(record.close_time),
      meta: storedMeta(record.meta),
    };
  }
  return { tx_json: txFields(record.tx_json, record.hash, v), metadata: storedMeta(record.meta) };
}

/** A `transaction` stream message for a validated transaction (NetworkOPsImp::transJson). */
export function streamTransaction(record: TxRecord, v: ApiVersion, networkId: number): Record<string, unknown> {
  const code = record.meta.TransactionResult as ResultCode;
  const ctid = ctidOf(record, networkId, true);
  const tx = { ...txFields(record.tx_json, record.hash, v), date: record.close_time };
  return {
    type: 'transaction',
    ...(v > 1 ? { tx_json: tx, hash: record.hash } : { transaction: tx }),
    meta: metaJson(record.meta),
    ...(ctid ? { ctid } : {}),
    ledger_hash: record.ledger_hash,
    ledger_index: record.ledger_index,
    validated: true,
    close_time_iso: rippleTimeToIso(record.close_time),
    status: 'closed',
    engine_result: code,
    engine_result_code: RESULT_CODES[code]?.code,
    engine_result_message: RESULT_CODES[code]?.message,
  };
}
