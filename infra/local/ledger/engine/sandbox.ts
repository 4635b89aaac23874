import { hashes } from 'xrpl';
import { type LedgerEntry } from './api';
import { type LedgerState } from './ledger-state';

/** Entry types that carry PreviousTxnID / PreviousTxnLgrSeq (rippled "threads" them to the last transaction). */
const THREADED = new Set(['AccountRoot', 'RippleState', 'Escrow']);
/** Never reported inside NewFields / FinalFields / PreviousFields of created or modified nodes. */
const HIDDEN = new Set(['LedgerEntryType', 'index', 'PreviousTxnID', 'PreviousTxnLgrSeq']);

type Change = { entry: LedgerEntry; deleted: boolean };

/**
 * A transaction's view of the ledger: reads fall through to the state, writes stay here until `commit`, which
 * writes them back and renders rippled's AffectedNodes. Dropping the sandbox undoes everything (tec / tem paths).
 */
export class Sandbox {
  private readonly changes = new Map<string, Change>();

  constructor(private readonly state: LedgerState) {}

  read(index: string): LedgerEntry | undefined {
    const change = this.changes.get(index);
    if (change) return change.deleted ? undefined : change.entry;
    return this.state.get(index);
  }

  account(address: string): LedgerEntry | undefined {
    return this.read(hashes.hashAccountRoot(address));
  }

  /** Inserts or replaces an entry. Entries are immutable: pass a new object. */
  write(entry: LedgerEntry): void {
    this.changes.set(entry.index, { entry, deleted: false });
  }

  /** Returns a copy of `entry` with `fields` changed (undefined removes a field) and writes it. */
  update(entry: LedgerEntry, fields: Record<string, unknown>): LedgerEntry {
    const next: Record<string, unknown> = { ...entry };
    for (const [key, value] of Object.entries(fields)) {
      if (value === undefined) delete next[key];
      else next[key] = value;
    }
    const updated = next as LedgerEntry;
    this.write(updated);
    return updated;
  }

  erase(entry: LedgerEntry): void {
    this.changes.set(entry.index, { entry, deleted: true });
  }

  /** Writes the changes into the state and returns AffectedNodes sorted by LedgerIndex, as rippled emits them. */
  commit(txHash: string, ledgerIndex: number): Record<string, unknown>[] {
    this.threadOwners();
    const nodes: { index: string; node: Record<string, unknown> }[] = [];
    for (const [index, { entry, deleted }] of this.changes) {
      const before = this.state.get(index);
      if (deleted) {
        if (!before) continue;
        const previous = changedFields(before, entry);
        nodes.push({
          index,
          node: {
            DeletedNode: {
              LedgerEntryType: entry.LedgerEntryType,
              LedgerIndex: index,
              FinalFields: visibleFields(entry, new Set(['LedgerEntryType', 'index'])),
              ...(Object.keys(previous).length ? { PreviousFields: previous } : {}),
            },
          },
        });
        this.state.delete(index);
        continue;
      }
      const threaded = THREADED.has(entry.LedgerEntryType)
        ? { ...entry, PreviousTxnID: txHash, PreviousTxnLgrSeq: ledgerIndex }
        : entry;
      if (!before) {
        nodes.push({
          index,
          node: {
            CreatedNode: {
              LedgerEntryType: entry.LedgerEntryType,
              LedgerIndex: index,
              NewFields: nonDefaultFields(entry),
            },
          },
        });
      } else {
        const previous = changedFields(before, entry);
        if (!Object.keys(previous).length && !this.threadedOnly.has(index)) continue;
        nodes.push({
          index,
          node: {
            ModifiedNode: {
              LedgerEntryType: entry.LedgerEntryType,
              LedgerIndex: index,
              FinalFields: visibleFields(entry, HIDDEN),
              ...(Object.keys(previous).length ? { PreviousFields: previous } : {}),
              ...(THREADED.has(entry.LedgerEntryType) && before.PreviousTxnID !== undefined
                ? { PreviousTxnID: before.PreviousTxnID, PreviousTxnLgrSeq: before.PreviousTxnLgrSeq }
                : {}),
            },
          },
        });
      }
      this.state.put(threaded as LedgerEntry);
    }
    this.changes.clear();
    return nodes.sort((a, b) => (a.index < b.index ? -1 : a.index > b.index ? 1 : 0)).map((n) => n.node);
  }

  private readonly threadedOnly = new Set<string>();

  /** rippled threads the owners' AccountRoots of created and deleted entries, so they show up as modified. */
  private threadOwners(): void {
    const owners = new Set<string>();
    for (const [index, { entry, deleted }] of this.changes) {
      const created = !deleted && !this.state.has(index);
      if (!created && !deleted) continue;
      if (entry.LedgerEntryType === 'RippleState') {
        owners.add((entry.LowLimit as { issuer: string }).issuer);
        owners.add((entry.HighLimit as { issuer: string }).issuer);
      } else if (entry.LedgerEntryType === 'Escrow') {
        owners.add(entry.Account as string);
        owners.add(entry.Destination as string);
      }
    }
    for (const owner of owners) {
      const root = this.account(owner);
      if (!root) continue;
      if (!this.changes.has(root.index)) this.write(root);
      this.threadedOnly.add(root.index);
    }
  }
}

function same(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

function visibleFields(entry: LedgerEntry, hidden: Set<string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(entry)) if (!hidden.has(key)) out[key] = value;
  return out;
}

/** NewFields omit defaults (zero numbers, zero XRP), as rippled does for STObject fields at their default. */
function nonDefaultFields(entry: LedgerEntry): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(entry)) {
    if (HIDDEN.has(key)) continue;
    if (value === 0 || value === '0') continue;
    out[key] = value;
  }
  return out;
}

/** Fields of `before` whose value differs in `after` (removed fields included), i.e. PreviousFields. */
function changedFields(before: LedgerEntry, after: LedgerEntry): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(before)) {
    if (HIDDEN.has(key)) continue;
    if (!same(value, after[key])) out[key] = value;
  }
  return out;
}
