import { describe, expect, it } from 'vitest';
import { notify } from '../../../../functions/core/notifications/notify';
import { listingPublished, newListingKey } from '../../../../functions/core/follows/new-listing-notices';
import { FOLLOWER_NOTICES_PER_RUN, notifyFollowers } from '../../../../functions/core/follows/notify-followers';
import type { DomainEvent, DomainEventOf } from '../../../../shared/events';
import { memoryNotificationStore, notificationDeps } from '../notifications-memory';
import { memoryFollowStore } from './follows-memory';

const NOW = new Date('2026-06-01T12:00:00Z');
const LISTING = { listingId: 'L1', sellerId: 'S', sellerUsername: 'sam_store', title: 'Oak Desk' };
const FOLLOWERS = 10_000;

type Published = DomainEventOf<'listing.published'>;

/**
 * A seller with `n` followers, the events queue as a list, and the consumer's two handlers over it: a chunk of the
 * announcement (the use case under test) and notify (the real one, over the in-memory notification store).
 */
async function world(n: number) {
  const follows = memoryFollowStore();
  for (let i = 0; i < n; i++) {
    await follows.store.follow(`F${String(i).padStart(5, '0')}`, 'S', new Date(NOW.getTime() - (i % 97) * 1000));
  }
  const notes = memoryNotificationStore();
  const { deps: notifyDeps } = notificationDeps(notes.store);
  const queue: DomainEvent[] = [];
  const runs: { notices: number; next: number }[] = [];
  async function runChunk(event: Published, chunkSize = FOLLOWER_NOTICES_PER_RUN) {
    const sent: DomainEvent[] = [];
    const events = { publish: async (batch: readonly DomainEvent[]) => void sent.push(...batch) };
    const result = await notifyFollowers(
      event.data,
      { follows: follows.store, store: notes.store, events, chunkSize },
      event.occurredAt,
    );
    queue.push(...sent);
    runs.push({
      notices: sent.filter((e) => e.type === 'notify.requested').length,
      next: sent.filter((e) => e.type === 'listing.published').length,
    });
    return result;
  }
  /** Delivers everything queued, in order, until the queue is empty (chunks send their follow-ups onto it). */
  async function drain() {
    while (queue.length) {
      const event = queue.shift()!;
      if (event.type === 'listing.published') await runChunk(event);
      else if (event.type === 'notify.requested') await notify(event.data, notifyDeps);
    }
  }
  /** Each follower's new-listing notifications. */
  const perFollower = () => {
    const counts = new Map<string, number>();
    for (const [userId, items] of notes.items) {
      const n = [...items.values()].filter((x) => x.type === 'new_listing' && x.relatedId === 'L1').length;
      if (n) counts.set(userId, n);
    }
    return counts;
  };
  return { follows, notes, queue, runs, runChunk, drain, perFollower };
}

describe('notifyFollowers: a new listing told to 10,000 followers (decision 058)', () => {
  it('tells each follower exactly once, in runs of at most 500, each run sending the next', async () => {
    const w = await world(FOLLOWERS);
    w.queue.push(listingPublished(LISTING, NOW.toISOString()));
    await w.drain();

    const told = w.perFollower();
    expect(told.size).toBe(FOLLOWERS);
    expect([...told.values()].every((n) => n === 1)).toBe(true);
    expect(told.has('S')).toBe(false);
    // 20 full chunks, then the empty one a full last page leaves (DynamoDB can't tell there is nothing after it).
    expect(w.runs).toHaveLength(21);
    expect(Math.max(...w.runs.map((r) => r.notices))).toBe(500);
    expect(w.runs.slice(0, 20).every((r) => r.notices === 500 && r.next === 1)).toBe(true);
    expect(w.runs[20]).toEqual({ notices: 0, next: 0 });
    expect(w.follows.reads.every((r) => r.side === 'followers' && r.limit === 500)).toBe(true);

    const one = [...w.notes.items.get('F00042')!.values()][0];
    expect(one).toMatchObject({
      type: 'new_listing',
      title: 'New Listing',
      message: 'sam_store listed "Oak Desk".',
      relatedId: 'L1',
      read: false,
    });
  });

  it('tells nobody twice when a chunk runs twice, at once or after it, or the announcement is redelivered', async () => {
    const w = await world(1_200);
    const first = listingPublished(LISTING, NOW.toISOString());
    // The announcement delivered twice, both copies taken at once: both chunks send every notice.
    await Promise.all([w.runChunk(first), w.runChunk(first)]);
    expect(w.runs.map((r) => r.notices)).toEqual([500, 500]);
    await w.drain();
    // Run again after the fact: everyone of the chunk is told already, so nothing is sent but the next chunk.
    await w.runChunk(first);
    expect(w.runs.at(-1)).toEqual({ notices: 0, next: 1 });
    await w.drain();

    const told = w.perFollower();
    expect(told.size).toBe(1_200);
    expect([...told.values()].every((n) => n === 1)).toBe(true);
    const unread = [...w.notes.counters.values()];
    expect(unread.every((n) => n === 1)).toBe(true);
  });

  it('continues from the cursor it was given, and stops when the page is the last', async () => {
    const w = await world(7);
    const chunk = (i: number) => w.queue.filter((e): e is Published => e.type === 'listing.published')[i - 1]!;
    const a = await w.runChunk(listingPublished(LISTING, NOW.toISOString()), 3);
    expect(a).toEqual({ followers: 3, requested: 3, more: true });
    expect(chunk(1)).toMatchObject({ id: 'listing.published:L1:1', data: { ...LISTING, chunk: 1 } });
    expect(chunk(1).data.cursor).not.toBeNull();
    const b = await w.runChunk(chunk(1), 3);
    const c = await w.runChunk(chunk(2), 3);
    expect([b, c]).toEqual([
      { followers: 3, requested: 3, more: true },
      { followers: 1, requested: 1, more: false },
    ]);
    const asked = w.queue.flatMap((e) => (e.type === 'notify.requested' ? [e.data] : []));
    expect(new Set(asked.map((d) => d.userId)).size).toBe(7);
    expect(asked.every((d) => d.dedupeKey === newListingKey('L1'))).toBe(true);
  });

  it('sends nothing for a seller without followers', async () => {
    const w = await world(0);
    w.queue.push(listingPublished(LISTING, NOW.toISOString()));
    await w.drain();
    expect(w.runs).toEqual([{ notices: 0, next: 0 }]);
  });
});
