import { hashes } from 'xrpl';
import { type LedgerEntry, type LedgerStateLike } from './api';
import { RIPPLE_STATE_FLAGS } from './flags';

/** Threading fields every AccountRoot, RippleState and Escrow carries; genesis entries have no previous transaction. */
export const ZERO_HASH = '0'.repeat(64);

const SNAPSHOT_VERSION = 1;

type Snapshot = { version: number; entries: LedgerEntry[] };

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value as Record<string, unknown>)) deepFreeze(child);
  }
  return value;
}

function isEntry(value: unknown): value is LedgerEntry {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return typeof v.LedgerEntryType === 'string' && typeof v.index === 'string' && /^[0-9A-F]{64}$/.test(v.index);
}

/**
 * Every entry of one ledger by index. Entries are frozen: the engine replaces an entry instead of editing it, so
 * `clone()` only copies the map and closed ledgers stay intact while the open one changes.
 */
export class LedgerState implements LedgerStateLike {
  private readonly byIndex: Map<string, LedgerEntry>;

  constructor(entries?: Iterable<LedgerEntry> | Map<string, LedgerEntry>) {
    if (entries instanceof Map) {
      this.byIndex = entries;
    } else {
      this.byIndex = new Map();
      for (const entry of entries ?? []) this.put(entry);
    }
  }

  static fromJSON(json: unknown): LedgerState {
    const snapshot = json as Partial<Snapshot> | null;
    if (!snapshot || snapshot.version !== SNAPSHOT_VERSION || !Array.isArray(snapshot.entries)) {
      throw new Error(`Not a ledger state snapshot (version ${SNAPSHOT_VERSION})`);
    }
    const state = new LedgerState();
    for (const entry of snapshot.entries) {
      if (!isEntry(entry)) throw new Error('Ledger state snapshot holds an entry without LedgerEntryType and index');
      state.put(structuredClone(entry));
    }
    return state;
  }

  /**
   * A ledger whose only entries are funded accounts (Sequence 1, no owned objects). `flags` (AccountRoot lsf bits,
   * e.g. lsfDefaultRipple | lsfAllowTrustLineLocking for an issuer) defaults to 0.
   */
  static genesis(accounts: { address: string; balanceDrops: bigint | string; flags?: number }[]): LedgerState {
    const state = new LedgerState();
    for (const { address, balanceDrops, flags = 0 } of accounts) {
      const balance = BigInt(balanceDrops);
      if (balance < 0n) throw new Error(`Negative genesis balance for ${address}`);
      state.put({
        LedgerEntryType: 'AccountRoot',
        index: hashes.hashAccountRoot(address),
        Account: address,
        Balance: balance.toString(),
        Flags: flags >>> 0,
        OwnerCount: 0,
        PreviousTxnID: ZERO_HASH,
        PreviousTxnLgrSeq: 0,
        Sequence: 1,
      });
    }
    return state;
  }

  get(index: string): LedgerEntry | undefined {
    return this.byIndex.get(index.toUpperCase());
  }

  has(index: string): boolean {
    return this.byIndex.has(index.toUpperCase());
  }

  entries(): IterableIterator<LedgerEntry> {
    return this.byIndex.values();
  }

  get size(): number {
    return this.byIndex.size;
  }

  clone(): LedgerState {
    return new LedgerState(new Map(this.byIndex));
  }

  toJSON(): Snapshot {
    return { version: SNAPSHOT_VERSION, entries: [...this.byIndex.values()] };
  }

  /** Inserts or replaces an entry (frozen on the way in). */
  put(entry: LedgerEntry): void {
    this.byIndex.set(entry.index, deepFreeze(entry));
  }

  delete(index: string): void {
    this.byIndex.delete(index);
  }

  accountRoot(address: string): LedgerEntry | undefined {
    return this.get(hashes.hashAccountRoot(address));
  }

  /** RippleState entries with the account on either side, in index order (stable paging for account_lines). */
  trustLines(address: string): LedgerEntry[] {
    const lines: LedgerEntry[] = [];
    for (const entry of this.byIndex.values()) {
      if (entry.LedgerEntryType !== 'RippleState') continue;
      if (limitIssuer(entry, 'LowLimit') === address || limitIssuer(entry, 'HighLimit') === address) lines.push(entry);
    }
    return lines.sort(byIndex);
  }

  /** Entries the account pays reserve for (what its OwnerCount counts): lines where it holds the reserve, its escrows. */
  ownedObjects(address: string): LedgerEntry[] {
    const owned: LedgerEntry[] = [];
    for (const entry of this.byIndex.values()) {
      if (entry.LedgerEntryType === 'RippleState') {
        const flags = Number(entry.Flags ?? 0);
        if (limitIssuer(entry, 'LowLimit') === address && flags & RIPPLE_STATE_FLAGS.lsfLowReserve) owned.push(entry);
        else if (limitIssuer(entry, 'HighLimit') === address && flags & RIPPLE_STATE_FLAGS.lsfHighReserve)
          owned.push(entry);
      } else if (entry.LedgerEntryType === 'Escrow' && entry.Account === address) {
        owned.push(entry);
      }
    }
    return owned.sort(byIndex);
  }

  /**
   * What rippled links from the account's owner directory, i.e. what `account_objects` returns: every trust line
   * touching the account (both sides are linked), and escrows it sends, receives or (for tokens) issues.
   */
  directoryObjects(address: string): LedgerEntry[] {
    const listed: LedgerEntry[] = [];
    for (const entry of this.byIndex.values()) {
      if (entry.LedgerEntryType === 'RippleState') {
        if (limitIssuer(entry, 'LowLimit') === address || limitIssuer(entry, 'HighLimit') === address)
          listed.push(entry);
      } else if (entry.LedgerEntryType === 'Escrow') {
        const amount = entry.Amount;
        const issuer = typeof amount === 'object' && amount ? (amount as { issuer?: string }).issuer : undefined;
        if (
          entry.Account === address ||
          (entry.Destination === address && entry.DestinationNode !== undefined) ||
          (issuer === address && entry.IssuerNode !== undefined)
        )
          listed.push(entry);
      }
    }
    return listed.sort(byIndex);
  }
}

function limitIssuer(entry: LedgerEntry, field: 'LowLimit' | 'HighLimit'): string | undefined {
  const limit = entry[field] as { issuer?: string } | undefined;
  return limit?.issuer;
}

function byIndex(a: LedgerEntry, b: LedgerEntry): number {
  return a.index < b.index ? -1 : a.index > b.index ? 1 : 0;
}
