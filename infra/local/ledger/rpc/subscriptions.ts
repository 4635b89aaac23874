import { affectedAccounts } from '../affected-accounts';
import { type ClosedLedger, type Chain } from '../chain';
import { effectiveNetworkId, type MethodHandler, type NodeIdentity, type Subscriber } from './context';
import { RpcError, invalidParams } from './errors';
import { requiredAccount } from './params';
import { streamTransaction } from './tx-json';

const STREAMS = new Set(['ledger', 'transactions']);

function listOf(params: Record<string, unknown>, field: string): string[] {
  const value = params[field];
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw invalidParams(`Invalid field '${field}', not array.`);
  return value as string[];
}

function streamsOf(params: Record<string, unknown>): string[] {
  const streams = listOf(params, 'streams');
  for (const stream of streams) if (!STREAMS.has(stream)) throw new RpcError('malformedStream');
  return streams;
}

function accountsOf(params: Record<string, unknown>): string[] {
  return listOf(params, 'accounts').map((account) => requiredAccount({ account }));
}

function needsSocket(subscriber: Subscriber | undefined): Subscriber {
  if (!subscriber) throw new RpcError('notSupported', 'Subscriptions need a WebSocket connection.');
  return subscriber;
}

/** doSubscribe (src/xrpld/rpc/handlers/Subscribe.cpp): the session's stream messages follow this request's version. */
export const subscribe: MethodHandler = ({ chain, params, subscriber, apiVersion, node }) => {
  const sub = needsSocket(subscriber);
  const streams = streamsOf(params);
  const accounts = accountsOf(params);
  sub.apiVersion = apiVersion;
  for (const stream of streams) sub.streams.add(stream);
  for (const account of accounts) sub.accounts.add(account);
  return streams.includes('ledger') ? subscribeLedgerFields(chain, node) : {};
};

export const unsubscribe: MethodHandler = ({ params, subscriber }) => {
  const sub = needsSocket(subscriber);
  for (const stream of streamsOf(params)) sub.streams.delete(stream);
  for (const account of accountsOf(params)) sub.accounts.delete(account);
  return {};
};

/**
 * NetworkOPsImp::subLedger: the validated ledger, its fees (no fee_ref once XRPFees is enabled), the network id
 * (configured, else 0) and the complete ledgers.
 */
function subscribeLedgerFields(chain: Chain, node: NodeIdentity) {
  const last = chain.lastClosed;
  return {
    ledger_index: last.ledger_index,
    ledger_hash: last.ledger_hash,
    ledger_time: last.close_time,
    fee_base: chain.rules.baseFeeDrops,
    reserve_base: chain.rules.reserveBaseDrops,
    reserve_inc: chain.rules.reserveIncrementDrops,
    network_id: effectiveNetworkId(node),
    validated_ledgers: `${chain.firstKnown}-${last.ledger_index}`,
  };
}

/** NetworkOPsImp::pubLedger's ledgerClosed message; the same for every API version. */
function ledgerClosedMessage(chain: Chain, node: NodeIdentity, closed: ClosedLedger) {
  const { header } = closed;
  return {
    type: 'ledgerClosed',
    ledger_index: header.ledger_index,
    ledger_hash: header.ledger_hash,
    ledger_time: header.close_time,
    network_id: effectiveNetworkId(node),
    fee_base: chain.rules.baseFeeDrops,
    reserve_base: chain.rules.reserveBaseDrops,
    reserve_inc: chain.rules.reserveIncrementDrops,
    txn_count: closed.transactions.length,
    validated_ledgers: `${chain.firstKnown}-${header.ledger_index}`,
  };
}

/** The stream messages one closed ledger produces for one subscriber, in rippled's order. */
export function streamMessages(
  chain: Chain,
  node: NodeIdentity,
  closed: ClosedLedger,
  sub: Subscriber,
): Record<string, unknown>[] {
  const messages: Record<string, unknown>[] = [];
  if (sub.streams.has('ledger')) messages.push(ledgerClosedMessage(chain, node, closed));
  const everything = sub.streams.has('transactions');
  if (!everything && sub.accounts.size === 0) return messages;
  for (const record of closed.transactions) {
    if (!everything && ![...affectedAccounts(record.tx_json, record.meta)].some((a) => sub.accounts.has(a))) continue;
    messages.push(streamTransaction(record, sub.apiVersion, effectiveNetworkId(node)));
  }
  return messages;
}
