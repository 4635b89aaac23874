import { describe, expect, it } from 'vitest';
import { domainEventSchema, type DomainEventOf } from '../../../shared/events';
import {
  auctionEndingNotices,
  type EndingAuction,
  type EndingAuctionDeps,
} from '../../../functions/core/notifications/auction-ending-notices';
import { notify } from '../../../functions/core/notifications/notify';
import { memoryNotificationStore, notificationDeps, recordingPublisher } from './notifications-memory';

const NOW = new Date('2026-03-01T12:00:00.000Z');
const HOUR = 3_600_000;
const at = (hours: number) => new Date(NOW.getTime() + hours * HOUR).toISOString();

const auction = (id: string, endsInHours: number, sellerId = 'seller'): EndingAuction => ({
  listingId: id,
  title: `Item ${id}`,
  sellerId,
  endsAt: at(endsInHours),
});

/** The end-time index in memory: active auctions ending in (from, to], by end time, `pageSize` a page. */
function world(
  auctions: EndingAuction[],
  watchers: Record<string, string[]>,
  pageSize = 2,
  bidders: Record<string, string[]> = {},
) {
  const mem = memoryNotificationStore();
  const events = recordingPublisher();
  const reads: { from: string; to: string }[] = [];
  const deps: EndingAuctionDeps = {
    async endingAuctions(from, to, cursor) {
      reads.push({ from, to });
      const inWindow = auctions
        .filter((a) => a.endsAt > from && a.endsAt <= to)
        .sort((a, b) => a.endsAt.localeCompare(b.endsAt));
      const start = cursor ? Number(cursor) : 0;
      const next = start + pageSize;
      return { items: inWindow.slice(start, next), cursor: next < inWindow.length ? String(next) : null };
    },
    async watchersOf(listingId) {
      return watchers[listingId] ?? [];
    },
    async biddersOf(listingId) {
      return bidders[listingId] ?? [];
    },
    store: mem.store,
    events,
  };
  return { deps, events, mem, reads };
}

describe('auction-ending notices', () => {
  it('asks to notify each bidder and saver of an auction ending within the hour, once per auction, linking to it', async () => {
    const w = world(
      [auction('A', 0.1), auction('B', 0.99), auction('C', 1.01), auction('D', 0.5, 'carol')],
      { A: ['alice', 'bob'], B: ['alice'], C: ['alice'], D: ['carol', 'dave'] },
      2,
      // bob both bid on and saved A: told once. erin bid on B only; carol bid on C (outside the hour).
      { A: ['bob'], B: ['erin'], C: ['carol'], D: ['carol'] },
    );
    const result = await auctionEndingNotices(NOW, w.deps);
    expect(w.reads[0]).toEqual({ from: NOW.toISOString(), to: at(1) });
    const requests = w.events.events.map((e) => domainEventSchema.parse(e) as DomainEventOf<'notify.requested'>);
    expect(requests.map((r) => `${r.data.userId}:${r.data.relatedId}`).sort()).toEqual([
      'alice:A',
      'alice:B',
      'bob:A',
      // carol sells D: no reminder of her own auction.
      'dave:D',
      'erin:B',
    ]);
    expect(result).toEqual({ auctions: 3, requested: 5 });
    for (const r of requests) {
      expect(r.data).toMatchObject({
        type: 'auction_ending',
        title: 'Auction Ending Soon',
        dedupeKey: `auction_ending:${r.data.relatedId}`,
      });
      expect(r.data.message).toBe(`"Item ${r.data.relatedId}" ends within the hour.`);
    }
  });

  it('a bidder who joins within the last hour is told at the next run; the others are not told again', async () => {
    const bidders: Record<string, string[]> = { A: ['alice'] };
    const w = world([auction('A', 0.9)], {}, 2, bidders);
    await auctionEndingNotices(NOW, w.deps);
    const { deps } = notificationDeps(w.mem.store);
    for (const e of w.events.events) await notify((e as DomainEventOf<'notify.requested'>).data, deps);
    w.events.events.length = 0;
    bidders.A = ['alice', 'bob'];
    expect(await auctionEndingNotices(new Date(NOW.getTime() + 5 * 60_000), w.deps)).toEqual({
      auctions: 1,
      requested: 1,
    });
    expect((w.events.events[0] as DomainEventOf<'notify.requested'>).data.userId).toBe('bob');
  });

  it('a second run asks for nothing once the first run’s notifications are stored', async () => {
    const w = world([auction('A', 0.5)], { A: ['alice', 'bob'] });
    await auctionEndingNotices(NOW, w.deps);
    // The events consumer runs notify for each request.
    const { deps } = notificationDeps(w.mem.store);
    for (const e of w.events.events) await notify((e as DomainEventOf<'notify.requested'>).data, deps);
    w.events.events.length = 0;
    expect(await auctionEndingNotices(new Date(NOW.getTime() + 15 * 60_000), w.deps)).toEqual({
      auctions: 1,
      requested: 0,
    });
    expect(w.events.events).toEqual([]);
    expect(await w.mem.store.unreadCount('alice')).toBe(1);
  });

  it('even when both runs ask (a race), notify stores one notification per user and auction', async () => {
    const w = world([auction('A', 0.5)], { A: ['alice'] });
    await auctionEndingNotices(NOW, w.deps);
    await auctionEndingNotices(NOW, w.deps);
    expect(w.events.events).toHaveLength(2);
    const { deps } = notificationDeps(w.mem.store);
    for (const e of w.events.events) await notify((e as DomainEventOf<'notify.requested'>).data, deps);
    expect(w.mem.items.get('alice')!.size).toBe(1);
  });

  it('ignores ended auctions and reads nothing more with no savers', async () => {
    const w = world([auction('A', -1), auction('B', 0.5)], {});
    expect(await auctionEndingNotices(NOW, w.deps)).toEqual({ auctions: 1, requested: 0 });
    expect(w.events.events).toEqual([]);
  });
});
