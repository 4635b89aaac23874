import { affectedAccounts } from '../affected-accounts';
import { type ClosedLedger, type Chain, rippleTimeToIso } from '../chain';
import { RESULT_CODES, type ResultCode } from '../engine';
import { type MethodHandler, type Subscriber } from './context';
import { RpcError, invalidParams } from './errors';
import { requiredAccount } from './params';

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

export const subscribe: MethodHandler = ({ chain, params, subscriber }) => {
  const sub = needsSocket(subscriber);
  const streams = streamsOf(params);
  const accounts = accountsOf(params);
  for (const stream of streams) sub.streams.add(stream);
  for (const account of accounts) sub.accounts.add(account);
  return streams.includes('ledger') ? ledgerStreamFields(chain) : {};
};

export const unsubscribe: MethodHandler = ({ params, subscriber }) => {
  const sub = needsSocket(subscriber);
  for (const stream of streamsOf(params)) sub.streams.delete(stream);
  for (const account of accountsOf(params)) sub.accounts.delete(account);
  return {};
};

function ledgerStreamFields(chain: Chain) {
  const last = chain.lastClosed;
  return {
    fee_base: chain.rules.baseFeeDrops,
    ledger_hash: last.ledger_hash,
    ledger_index: last.ledger_index,
    ledger_time: last.close_time,
    reserve_base: chain.rules.reserveBaseDrops,
    reserve_inc: chain.rules.reserveIncrementDrops,
    validated_ledgers: `${chain.firstKnown}-${last.ledger_index}`,
  };
}

/** The stream messages one closed ledger produces for one subscriber, in rippled's order. */
export function streamMessages(chain: Chain, closed: ClosedLedger, sub: Subscriber): Record<string, unknown>[] {
  const messages: Record<string, unknown>[] = [];
  if (sub.streams.has('ledger')) {
    messages.push({ type: 'ledgerClosed', ...ledgerStreamFields(chain), txn_count: closed.transactions.length });
  }
  const everything = sub.streams.has('transactions');
  if (!everything && sub.accounts.size === 0) return messages;
  for (const record of closed.transactions) {
    if (!everything && ![...affectedAccounts(record.tx_json, record.meta)].some((a) => sub.accounts.has(a))) continue;
    const code = record.meta.TransactionResult as ResultCode;
    messages.push({
      type: 'transaction',
      close_time_iso: rippleTimeToIso(record.close_time),
      engine_result: code,
      engine_result_code: RESULT_CODES[code]?.code,
      engine_result_message: RESULT_CODES[code]?.message,
      hash: record.hash,
      ledger_hash: record.ledger_hash,
      ledger_index: record.ledger_index,
      meta: record.meta,
      status: 'closed',
      tx_json: { ...record.tx_json, date: record.close_time, ledger_index: record.ledger_index },
      validated: true,
    });
  }
  return messages;
}
