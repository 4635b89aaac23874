import { effectiveNetworkId, type MethodHandler } from './context';
import { RpcError, type RpcErrorToken, invalidParams } from './errors';
import { feeMetrics, openLedgerFeeDrops } from './fee-metrics';
import { ledgerFields, selectLedger } from './ledger-selector';
import { pendingTxResult, transactionEntryFields, txResult } from './tx-json';

/**
 * doSubmit (src/xrpld/rpc/handlers/Submit.cpp): `tx_json` is Transaction::getJson(JsonOptions::none), the submitted
 * fields as they are with `hash`, for every API version (no DeliverMax here).
 */
export const submit: MethodHandler = ({ chain, params }) => {
  const blob = params.tx_blob;
  if (blob === undefined) {
    // Sign-and-submit (tx_json + secret) would send secrets to the server; this node, like public servers, refuses it.
    if (params.tx_json !== undefined) throw new RpcError('notSupported', 'Signing is not supported by this server.');
    throw invalidParams("Missing field 'tx_blob'.");
  }
  if (typeof blob !== 'string') throw invalidParams("Invalid field 'tx_blob', not string.");
  const result = chain.submit(blob);
  if (result.rpc_error) {
    const { error, error_message, error_exception } = result.rpc_error;
    throw new RpcError(
      error as RpcErrorToken,
      error_message ?? error_exception,
      error_exception ? { error_exception } : {},
    );
  }
  const root = chain.openLedgerState().accountRoot(String(result.tx_json.Account));
  const next = root ? Number(root.Sequence) : undefined;
  return {
    tx_json: result.tx_json,
    tx_blob: blob.toUpperCase(),
    engine_result: result.engine_result,
    engine_result_code: result.engine_result_code,
    engine_result_message: result.engine_result_message,
    accepted: result.applied,
    applied: result.applied,
    broadcast: result.applied,
    queued: false,
    kept: result.applied,
    account_sequence_next: next,
    account_sequence_available: next,
    open_ledger_cost: String(openLedgerFeeDrops(feeMetrics(chain), chain.rules.baseFeeDrops)),
    validated_ledger_index: chain.lastClosed.ledger_index,
  };
};

/** doTxJson (src/xrpld/rpc/handlers/Tx.cpp). */
export const tx: MethodHandler = ({ chain, params, apiVersion: v, node }) => {
  if (params.binary === true) throw new RpcError('notSupported', 'This node does not serve binary transactions.');
  const hash = params.transaction;
  if (hash === undefined) throw new RpcError('invalidParams');
  // rippled answers notImpl for a `transaction` that is not a 256-bit hex hash.
  if (typeof hash !== 'string' || !/^[0-9A-Fa-f]{64}$/.test(hash)) throw new RpcError('notImpl');
  const { record, pending } = chain.transaction(hash);
  if (record) return txResult(record, v, effectiveNetworkId(node));
  if (pending) {
    const { hash: txHash, ...fields } = pending.tx_json;
    return pendingTxResult(fields, String(txHash), v);
  }
  throw new RpcError('txnNotFound');
};

/**
 * doTransactionEntry (src/xrpld/rpc/handlers/TransactionEntry.cpp): a transaction by hash from the ledger the
 * request names (the current, open ledger when it names none, which rippled does not serve: notYetImplemented).
 * Its errors are bare `error` tokens next to lookupLedger's fields.
 */
export const transactionEntry: MethodHandler = ({ chain, params, apiVersion: v }) => {
  const selected = selectLedger(chain, params);
  const lookup = ledgerFields(selected);
  if (params.tx_hash === undefined) throw RpcError.bare('fieldNotFoundTransaction', lookup);
  if (selected.open) throw RpcError.bare('notYetImplemented', lookup);
  const hash = params.tx_hash;
  if (typeof hash !== 'string' || !/^[0-9A-Fa-f]{64}$/.test(hash)) {
    throw RpcError.bare('malformedRequest', lookup);
  }
  const record = chain.ledgerTransactions(selected.header).find((candidate) => candidate.hash === hash.toUpperCase());
  if (!record) throw RpcError.bare('transactionNotFound', lookup);
  return { ...lookup, ...transactionEntryFields(record, v) };
};
