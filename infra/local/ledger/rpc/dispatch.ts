import { accountInfo, accountLines, accountObjects, accountTx } from './account-methods';
import { type MethodContext, type MethodHandler } from './context';
import { RpcError } from './errors';
import { ledger, ledgerAccept, ledgerClosed, ledgerCurrent, ledgerEntry } from './ledger-methods';
import { fee, feature, ping, serverInfo, serverState } from './server-methods';
import { subscribe, unsubscribe } from './subscriptions';
import { submit, transactionEntry, tx } from './transaction-methods';

const METHODS: Record<string, MethodHandler> = {
  account_info: accountInfo,
  account_lines: accountLines,
  account_objects: accountObjects,
  account_tx: accountTx,
  fee,
  feature,
  ledger,
  ledger_accept: ledgerAccept,
  ledger_closed: ledgerClosed,
  ledger_current: ledgerCurrent,
  ledger_entry: ledgerEntry,
  ping,
  server_info: serverInfo,
  server_state: serverState,
  submit,
  subscribe,
  transaction_entry: transactionEntry,
  tx,
  unsubscribe,
};

export type MethodOutcome = { result: Record<string, unknown> } | { error: Record<string, unknown> };

/** Runs one method; every failure becomes rippled's error fields, never an exception. */
export function runMethod(method: unknown, ctx: MethodContext): MethodOutcome {
  if (typeof method !== 'string' || method === '')
    return { error: new RpcError('invalidParams', "Missing field 'command'.").toFields() };
  const handler = Object.hasOwn(METHODS, method) ? METHODS[method] : undefined;
  if (!handler) return { error: new RpcError('unknownCmd').toFields() };
  try {
    return { result: handler(ctx) };
  } catch (error) {
    if (error instanceof RpcError) return { error: error.toFields() };
    return { error: new RpcError('internal', (error as Error).message).toFields() };
  }
}
