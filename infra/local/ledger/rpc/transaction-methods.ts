import { txEntry } from './account-methods';
import { type MethodHandler } from './context';
import { RpcError, type RpcErrorToken, invalidParams } from './errors';

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
    accepted: result.applied,
    account_sequence_available: next,
    account_sequence_next: next,
    applied: result.applied,
    broadcast: result.applied,
    engine_result: result.engine_result,
    engine_result_code: result.engine_result_code,
    engine_result_message: result.engine_result_message,
    kept: result.applied,
    open_ledger_cost: String(chain.rules.baseFeeDrops),
    queued: false,
    tx_blob: blob.toUpperCase(),
    tx_json: result.tx_json,
    validated_ledger_index: chain.lastClosed.ledger_index,
  };
};

export const tx: MethodHandler = ({ chain, params }) => {
  const hash = params.transaction ?? params.tx_hash;
  if (typeof hash !== 'string' || !/^[0-9A-Fa-f]{64}$/.test(hash)) throw invalidParams('Transaction hash malformed.');
  const { record, pending } = chain.transaction(hash);
  if (record) return txEntry(record);
  if (pending) {
    const { hash: txHash, ...txJson } = pending.tx_json;
    return { hash: txHash, tx_json: txJson, validated: false };
  }
  throw new RpcError('txnNotFound');
};
