import { accountFlags, accountLine } from '../engine';
import { type MethodHandler } from './context';
import { RpcError, invalidParams } from './errors';
import { ledgerFields, selectLedger, stateOf } from './ledger-selector';
import { optionalString, page, pageLimit, requiredAccount } from './params';
import { accountTxEntry } from './tx-json';

export const accountInfo: MethodHandler = ({ chain, params }) => {
  const account = requiredAccount(params);
  const selected = selectLedger(chain, params);
  const root = stateOf(selected).accountRoot(account);
  if (!root) throw new RpcError('actNotFound', 'Account not found.', { account });
  const result: Record<string, unknown> = {
    account_data: { ...root },
    account_flags: accountFlags(root),
    ...ledgerFields(selected),
  };
  if (params.signer_lists === true) result.signer_lists = [];
  return result;
};

export const accountLines: MethodHandler = ({ chain, params }) => {
  const account = requiredAccount(params);
  const peer = params.peer === undefined ? undefined : requiredAccount(params, 'peer');
  const limit = pageLimit(params, 200, 10, 400);
  const selected = selectLedger(chain, params);
  const state = stateOf(selected);
  if (!state.accountRoot(account)) throw new RpcError('actNotFound', 'Account not found.', { account });
  const lines = state
    .trustLines(account)
    .map((entry) => ({ entry, line: accountLine(entry, account) }))
    .filter(({ line }) => peer === undefined || line.account === peer);
  const paged = page(lines, ({ entry }) => entry.index, limit, optionalString(params, 'marker'));
  return {
    account,
    lines: paged.items.map(({ line }) => line),
    ...ledgerFields(selected),
    ...(params.limit !== undefined ? { limit } : {}),
    ...(paged.marker ? { marker: paged.marker } : {}),
  };
};

/** account_objects `type` filter values and the entry types they select. */
const OBJECT_TYPES: Record<string, string> = {
  account: 'AccountRoot',
  escrow: 'Escrow',
  state: 'RippleState',
};

export const accountObjects: MethodHandler = ({ chain, params }) => {
  const account = requiredAccount(params);
  const type = optionalString(params, 'type');
  if (type !== undefined && !(type in OBJECT_TYPES)) throw invalidParams("Invalid field 'type'.");
  const limit = pageLimit(params, 200, 10, 400);
  const selected = selectLedger(chain, params);
  const state = stateOf(selected);
  if (!state.accountRoot(account)) throw new RpcError('actNotFound', 'Account not found.', { account });
  const objects = state
    .directoryObjects(account)
    .filter((entry) => type === undefined || entry.LedgerEntryType === OBJECT_TYPES[type]);
  const paged = page(objects, (entry) => entry.index, limit, optionalString(params, 'marker'));
  return {
    account,
    account_objects: paged.items,
    ...ledgerFields(selected),
    ...(params.limit !== undefined ? { limit } : {}),
    ...(paged.marker ? { marker: paged.marker } : {}),
  };
};

type TxMarker = { ledger: number; seq: number };

function isMarker(value: unknown): value is TxMarker {
  const m = value as TxMarker | null;
  return typeof m === 'object' && m !== null && Number.isInteger(m.ledger) && Number.isInteger(m.seq);
}

/** doAccountTxJson (src/xrpld/rpc/handlers/AccountTx.cpp); entries are shaped per API version (tx-json.ts). */
export const accountTx: MethodHandler = ({ chain, params, apiVersion: v }) => {
  const account = requiredAccount(params);
  if (params.binary === true) throw new RpcError('notSupported', 'This node does not serve binary transactions.');
  for (const field of ['binary', 'forward']) {
    if (v > 1 && params[field] !== undefined && typeof params[field] !== 'boolean') {
      throw invalidParams(`Invalid field '${field}'.`);
    }
  }
  const first = chain.firstKnown;
  const last = chain.lastClosed.ledger_index;
  const bound = (field: string, fallback: number) => {
    const value = params[field];
    if (value === undefined || value === -1) return fallback;
    if (typeof value !== 'number' || !Number.isInteger(value)) throw invalidParams(`Invalid field '${field}'.`);
    return value;
  };
  let min = bound('ledger_index_min', first);
  let max = bound('ledger_index_max', last);
  if (params.ledger_index !== undefined || params.ledger_hash !== undefined) {
    const selected = selectLedger(chain, params);
    if (selected.open) throw invalidParams('ledgerIndexMalformed');
    min = max = selected.index;
  }
  if (min > max) throw new RpcError('invalidParams', 'lgrIdxsInvalid');
  const limit = pageLimit(params, 200, 10, 400);
  const forward = params.forward === true;
  const inRange = chain.accountTransactions(account).filter((r) => r.ledger_index >= min && r.ledger_index <= max);
  const ordered = forward ? inRange : [...inRange].reverse();
  let start = 0;
  if (params.marker !== undefined) {
    if (!isMarker(params.marker)) throw invalidParams("Invalid field 'marker'.");
    const { ledger, seq } = params.marker;
    start = ordered.findIndex((r) => r.ledger_index === ledger && r.meta.TransactionIndex === seq);
    if (start < 0) throw invalidParams("Invalid field 'marker'.");
  }
  const slice = ordered.slice(start, start + limit);
  const next = ordered[start + limit];
  return {
    account,
    ledger_index_min: min,
    ledger_index_max: max,
    limit,
    transactions: slice.map((record) => accountTxEntry(record, v)),
    validated: true,
    ...(next ? { marker: { ledger: next.ledger_index, seq: next.meta.TransactionIndex } } : {}),
  };
};
