import { describe, expect, it } from 'vitest';
import { createReview } from '../../../../functions/core/reviews/create-review';
import type { NewReview, ReviewDeps, ReviewStore } from '../../../../functions/core/reviews/ports';
import { replyToReview } from '../../../../functions/core/reviews/reply-to-review';
import type { ReviewRecord } from '../../../../functions/core/reviews/review';
import { orderReviewsFor, reviewRefusal } from '../../../../functions/core/reviews/review-rules';
import type { OrderRecord } from '../../../../functions/core/orders/order';
import type { DomainEvent } from '../../../../shared/events';
import { anOrder } from '../../../fixtures/order-record';

const COMPLETED_AT = '2026-12-01T10:00:00.000Z';
const DAY = 86_400_000;
const completed = (over: Partial<OrderRecord> = {}) =>
  anOrder({ status: 'completed', releaseReason: 'pickup_approved', completedAt: COMPLETED_AT, ...over });
const daysAfter = (days: number) => new Date(Date.parse(COMPLETED_AT) + days * DAY);

/** Reviews kept as the table keeps them: one per order and reviewer, totals per reviewed user. */
function memoryReviews(): ReviewStore & { items: ReviewRecord[]; totals: Map<string, [number, number]> } {
  const items: (ReviewRecord & { orderId?: string })[] = [];
  const totals = new Map<string, [number, number]>();
  return {
    items,
    totals,
    async create(r: NewReview) {
      if (items.some((x) => x.orderId === r.orderId && x.reviewerId === r.reviewerId)) return false;
      items.push({ ...r, reply: null });
      const [sum, count] = totals.get(r.reviewedId) ?? [0, 0];
      totals.set(r.reviewedId, [sum + r.rating, count + 1]);
      return true;
    },
    ofOrder: async (orderId) => items.filter((x) => x.orderId === orderId),
    get: async (reviewedId, reviewId) =>
      items.find((x) => x.reviewedId === reviewedId && x.reviewId === reviewId) ?? null,
    async reply(reviewedId, reviewId, reply) {
      const r = items.find((x) => x.reviewedId === reviewedId && x.reviewId === reviewId);
      if (!r || r.reply) return false;
      r.reply = reply;
      return true;
    },
  };
}

function deps(order: OrderRecord | null, at: Date) {
  const reviews = memoryReviews();
  const published: DomainEvent[] = [];
  let n = 0;
  const d: ReviewDeps = {
    orders: { get: async (id) => (order && id === order.orderId ? order : null) },
    reviews,
    events: { publish: async (events) => void published.push(...events) },
    newId: () => `01KREVIEW0000000000000000${n++}`,
    clock: { now: () => at },
    warn: () => {},
  };
  return { d, reviews, published };
}

const body = { rating: 5, comment: '  Great, as described.  ' };

describe('who may review an order', () => {
  it('is its two parties only; to anyone else the order does not exist (404)', () => {
    expect(reviewRefusal(completed(), 'B', daysAfter(1))).toBeNull();
    expect(reviewRefusal(completed(), 'S', daysAfter(1))).toBeNull();
    expect(reviewRefusal(completed(), 'X', daysAfter(1))).toMatchObject({ status: 404 });
    expect(reviewRefusal(null, 'B', daysAfter(1))).toMatchObject({ status: 404 });
  });

  it('only once the order is completed: funded, shipped, releasing or refunded orders are no sale yet (409)', () => {
    for (const status of ['funded', 'shipped', 'releasing', 'refunded', 'cancelled'] as const) {
      expect(reviewRefusal(completed({ status }), 'B', daysAfter(1)), status).toMatchObject({
        status: 409,
        code: 'order_not_completed',
      });
    }
    expect(reviewRefusal(completed({ completedAt: null }), 'B', daysAfter(1))).toMatchObject({ status: 409 });
  });

  it('within 60 days of its completion, the 60th day included', () => {
    expect(reviewRefusal(completed(), 'B', daysAfter(60))).toBeNull();
    expect(reviewRefusal(completed(), 'B', new Date(daysAfter(60).getTime() + 1))).toMatchObject({
      status: 409,
      code: 'review_window_closed',
      message: "Reviews can be left within 60 days of the order's completion",
    });
  });
});

describe('leaving a review', () => {
  it("the buyer's goes to the seller as 'buy', the seller's to the buyer as 'other', each added to their totals", async () => {
    const order = completed();
    const { d, reviews } = deps(order, daysAfter(2));
    const byBuyer = await createReview('B', order.orderId, body, d);
    const bySeller = await createReview('S', order.orderId, { rating: 4, comment: 'Paid fast' }, d);
    expect(byBuyer).toMatchObject({ rating: 5, comment: 'Great, as described.', transactionType: 'buy', reply: null });
    expect(bySeller).toMatchObject({ rating: 4, transactionType: 'other' });
    expect(reviews.items.map((r) => [r.reviewerId, r.reviewedId, r.reviewerUsername])).toEqual([
      ['B', 'S', 'buyer'],
      ['S', 'B', 'seller'],
    ]);
    expect(reviews.totals).toEqual(
      new Map([
        ['S', [5, 1]],
        ['B', [4, 1]],
      ]),
    );
  });

  it('is refused the second time for the same order (409), and the totals stay', async () => {
    const order = completed();
    const { d, reviews } = deps(order, daysAfter(2));
    await createReview('B', order.orderId, body, d);
    await expect(createReview('B', order.orderId, { rating: 1, comment: 'again' }, d)).rejects.toMatchObject({
      status: 409,
      code: 'already_reviewed',
      message: 'You have already reviewed this order',
    });
    expect(reviews.totals.get('S')).toEqual([5, 1]);
  });

  it('is refused for an empty comment (400 at the field), an outsider (404) and a late one (409), storing nothing', async () => {
    const order = completed();
    const { d, reviews, published } = deps(order, daysAfter(2));
    await expect(createReview('B', order.orderId, { rating: 5, comment: ' \u0007 ' }, d)).rejects.toMatchObject({
      status: 400,
      fields: { comment: 'Please write a comment' },
    });
    await expect(createReview('X', order.orderId, body, d)).rejects.toMatchObject({ status: 404 });
    const late = deps(order, daysAfter(61));
    await expect(createReview('B', order.orderId, body, late.d)).rejects.toMatchObject({ status: 409 });
    expect([...reviews.items, ...late.reviews.items, ...published]).toEqual([]);
  });

  it("notifies the reviewed user once per review ('review_received', opening the order)", async () => {
    const order = completed();
    const { d, published } = deps(order, daysAfter(2));
    const review = await createReview('B', order.orderId, body, d);
    expect(published).toEqual([
      expect.objectContaining({
        type: 'notify.requested',
        data: {
          userId: 'S',
          type: 'review_received',
          title: 'New Review',
          message: 'buyer gave you 5 stars: Great, as described.',
          relatedId: order.orderId,
          dedupeKey: `review:${review.id}`,
        },
      }),
    ]);
  });

  it('is stored even when the notification cannot be sent', async () => {
    const order = completed();
    const { d, reviews } = deps(order, daysAfter(2));
    d.events.publish = async () => Promise.reject(new Error('queue down'));
    await expect(createReview('B', order.orderId, body, d)).resolves.toMatchObject({ rating: 5 });
    expect(reviews.items).toHaveLength(1);
  });
});

describe("an order's reviews as a party reads them", () => {
  it('tells each party whether they may review, and shows theirs and the other party’s', async () => {
    const order = completed();
    const { d, reviews } = deps(order, daysAfter(2));
    expect(orderReviewsFor(order, 'B', [], daysAfter(2))).toEqual({ canReview: true, mine: null, theirs: null });
    await createReview('B', order.orderId, body, d);
    const records = await reviews.ofOrder(order.orderId);
    expect(orderReviewsFor(order, 'B', records, daysAfter(2))).toMatchObject({
      canReview: false,
      mine: { rating: 5 },
      theirs: null,
    });
    expect(orderReviewsFor(order, 'S', records, daysAfter(2))).toMatchObject({
      canReview: true,
      mine: null,
      theirs: { rating: 5, transactionType: 'buy' },
    });
    expect(orderReviewsFor(order, 'S', records, daysAfter(61)).canReview).toBe(false);
    expect(orderReviewsFor(completed({ status: 'funded' }), 'B', [], daysAfter(2)).canReview).toBe(false);
  });
});

describe('replying to a review', () => {
  it('is the reviewed user’s, once; anyone else finds no such review (404)', async () => {
    const order = completed();
    const { d, published } = deps(order, daysAfter(2));
    const review = await createReview('B', order.orderId, body, d);
    await expect(replyToReview('B', review.id, { comment: 'Hi' }, d)).rejects.toMatchObject({ status: 404 });
    await expect(replyToReview('S', review.id, { comment: '  Thanks!  ' }, d)).resolves.toMatchObject({
      reply: { comment: 'Thanks!', createdAt: daysAfter(2).toISOString() },
    });
    // The reviewer hears of it.
    expect(published.at(-1)).toMatchObject({
      type: 'notify.requested',
      data: { userId: 'B', title: 'Review Reply', message: 'Your review got a reply: Thanks!' },
    });
    await expect(replyToReview('S', review.id, { comment: 'Again' }, d)).rejects.toMatchObject({
      status: 409,
      code: 'already_replied',
    });
  });

  it('refuses an empty reply at its field (400) and a reply that lost a race (409)', async () => {
    const order = completed();
    const { d, reviews } = deps(order, daysAfter(2));
    const review = await createReview('B', order.orderId, body, d);
    await expect(replyToReview('S', review.id, { comment: '   ' }, d)).rejects.toMatchObject({
      status: 400,
      fields: { comment: 'Please write a reply' },
    });
    reviews.reply = async () => false;
    await expect(replyToReview('S', review.id, { comment: 'Thanks' }, d)).rejects.toMatchObject({ status: 409 });
  });
});
