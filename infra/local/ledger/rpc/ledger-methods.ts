import { encode, hashes } from 'xrpl';
import { rippleTimeToIso, type Chain, type LedgerHeader } from '../chain';
import { type ApiVersion } from './api-version';
import { type MethodHandler } from './context';
import { RpcError, invalidParams } from './errors';
import { ledgerFields, selectLedger, stateOf } from './ledger-selector';
import { requiredAccount } from './params';
import { rippledTimeString } from './server-info';
import { ledgerTxEntry, openLedgerTxEntry } from './tx-json';

/**
 * rippled reports 10 s once its close time resolution has settled in standalone; this node does not round close
 * times to it (each close is max(parent + 1, now)), see docs/ledger-stand-in.md.
 */
const CLOSE_TIME_RESOLUTION = 10;

/** fillJson (src/xrpld/app/ledger/detail/LedgerToJson.cpp): API version 1 gives the ledger index as a string. */
function indexValue(index: number, v: ApiVersion): number | string {
  return v > 1 ? index : String(index);
}

function closedHeaderJson(header: LedgerHeader, v: ApiVersion): Record<string, unknown> {
  return {
    parent_hash: header.parent_hash,
    ledger_index: indexValue(header.ledger_index, v),
    closed: true,
    ledger_hash: header.ledger_hash,
    transaction_hash: header.transaction_hash,
    account_hash: header.ledger_hash,
    total_coins: header.total_coins,
    close_flags: 0,
    parent_close_time: header.parent_close_time,
    close_time: header.close_time,
    close_time_resolution: CLOSE_TIME_RESOLUTION,
    close_time_human: rippledTimeString(new Date(rippleTimeToIso(header.close_time)), 9),
    close_time_iso: rippleTimeToIso(header.close_time),
  };
}

/** An open ledger without `full`: only its parent, index and `closed: false`. */
function openHeaderJson(chain: Chain, v: ApiVersion): Record<string, unknown> {
  return { parent_hash: chain.lastClosed.ledger_hash, ledger_index: indexValue(chain.openIndex, v), closed: false };
}

/**
 * doLedger (src/xrpld/rpc/handlers/LedgerHandler.h / .cpp). Without `ledger`, `ledger_hash` or `ledger_index` it
 * looks no ledger up and answers the closed and the open ledger's headers side by side.
 */
export const ledger: MethodHandler = ({ chain, params, apiVersion: v }) => {
  if (params.ledger === undefined && params.ledger_hash === undefined && params.ledger_index === undefined) {
    return {
      closed: { ledger: closedHeaderJson(chain.lastClosed, v) },
      open: { ledger: openHeaderJson(chain, v) },
    };
  }
  if (params.binary === true) throw new RpcError('notSupported', 'This node does not serve binary ledgers.');
  const selected = selectLedger(chain, params.ledger_index === undefined ? aliasLedger(params) : params);
  const withTxs = params.transactions === true;
  const expand = params.expand === true;
  if (selected.open) {
    const ledgerJson = openHeaderJson(chain, v);
    if (withTxs) {
      ledgerJson.transactions = chain
        .openTransactions()
        .map((r) => (expand ? openLedgerTxEntry(withoutHash(r.tx_json), r.hash, r.meta, v) : r.hash));
    }
    return { ledger: ledgerJson, ...ledgerFields(selected) };
  }
  const ledgerJson = closedHeaderJson(selected.header, v);
  if (withTxs) {
    ledgerJson.transactions = expand
      ? chain.ledgerTransactions(selected.header).map((record) => ledgerTxEntry(record, v))
      : [...selected.header.tx_hashes];
  }
  return { ledger: ledgerJson, ...ledgerFields(selected) };
};

/** The deprecated `ledger` field: a 64-digit hash or an index / shortcut. */
function aliasLedger(params: Record<string, unknown>): Record<string, unknown> {
  const legacy = params.ledger;
  if (legacy === undefined) return params;
  if (typeof legacy === 'string' && legacy.length === 64) return { ...params, ledger_hash: legacy };
  return { ...params, ledger_index: legacy };
}

function withoutHash(txJson: Record<string, unknown>): Record<string, unknown> {
  const { hash: _hash, ...rest } = txJson;
  return rest;
}

export const ledgerCurrent: MethodHandler = ({ chain }) => ({ ledger_current_index: chain.openIndex });

export const ledgerClosed: MethodHandler = ({ chain }) => ({
  ledger_hash: chain.lastClosed.ledger_hash,
  ledger_index: chain.lastClosed.ledger_index,
});

export const ledgerAccept: MethodHandler = ({ chain, closeLedger }) => {
  closeLedger();
  return { ledger_current_index: chain.openIndex };
};

/** The ledger_entry selectors this node models, each naming one entry. */
const SELECTORS = ['index', 'account_root', 'escrow', 'ripple_state'] as const;

/** rippled's other ledger_entry selectors (ledger_entries.macro): entry types this node does not model. */
const UNMODELLED_SELECTORS = [
  'amendments',
  'amm',
  'bridge',
  'check',
  'credential',
  'delegate',
  'deposit_preauth',
  'did',
  'directory',
  'fee',
  'hashes',
  'mpt_issuance',
  'mptoken',
  'nft_offer',
  'nft_page',
  'nunl',
  'offer',
  'oracle',
  'payment_channel',
  'permissioned_domain',
  'signer_list',
  'ticket',
  'vault',
  'xchain_owned_claim_id',
  'xchain_owned_create_account_claim_id',
];

/**
 * doLedgerEntry (src/xrpld/rpc/handlers/LedgerEntry.cpp): the entry by `index`, `account_root`, `escrow`
 * ({ owner, seq } or its index) or `ripple_state` ({ accounts, currency } or its index), from the ledger lookupLedger
 * picks, which is the current (open) one when the request names none. `binary: true` gives `node_binary` instead of
 * `node`.
 */
export const ledgerEntry: MethodHandler = ({ chain, params, apiVersion: v }) => {
  const present = SELECTORS.filter((name) => params[name] !== undefined);
  const unmodelled = UNMODELLED_SELECTORS.filter((name) => params[name] !== undefined);
  if (present.length + unmodelled.length > 1) throw invalidParams('Too many fields provided.');
  if (unmodelled[0] !== undefined) {
    throw new RpcError('notSupported', `This node does not model '${unmodelled[0]}' ledger entries.`);
  }
  const selected = selectLedger(chain, params);
  const state = stateOf(selected);
  const selector = present[0];
  if (selector === undefined) {
    if (v < 2) throw new RpcError('unknownOption', undefined, ledgerFields(selected));
    throw invalidParams('No ledger_entry params provided.');
  }
  const index = entryIndex(selector, params[selector]);
  const node = state.get(index);
  if (!node) throw new RpcError('entryNotFound');
  const expected = { account_root: 'AccountRoot', escrow: 'Escrow', ripple_state: 'RippleState', index: undefined };
  const type = expected[selector];
  if (type !== undefined && node.LedgerEntryType !== type) throw new RpcError('unexpectedLedgerType');
  const { index: _index, ...fields } = node;
  const body = params.binary === true ? { node_binary: encode(fields as never) } : { node };
  return { ...ledgerFields(selected), ...body, index: node.index };
};

/** parseIndex: a 64-digit hex ledger entry id, or malformedRequest naming the field. */
function hexIndex(value: unknown, field: string): string {
  if (typeof value !== 'string' || !/^[0-9A-Fa-f]{64}$/.test(value)) {
    throw new RpcError('malformedRequest', `Invalid field '${field}', not hex string.`);
  }
  return value.toUpperCase();
}

/** requiredAccountID: missing is malformedRequest, unreadable is the selector's own token. */
function accountField(fields: Record<string, unknown>, field: string, token: 'malformedOwner' | 'malformedAddress') {
  const value = fields[field];
  if (value === undefined) throw new RpcError('malformedRequest', `Missing field '${field}'.`);
  if (typeof value !== 'string' || !isAccount(value)) {
    throw new RpcError(token, `Invalid field '${field}', not AccountID.`);
  }
  return value;
}

function entryIndex(selector: (typeof SELECTORS)[number], value: unknown): string {
  if (selector === 'index') return hexIndex(value, 'index');
  if (selector === 'account_root') {
    if (typeof value !== 'string' || !isAccount(value)) {
      throw new RpcError('malformedAddress', "Invalid field 'account_root', not AccountID.");
    }
    return hashes.hashAccountRoot(value);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return hexIndex(value, selector);
  const fields = value as Record<string, unknown>;
  if (selector === 'escrow') {
    const owner = accountField(fields, 'owner', 'malformedOwner');
    const seq = typeof fields.seq === 'string' && /^\d+$/.test(fields.seq) ? Number(fields.seq) : fields.seq;
    if (seq === undefined) throw new RpcError('malformedRequest', "Missing field 'seq'.");
    if (!Number.isInteger(seq) || (seq as number) < 0 || (seq as number) > 0xffff_ffff) {
      throw new RpcError('malformedSeq', "Invalid field 'seq', not number.");
    }
    return hashes.hashEscrow(owner, seq as number);
  }
  for (const field of ['currency', 'accounts']) {
    if (fields[field] === undefined) throw new RpcError('malformedRequest', `Missing field '${field}'.`);
  }
  const accounts = fields.accounts;
  if (!Array.isArray(accounts) || accounts.length !== 2) {
    throw new RpcError('malformedRequest', "Invalid field 'accounts', not length-2 array of Accounts.");
  }
  if (!accounts.every((a) => typeof a === 'string' && isAccount(a))) {
    throw new RpcError('malformedAddress', "Invalid field 'accounts', not array of Accounts.");
  }
  if (accounts[0] === accounts[1]) throw new RpcError('malformedRequest', 'Cannot have a trustline to self.');
  if (
    typeof fields.currency !== 'string' ||
    !/^([A-Za-z0-9?!@#$%^&*<>(){}[\]|]{3}|[0-9A-Fa-f]{40})$/.test(fields.currency)
  ) {
    throw new RpcError('malformedCurrency', "Invalid field 'currency', not Currency.");
  }
  return hashes.hashTrustline(accounts[0] as string, accounts[1] as string, fields.currency);
}

function isAccount(value: string): boolean {
  try {
    requiredAccount({ account: value });
    return true;
  } catch (error) {
    if (error instanceof RpcError) return false;
    throw error;
  }
}
