import { beforeAll, describe, expect, it } from 'vitest';
import type { Store, StoreReview } from '../../shared/api/stores';
import { REVIEW_TEXT_MAX } from '../../shared/domain/reviews';
import { call } from './auth-support';
import { buyerAndSeller, getOrder } from './checkout-support';
import { notificationsOf, until } from './message-support';
import { fundedSale, releasePickup } from './order-support';
import { leaveReview, replyTo } from './review-support';
import { signUp, type Account } from './route-support';
import { tableService } from './table-support';

// Reviews (decision 050) through the local gateway: a completed pickup's parties review each other once.
const FROM = '127.0.8.95';
let buyer: Account;
let seller: Account;
let outsider: Account;

beforeAll(async () => {
  [{ buyer, seller }, outsider] = await Promise.all([buyerAndSeller(FROM, 'rv'), signUp(FROM, 'rvo')]);
}, 120_000);

const storeOf = async (a: Account) => (await call<Store>('GET', `/api/stores/${a.username}`)).body;
const reviewsOf = async (a: Account) =>
  (await call<{ items: StoreReview[] }>('GET', `/api/stores/${a.username}/reviews`)).body.items;
const profileOf = async (a: Account) => (await tableService().entities.profile.get({ userId: a.userId }).go()).data;

describe('reviews of a completed pickup', () => {
  it('are refused before completion, to outsiders and for bad input; then each party reviews the other once', async () => {
    const funded = await fundedSale(seller, buyer, 'pickup', 1_300);
    const early = await leaveReview(buyer, funded.id, { rating: 5, comment: 'Too soon' });
    expect(early.status).toBe(409);
    expect(early.body.error).toMatchObject({ code: 'order_not_completed' });
    expect((await getOrder(buyer, funded.id)).body.reviews).toEqual({ canReview: false, mine: null, theirs: null });

    const order = await releasePickup(seller, funded);
    expect((await getOrder(buyer, order.id)).body.reviews).toEqual({ canReview: true, mine: null, theirs: null });
    expect((await leaveReview(outsider, order.id, { rating: 5, comment: 'Fake' })).status).toBe(404);
    for (const [body, field] of [
      [{ rating: 6, comment: 'Too many stars' }, 'rating'],
      [{ rating: 4.5, comment: 'Half a star' }, 'rating'],
      [{ rating: 5, comment: '   ' }, 'comment'],
      [{ rating: 5, comment: 'x'.repeat(REVIEW_TEXT_MAX + 1) }, 'comment'],
      [{ rating: 5 }, 'comment'],
    ] as const) {
      const bad = await leaveReview(buyer, order.id, body);
      expect(bad.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(bad.body.error?.fields?.[field]).toEqual(expect.any(String));
    }
    const before = { seller: await profileOf(seller), buyer: await profileOf(buyer) };

    const key = crypto.randomUUID();
    const made = await leaveReview(buyer, order.id, { rating: 5, comment: ' Smooth pickup! ' }, key);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({ rating: 5, comment: 'Smooth pickup!', transactionType: 'buy', reply: null });
    // A retry with the same key gets the first answer; a new review of the same order is refused.
    expect((await leaveReview(buyer, order.id, { rating: 5, comment: ' Smooth pickup! ' }, key)).body.id).toBe(
      made.body.id,
    );
    const again = await leaveReview(buyer, order.id, { rating: 1, comment: 'Changed my mind' });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({
      code: 'already_reviewed',
      message: 'You have already reviewed this order',
    });

    const back = await leaveReview(seller, order.id, { rating: 4, comment: 'Punctual buyer' });
    expect(back.status, JSON.stringify(back.body)).toBe(201);
    expect(back.body.transactionType).toBe('other');

    // The totals moved by one review each, in the same transaction as the review.
    expect(await profileOf(seller)).toMatchObject({
      ratingSum: (before.seller?.ratingSum ?? 0) + 5,
      ratingCount: (before.seller?.ratingCount ?? 0) + 1,
    });
    expect(await profileOf(buyer)).toMatchObject({
      ratingSum: (before.buyer?.ratingSum ?? 0) + 4,
      ratingCount: (before.buyer?.ratingCount ?? 0) + 1,
    });
    expect(await storeOf(seller)).toMatchObject({ rating: 5, reviewCount: 1 });
    expect((await reviewsOf(seller))[0]).toMatchObject({
      id: made.body.id,
      rating: 5,
      transactionType: 'buy',
      reviewer: { username: buyer.username },
    });
    expect((await reviewsOf(buyer))[0]).toMatchObject({ id: back.body.id, reviewer: { username: seller.username } });

    expect((await getOrder(seller, order.id)).body.reviews).toEqual({
      canReview: false,
      mine: back.body,
      theirs: made.body,
    });
    await until(async () =>
      (await notificationsOf(seller)).some((n) => n.type === 'review_received' && n.relatedId === order.id),
    );

    // The reviewed user replies once; the reviewer can't reply to their own review (it is not theirs: 404).
    expect((await replyTo(buyer, made.body.id, 'Me too')).status).toBe(404);
    const reply = await replyTo(seller, made.body.id, ' Thanks for coming by ');
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    expect(reply.body.reply).toMatchObject({ comment: 'Thanks for coming by' });
    expect((await replyTo(seller, made.body.id, 'Once more')).body.error).toMatchObject({ code: 'already_replied' });
    expect((await reviewsOf(seller))[0]!.reply).toEqual(reply.body.reply);
    expect((await getOrder(buyer, order.id)).body.reviews?.mine?.reply).toEqual(reply.body.reply);
  }, 120_000);

  it('refuses a reply to a review id nobody has, and an id that is not one', async () => {
    expect((await replyTo(seller, '01ARZ3NDEKTSV4RRFFQ69G5FAV', 'Hi')).status).toBe(404);
    const bad = await replyTo(seller, 'not-a-review', 'Hi');
    expect(bad.status).toBe(400);
    expect(bad.body.error?.message).toEqual(expect.any(String));
  });
});
