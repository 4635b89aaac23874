import { type Chain, type LedgerHeader } from '../chain';
import { type LedgerState } from '../engine';
import { RpcError } from './errors';

export type SelectedLedger =
  | { open: true; index: number; state: LedgerState }
  | { open: false; index: number; state: LedgerState | undefined; header: LedgerHeader };

/**
 * Resolves `ledger_index` ('current' | 'closed' | 'validated' | a sequence) or `ledger_hash` the way rippled's
 * ledgerFromRequest does (src/xrpld/rpc/detail/RPCLedgerHelpers.cpp): with neither, the current (open) ledger.
 */
export function selectLedger(chain: Chain, params: Record<string, unknown>): SelectedLedger {
  const hash = params.ledger_hash;
  if (hash !== undefined && params.ledger_index !== undefined) {
    throw new RpcError('invalidParams', "Exactly one of 'ledger_hash' or 'ledger_index' can be specified.");
  }
  if (hash !== undefined) {
    if (typeof hash !== 'string' || !/^[0-9A-Fa-f]{64}$/.test(hash))
      throw new RpcError('invalidParams', "Invalid field 'ledger_hash', not hex string.");
    const header = chain.headerByHash(hash);
    if (!header) throw new RpcError('lgrNotFound', 'ledgerNotFound');
    return closed(chain, header);
  }
  const index = params.ledger_index ?? 'current';
  if (index === 'current' || index === '')
    return { open: true, index: chain.openIndex, state: chain.openLedgerState() };
  if (index === 'closed' || index === 'validated') return closed(chain, chain.lastClosed);
  const seq =
    typeof index === 'number' ? index : typeof index === 'string' && /^\d+$/.test(index) ? Number(index) : NaN;
  if (!Number.isInteger(seq))
    throw new RpcError('invalidParams', "Invalid field 'ledger_index', not string or number.");
  if (seq === chain.openIndex) return { open: true, index: seq, state: chain.openLedgerState() };
  const header = chain.header(seq);
  if (!header) throw new RpcError('lgrNotFound', 'ledgerNotFound');
  return closed(chain, header);
}

function closed(chain: Chain, header: LedgerHeader): SelectedLedger {
  return { open: false, index: header.ledger_index, state: chain.closedState(header.ledger_index), header };
}

/** A selected ledger's state, or lgrNotFound when the node no longer keeps it in memory. */
export function stateOf(selected: SelectedLedger): LedgerState {
  if (!selected.state) throw new RpcError('lgrNotFound', 'ledgerNotFound');
  return selected.state;
}

/** lookupLedger's fields: the ledger hash and index of a closed ledger, the current index of the open one. */
export function ledgerFields(selected: SelectedLedger): Record<string, unknown> {
  return selected.open
    ? { ledger_current_index: selected.index, validated: false }
    : { ledger_hash: selected.header.ledger_hash, ledger_index: selected.index, validated: true };
}
