import type { Entity, TransactWriteEntity } from 'electrodb';
import { postingLane, termBucket } from '../../core/listings/search-terms';
import { conditionally } from './conditional';
import type { searchPostingEntity } from './entities/search-posting';
import type { Db } from './service';
import { transactWithRetry, type TransactResult } from './transact';

/**
 * Most ids one posting item takes: 26-character ids, about 270 KB, under DynamoDB's 400 KB item limit. A full chunk
 * makes its lane open the next one, so a word has no fixed capacity (docs/decisions/016-search-cost-ceiling.md).
 */
export const POSTING_CAPACITY = 10_000;

/** Posting layout a store writes with; tests shrink the capacity to see chunks fill. */
export interface PostingOptions {
  capacity: number;
}
export const DEFAULT_POSTINGS: PostingOptions = { capacity: POSTING_CAPACITY };

export type PostingKey = { bucket: string; term: string; block: string };

/** The first chunk of a lane keeps the lane's name (the layout before chunks), later ones are `lane.chunk`. */
export function chunkBlock(lane: number, chunk: number): string {
  return chunk === 0 ? String(lane) : `${lane}.${chunk}`;
}

export function chunkOfBlock(block: string): number {
  const dot = block.indexOf('.');
  return dot < 0 ? 0 : Number(block.slice(dot + 1));
}

const slotOf = (term: string, chunk: number) => `${term}#${chunk}`;

/** The listing's `postingSlots` for terms placed in these chunks: only those past their lane's first chunk. */
export function slotsOf(placed: Iterable<[term: string, chunk: number]>): string[] {
  return [...placed].filter(([, chunk]) => chunk > 0).map(([term, chunk]) => slotOf(term, chunk));
}

function chunksOfSlots(slots: Iterable<string> = []): Map<string, number> {
  const chunks = new Map<string, number>();
  for (const slot of slots) {
    const at = slot.lastIndexOf('#');
    chunks.set(slot.slice(0, at), Number(slot.slice(at + 1)));
  }
  return chunks;
}

/** The slots of the terms kept (those not in `removed`). */
export function keptSlots(slots: Iterable<string> = [], removed: readonly string[]): string[] {
  const gone = new Set(removed);
  return [...chunksOfSlots(slots)].filter(([term]) => !gone.has(term)).map(([term, chunk]) => slotOf(term, chunk));
}

/** The posting items holding a listing's id for `terms`: its lane, in the chunk its slots name, else the first. */
export function postingKeysOf(listingId: string, terms: readonly string[], slots?: Iterable<string>): PostingKey[] {
  const lane = postingLane(listingId);
  const chunks = chunksOfSlots(slots);
  return terms.map((term) => ({ bucket: termBucket(term), term, block: chunkBlock(lane, chunks.get(term) ?? 0) }));
}

/** The open chunk of each term's lane. */
async function openChunks(db: Db, lane: number, terms: readonly string[], consistent: boolean) {
  const open = new Map<string, number>();
  if (terms.length === 0) return open;
  const { data, unprocessed } = await db.entities.searchPostingHead
    .get(terms.map((term) => ({ term, lane })))
    .go({ consistent });
  if (unprocessed.length > 0) throw new Error(`${unprocessed.length} posting heads were not read`);
  for (const head of data) open.set(head.term, head.open);
  return open;
}

/** Opens the chunk after `full`, unless another writer already did. */
export async function openNextChunk(db: Db, term: string, lane: number, full: number): Promise<void> {
  await conditionally(() =>
    db.entities.searchPostingHead
      .update({ term, lane })
      .set({ open: full + 1 })
      .where((a, op) => (full === 0 ? `${op.notExists(a.open)} OR ${op.eq(a.open, 0)}` : op.eq(a.open, full)))
      .go(),
  );
}

type PostingTx =
  ReturnType<typeof searchPostingEntity> extends Entity<infer A, infer F, infer C, infer S>
    ? TransactWriteEntity<A, F, C, S>
    : never;

/** The id added to a chunk in a transaction, refused (cancelling it) if the chunk is full. */
const addCommit = (searchPosting: PostingTx, key: PostingKey, listingId: string, capacity: number) =>
  searchPosting
    .update(key)
    .add({ listingIds: [listingId] })
    .where((a, op) => `${op.notExists(a.listingIds)} OR ${op.size(a.listingIds)} < ${op.escape(capacity)}`)
    .commit();

/** A listing's id placed in the open chunks of its new terms, for one attempt of its transaction. */
export interface PlacedPostings {
  /** The listing's `postingSlots` entries for these terms. */
  slots: string[];
  /** The transaction's last items: the id added to each chunk. */
  adds(searchPosting: PostingTx): ReturnType<typeof addCommit>[];
}

/** Enough for a burst of writers racing through the chunks of one hot word (they pause at random between tries). */
const PLACING_ATTEMPTS = 10;

/**
 * Runs a listing's write transaction in which its id joins the postings of `terms`; `run` must put `placed.adds` last.
 * A full chunk cancels the transaction with ConditionalCheckFailed on its item: that lane opens its next chunk and
 * the transaction runs again, so a word never fills up. Other outcomes are returned as they are.
 */
export async function transactAddingPostings(
  db: Db,
  options: PostingOptions,
  listingId: string,
  terms: readonly string[],
  run: (placed: PlacedPostings) => Promise<TransactResult>,
): Promise<TransactResult> {
  const lane = postingLane(listingId);
  for (let attempt = 1; ; attempt++) {
    // A stale head only costs another attempt; after one, read them strongly.
    const open = await openChunks(db, lane, terms, attempt > 1);
    const chunks = terms.map((term) => [term, open.get(term) ?? 0] as [string, number]);
    const keys = chunks.map(([term, chunk]) => ({ bucket: termBucket(term), term, block: chunkBlock(lane, chunk) }));
    const result = await transactWithRetry(() =>
      run({
        slots: slotsOf(chunks),
        adds: (searchPosting) => keys.map((key) => addCommit(searchPosting, key, listingId, options.capacity)),
      }),
    );
    if (!result.canceled || terms.length === 0) return result;
    const adds = result.data.slice(-terms.length);
    const full = chunks.filter((_, i) => adds[i]?.code === 'ConditionalCheckFailed');
    if (full.length === 0 || attempt === PLACING_ATTEMPTS) return result;
    await Promise.all(full.map(([term, chunk]) => openNextChunk(db, term, lane, chunk)));
    await new Promise((r) => setTimeout(r, Math.random() * 5 * attempt));
  }
}
