import { hashes } from 'xrpl';
import { rippleTimeToIso, type LedgerHeader } from '../chain';
import { txEntry } from './account-methods';
import { type MethodHandler } from './context';
import { RpcError, invalidParams } from './errors';
import { ledgerFields, selectLedger, stateOf } from './ledger-selector';
import { requiredAccount } from './params';

function headerJson(header: LedgerHeader): Record<string, unknown> {
  return {
    account_hash: header.ledger_hash,
    close_flags: 0,
    close_time: header.close_time,
    close_time_human: new Date(rippleTimeToIso(header.close_time)).toUTCString(),
    close_time_iso: rippleTimeToIso(header.close_time),
    close_time_resolution: 1,
    closed: true,
    ledger_hash: header.ledger_hash,
    ledger_index: header.ledger_index,
    parent_close_time: header.parent_close_time,
    parent_hash: header.parent_hash,
    total_coins: header.total_coins,
    transaction_hash: header.transaction_hash,
  };
}

export const ledger: MethodHandler = ({ chain, params }) => {
  const selected = selectLedger(chain, params, 'validated');
  const withTxs = params.transactions === true;
  const expand = params.expand === true;
  if (selected.open) {
    const open = chain.openTransactions();
    const ledgerJson: Record<string, unknown> = {
      closed: false,
      ledger_index: selected.index,
      parent_close_time: chain.lastClosed.close_time,
      parent_hash: chain.lastClosed.ledger_hash,
      total_coins: chain.lastClosed.total_coins,
    };
    if (withTxs) {
      ledgerJson.transactions = open.map((r) =>
        expand ? { hash: r.hash, tx_json: withoutHash(r.tx_json), meta: r.meta, validated: false } : r.hash,
      );
    }
    return { ledger: ledgerJson, ledger_current_index: selected.index, validated: false };
  }
  const ledgerJson = headerJson(selected.header);
  if (withTxs) {
    ledgerJson.transactions = expand
      ? chain.ledgerTransactions(selected.header).map(txEntry)
      : [...selected.header.tx_hashes];
  }
  return { ledger: ledgerJson, ...ledgerFields(selected) };
};

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

/** ledger_entry by `index`, `account_root`, `escrow` ({ owner, seq }) or `ripple_state` ({ accounts, currency }). */
export const ledgerEntry: MethodHandler = ({ chain, params }) => {
  const selected = selectLedger(chain, params, 'validated');
  const state = stateOf(selected);
  const index = entryIndex(params);
  const node = state.get(index);
  if (!node) throw new RpcError('entryNotFound');
  return { index: node.index, node, ...ledgerFields(selected) };
};

function entryIndex(params: Record<string, unknown>): string {
  if (typeof params.index === 'string') {
    if (!/^[0-9A-Fa-f]{64}$/.test(params.index)) throw invalidParams('malformedRequest');
    return params.index.toUpperCase();
  }
  if (params.account_root !== undefined) return hashes.hashAccountRoot(requiredAccount(params, 'account_root'));
  const escrow = params.escrow as { owner?: unknown; seq?: unknown } | undefined;
  if (escrow !== undefined) {
    const owner = requiredAccount(escrow as Record<string, unknown>, 'owner');
    if (!Number.isInteger(escrow.seq)) throw invalidParams('malformedRequest');
    return hashes.hashEscrow(owner, escrow.seq as number);
  }
  const line = params.ripple_state as { accounts?: unknown; currency?: unknown } | undefined;
  if (line !== undefined) {
    const accounts = line.accounts;
    if (!Array.isArray(accounts) || accounts.length !== 2 || typeof line.currency !== 'string') {
      throw invalidParams('malformedRequest');
    }
    const [a, b] = accounts.map((_, i) => requiredAccount({ account: accounts[i] }));
    return hashes.hashTrustline(a!, b!, line.currency);
  }
  throw invalidParams('unknownOption');
}
