import { describe, expect, it } from 'vitest';
import { partyChangeEvents } from '../../../../functions/adapters/party-change-events';
import { closeNotices } from '../../../../functions/core/auctions/auction-notices';
import type { ClosedAuction } from '../../../../functions/core/auctions/ports';
import { messageSentEvents } from '../../../../functions/core/messages/message-events';
import type { ConversationRecord } from '../../../../functions/core/messages/ports';
import { gateOf, MANDATORY_KINDS } from '../../../../functions/core/notifications/notification-gate';
import { notify, type NotifyRequest } from '../../../../functions/core/notifications/notify';
import type { NotificationPreferences } from '../../../../functions/core/notifications/ports';
import { offerNotice } from '../../../../functions/core/offers/offer-events';
import { reviewNotice } from '../../../../functions/core/reviews/create-review';
import { weeklyReportNotice } from '../../../../functions/core/seller-settings/send-weekly-reports';
import type { DomainEvent, DomainEventOf } from '../../../../shared/events';
import type { Offer } from '../../../../shared/domain/offers';
import { DEFAULT_SELLER_SETTINGS, type NotificationToggle } from '../../../../shared/domain/seller-settings';
import { memoryNotificationStore, notificationDeps } from '../notifications-memory';

const at = new Date('2026-03-04T10:00:00.000Z');
const requests = (events: readonly DomainEvent[]) =>
  events.filter((e): e is DomainEventOf<'notify.requested'> => e.type === 'notify.requested').map((e) => e.data);
const gate = (r: Pick<NotifyRequest, 'type' | 'dedupeKey'>) => {
  const g = gateOf(r);
  return g && `${g.toggle}${g.sellerOnly ? ' (seller)' : ''}`;
};
const order = (status: string, key = `${status}:O1`): NotifyRequest => ({
  userId: 'SELLER',
  type: status === 'completed' ? 'escrow_released' : 'transaction',
  title: 'x',
  message: 'x',
  relatedId: 'O1',
  dedupeKey: key,
});

const conversation: ConversationRecord = {
  conversationId: 'C1',
  listingId: 'L1',
  listing: { title: 'Lamp', imageKey: null },
  buyerId: 'BUYER',
  buyerUsername: 'bea',
  sellerId: 'SELLER',
  sellerUsername: 'sam',
  createdAt: at.toISOString(),
  updatedAt: at.toISOString(),
};

describe('which toggle mutes a notification (decision 057)', () => {
  it("maps the producers' own notices: messages, offers, a seller's sales and the weekly report", () => {
    const message = messageSentEvents(
      conversation,
      {
        id: 'M1',
        conversationId: 'C1',
        senderId: 'BUYER',
        senderUsername: 'bea',
        type: 'text',
        content: 'Hi',
        createdAt: at.toISOString(),
      },
      'SELLER',
      { conversation: 1, total: 1 },
    );
    expect(requests(message).map(gate)).toEqual(['newMessages']);
    const offer = { id: 'F1', listingId: 'L1', buyerId: 'BUYER', sellerId: 'SELLER', senderId: 'BUYER' } as Offer;
    for (const status of ['pending', 'accepted', 'rejected', 'expired'] as const) {
      expect(gate(offerNotice(conversation, { ...offer, status, round: 1, amountCents: 100 }, 'SELLER').data)).toBe(
        'newOffers',
      );
    }
    const auction = {
      listingId: 'L1',
      title: 'Lamp',
      sellerId: 'SELLER',
      sellerUsername: 'sam',
      status: 'sold',
      result: 'sold',
      priceCents: 500,
      winnerId: 'WIN',
      orderId: 'O1',
    } as ClosedAuction;
    const sold = requests(closeNotices(auction, ['WIN', 'LOSER'], 'win', at));
    expect(sold.map((r) => [r.userId, gate(r)])).toEqual([
      ['LOSER', null],
      ['WIN', null],
      ['SELLER', 'salesUpdates'],
    ]);
    const unsold = requests(
      closeNotices({ ...auction, result: 'no_bids', winnerId: null, orderId: null }, [], null, at),
    );
    expect(unsold.map(gate)).toEqual(['salesUpdates']);
    expect(gate(order('escrow_created'))).toBe('salesUpdates');
    expect(gate(order('buyer', 'order_funded:O1'))).toBeNull();
    expect(gate(order('delivered'))).toBe('salesUpdates (seller)');
    expect(gate(order('completed'))).toBe('salesUpdates (seller)');
    expect(gate(order('lapsed', 'payment_lapsed:O1'))).toBe('salesUpdates (seller)');
    expect(
      gate(weeklyReportNotice('SELLER', '2026-W09', { sales: 0, revenueCents: 0, offers: 0, messages: 0 }, at).data),
    ).toBe('weeklyReports');
  });

  it('never mutes what the user must hear about their money: issues, returns, refunds, ship-by, decisions', () => {
    for (const fact of ['dispute:O1:2026-03-01T00:00:00.000Z:open', 'return:O1:pending', 'return:O1:refund_owed']) {
      const events = partyChangeEvents(
        {
          orderId: 'O1',
          status: 'delivered',
          buyerId: 'BUYER',
          sellerId: 'SELLER',
          fact,
          title: 't',
          buyer: 'b',
          seller: 's',
          note: { senderId: 'BUYER', content: 'n' },
        },
        at,
      );
      expect(requests(events).map(gate)).toEqual([null, null]);
    }
    for (const key of ['dispute_ending:O1:x', 'ship_by:O1', 'refunded:O1']) expect(gate(order('x', key))).toBeNull();
    expect(MANDATORY_KINDS).toEqual(['dispute', 'dispute_ending', 'return', 'ship_by', 'refunded']);
  });

  it("leaves the buyer's notices, reviews and unknown kinds alone, but a new kind of message or offer follows its type", () => {
    for (const key of ['outbid:B1', 'auction_ending:L1', 'auction_won:L1', 'second_chance:O1', 'review-reply:R1']) {
      expect(gate(order('x', key))).toBeNull();
    }
    const review = reviewNotice({
      reviewId: 'R1',
      orderId: 'O1',
      reviewedId: 'SELLER',
      reviewerId: 'BUYER',
      reviewerUsername: 'bea',
      rating: 5,
      comment: 'Great',
      createdAt: at.toISOString(),
    } as Parameters<typeof reviewNotice>[0]);
    expect(gate(review.data)).toBeNull();
    expect(gate({ type: 'other', dedupeKey: 'something_new:1' })).toBeNull();
    expect(gate({ type: 'message', dedupeKey: 'chat_digest:1' })).toBe('newMessages');
    expect(gate({ type: 'offer', dedupeKey: 'offer_digest:1' })).toBe('newOffers');
  });
});

describe('notify with the toggles', () => {
  function withToggles(off: NotificationToggle[], sellers: Record<string, string> = {}) {
    const mem = memoryNotificationStore();
    const { deps } = notificationDeps(mem.store);
    const reads: string[] = [];
    const preferences: NotificationPreferences = {
      async toggles(userId) {
        reads.push(`toggles ${userId}`);
        const t = { ...DEFAULT_SELLER_SETTINGS.notifications, weeklyReports: true };
        for (const k of off) t[k] = false;
        return t;
      },
      async sellerOf(orderId) {
        reads.push(`order ${orderId}`);
        return sellers[orderId] ?? null;
      },
    };
    return { mem, deps: { ...deps, preferences }, reads };
  }
  const stored = (mem: ReturnType<typeof memoryNotificationStore>, userId: string) =>
    [...(mem.items.get(userId)?.values() ?? [])].map((n) => n.title);

  it('drops a notification whose toggle is off, stores the others; reads settings only for gated kinds', async () => {
    const { mem, deps, reads } = withToggles(['newMessages']);
    const message = { ...order('x', 'message:M1'), type: 'message' as const, title: 'New Message' };
    expect(await notify(message, deps)).toEqual({ created: false, notificationId: null });
    await notify({ ...order('x', 'offer:F1:pending'), type: 'offer', title: 'New Offer' }, deps);
    await notify({ ...order('x', 'dispute:O1:t:open'), title: 'Issue reported' }, deps);
    expect(stored(mem, 'SELLER')).toEqual(['New Offer', 'Issue reported']);
    expect(reads).toEqual(['toggles SELLER', 'toggles SELLER']);
  });

  it("mutes a sale's progress for its seller only: the buyer's copy under the same key still arrives", async () => {
    const { mem, deps, reads } = withToggles(['salesUpdates'], { O1: 'SELLER' });
    await notify({ ...order('delivered'), title: 'Seller copy' }, deps);
    await notify({ ...order('delivered'), userId: 'BUYER', title: 'Buyer copy' }, deps);
    await notify({ ...order('refunded'), title: 'Escrow Cancelled' }, deps);
    expect(stored(mem, 'SELLER')).toEqual(['Escrow Cancelled']);
    expect(stored(mem, 'BUYER')).toEqual(['Buyer copy']);
    expect(reads).toEqual(['toggles SELLER', 'order O1', 'toggles BUYER', 'order O1']);
  });

  it('every toggle on stores every kind', async () => {
    const { mem, deps } = withToggles([]);
    for (const [i, kind] of ['message', 'offer', 'escrow_created', 'delivered', 'weekly_report'].entries()) {
      await notify({ ...order('x', `${kind}:${i}`), title: kind }, deps);
    }
    expect(stored(mem, 'SELLER')).toHaveLength(5);
  });
});
