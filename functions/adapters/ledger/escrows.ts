import { hashes, rippleTimeToUnixTime } from 'xrpl';
import type { EscrowEnding, EscrowEntry } from '../../core/ledger/ports';
import { findInAccountPages, rippledErrorCode, type LedgerConnection } from './connection';
import { toLedgerAmount } from './submit';

interface EscrowJson {
  LedgerEntryType: 'Escrow';
  index: string;
  Account: string;
  Destination: string;
  Amount: unknown;
  Condition?: string;
  FinishAfter?: number;
  CancelAfter?: number;
  DestinationTag?: number;
}

const isoFromRippleTime = (t: number | undefined) =>
  t === undefined ? null : new Date(rippleTimeToUnixTime(t)).toISOString();

/**
 * The escrow `owner` created with transaction sequence `sequence`, from the validated ledger, or null when it does
 * not exist (never created, or already finished or cancelled). Escrow objects do not carry the sequence: the object
 * id is derived from owner and sequence and looked for among the owner's escrows.
 */
export async function readEscrow(
  connection: LedgerConnection,
  owner: string,
  sequence: number,
): Promise<EscrowEntry | null> {
  const id = hashes.hashEscrow(owner, sequence).toUpperCase();
  return findInAccountPages<EscrowJson, EscrowEntry>(
    connection,
    'account_objects',
    { account: owner, type: 'escrow' },
    'account_objects',
    (entry) => {
      if (entry.index.toUpperCase() !== id) return undefined;
      const amount = toLedgerAmount(entry.Amount);
      if (!amount) throw new Error(`Escrow ${id} has an amount this code cannot read`);
      return {
        id,
        owner: entry.Account,
        sequence,
        destination: entry.Destination,
        amount,
        condition: entry.Condition?.toUpperCase() ?? null,
        finishAfter: isoFromRippleTime(entry.FinishAfter),
        cancelAfter: isoFromRippleTime(entry.CancelAfter),
        destinationTag: entry.DestinationTag ?? null,
      };
    },
  );
}

/**
 * Whether the amendment (by name, e.g. 'TokenEscrow') is enabled on the network, from the `feature` method (public
 * since rippled 2.2). An amendment the server has never heard of is not enabled.
 */
export async function readAmendmentEnabled(connection: LedgerConnection, name: string): Promise<boolean> {
  let result: Record<string, unknown>;
  try {
    result = await connection.request('feature', { feature: name });
  } catch (error) {
    if (rippledErrorCode(error) === 'badFeature') return false;
    throw error;
  }
  // rippled answers { <amendment id>: { name, enabled, supported, ... } } for one named feature.
  const entries = Object.values(result).filter(
    (v): v is { name?: unknown; enabled?: unknown } => typeof v === 'object' && v !== null && 'enabled' in v,
  );
  const named = entries.find((e) => typeof e.name === 'string' && e.name.toLowerCase() === name.toLowerCase());
  const entry = named ?? (entries.length === 1 ? entries[0] : undefined);
  return entry?.enabled === true;
}

interface AccountTxEntry {
  hash?: string;
  ledger_index?: number;
  validated?: boolean;
  tx_json?: { TransactionType?: string; Owner?: string; OfferSequence?: number };
  meta?: { TransactionResult?: string } | string;
}

/**
 * The validated transaction that ended the escrow `owner` made with `sequence` (an EscrowFinish or EscrowCancel with
 * tesSUCCESS), looked for in the owner's transactions from `fromLedger` on; null when there is none (yet).
 */
export async function readEscrowEnding(
  connection: LedgerConnection,
  owner: string,
  sequence: number,
  fromLedger: number,
): Promise<EscrowEnding | null> {
  let marker: unknown;
  do {
    const page = await connection.request<{ transactions?: AccountTxEntry[]; marker?: unknown }>('account_tx', {
      account: owner,
      ledger_index_min: fromLedger,
      ledger_index_max: -1,
      forward: true,
      limit: 200,
      ...(marker === undefined ? {} : { marker }),
    });
    for (const t of page.transactions ?? []) {
      const type = t.tx_json?.TransactionType;
      const result = typeof t.meta === 'object' ? t.meta.TransactionResult : undefined;
      if (
        (type === 'EscrowFinish' || type === 'EscrowCancel') &&
        t.tx_json?.Owner === owner &&
        t.tx_json.OfferSequence === sequence &&
        result === 'tesSUCCESS' &&
        t.validated !== false &&
        t.hash
      ) {
        return { kind: type === 'EscrowFinish' ? 'finish' : 'cancel', txid: t.hash, ledgerIndex: t.ledger_index ?? 0 };
      }
    }
    marker = page.marker;
  } while (marker !== undefined);
  return null;
}

/** An escrow its owner made to itself (the admin escrow test's, decision 070), with the sequence that names it. */
export interface SelfEscrow {
  sequence: number;
  cancelAfter: string | null;
}

/**
 * Up to `limit` escrows `owner` made to itself, from the validated ledger. An Escrow entry does not carry its
 * sequence, but its PreviousTxnID is the EscrowCreate that made it (an escrow is never modified, only removed).
 */
export async function readSelfEscrows(
  connection: LedgerConnection,
  owner: string,
  limit: number,
): Promise<SelfEscrow[]> {
  let page: { account_objects?: (EscrowJson & { PreviousTxnID?: string })[] };
  try {
    page = await connection.request('account_objects', {
      account: owner,
      type: 'escrow',
      ledger_index: 'validated',
      limit,
    });
  } catch (error) {
    if (rippledErrorCode(error) === 'actNotFound') return [];
    throw error;
  }
  const own = (page.account_objects ?? []).filter((e) => e.Destination === owner && e.PreviousTxnID);
  const found = await Promise.all(
    own.map(async (e) => {
      const tx = await connection.request<{ tx_json?: { Sequence?: number } }>('tx', { transaction: e.PreviousTxnID });
      return { sequence: tx.tx_json?.Sequence ?? 0, cancelAfter: isoFromRippleTime(e.CancelAfter) };
    }),
  );
  // Sequence 0: made with a ticket, which this account never uses; not one of ours to cancel by sequence.
  return found.filter((e) => e.sequence > 0);
}
