import { describe, expect, it } from 'vitest';
import { answerOffer } from '../../../../functions/core/offers/answer-offer';
import { declineOpenOffers } from '../../../../functions/core/offers/decline-offers';
import { expireOffers } from '../../../../functions/core/offers/expire-offers';
import { listConversationOffers } from '../../../../functions/core/offers/list-conversation-offers';
import { listMyOffers } from '../../../../functions/core/offers/list-my-offers';
import { makeOffer } from '../../../../functions/core/offers/make-offer';
import type { DomainEvent } from '../../../../shared/events';
import { offerWorld, saleListing, T0 } from './memory-offers';

const HOUR = 3_600_000;

async function withOffer(amountCents = 4_000, expires = true) {
  const w = offerWorld();
  const conversationId = await w.conversation();
  const offer = await makeOffer('BUYER', conversationId, { amountCents, expires }, w.deps);
  return { ...w, conversationId, offer };
}

const ofType = <T extends DomainEvent['type']>(events: DomainEvent[], type: T) =>
  events.filter((e): e is Extract<DomainEvent, { type: T }> => e.type === type);

/** The last message is the seller's system message `content`, and the buyer alone got the notice `title`: `text`. */
function expectToldBuyer(w: ReturnType<typeof offerWorld>, content: string, title: string, text: string) {
  expect(w.memory.messages.at(-1)).toMatchObject({ kind: 'system', content, senderId: 'SELLER' });
  expect(ofType(w.published, 'notify.requested').map((e) => e.data)).toEqual([
    expect.objectContaining({ userId: 'BUYER', title, message: text }),
  ]);
}

describe('making an offer', () => {
  it("writes the offer and its 'offer' message together; both parties hear it, the seller's bell rings once", async () => {
    const { offer, conversationId, memory, published, deps } = await withOffer();
    expect(offer).toMatchObject({ status: 'pending', round: 1, amountCents: 4_000, senderId: 'BUYER' });
    expect(memory.messages.at(-1)).toMatchObject({
      kind: 'offer',
      content: 'Made an offer of $40.00 (expires in 24 hours)',
      offerId: offer.id,
      senderId: 'BUYER',
    });
    expect(memory.conversations.get(conversationId)?.currentOfferId).toBe(offer.id);
    expect(ofType(published, 'offer.updated').map((e) => e.topic)).toEqual(['user:BUYER', 'user:SELLER']);
    const created = ofType(published, 'message.created');
    expect(created.map((e) => [e.topic, e.data.unread])).toEqual([
      ['user:SELLER', { conversation: 1, total: 1 }],
      ['user:BUYER', null],
    ]);
    const notices = ofType(published, 'notify.requested').map((e) => e.data);
    expect(notices).toEqual([
      expect.objectContaining({ userId: 'SELLER', type: 'offer', title: 'New Offer', relatedId: 'L1' }),
    ]);
    expect(notices[0]?.message).toBe('bea offered $40.00 for Brass Lantern.');
    expect(deps.balanceCents).toHaveBeenCalledWith('rBUYER');
  });

  it('refuses in the rules’ order and writes nothing: party, role, listing, amount, open thread, balance', async () => {
    const w = offerWorld();
    const id = await w.conversation();
    const terms = { amountCents: 4_000, expires: true };
    await expect(makeOffer('OTHER', id, terms, w.deps)).rejects.toMatchObject({ status: 404 });
    await expect(makeOffer('SELLER', id, terms, w.deps)).rejects.toMatchObject({ status: 403, code: 'own_item' });
    await expect(makeOffer('BUYER', id, { ...terms, amountCents: 2_999 }, w.deps)).rejects.toMatchObject({
      status: 409,
      code: 'below_minimum',
    });
    w.deps.balanceCents.mockResolvedValueOnce(3_999);
    await expect(makeOffer('BUYER', id, terms, w.deps)).rejects.toMatchObject({
      status: 409,
      code: 'insufficient_balance',
      message: 'You need $40.00 but only have $39.99 available.',
    });
    w.listings.set('L1', saleListing({ acceptOffers: false }));
    await expect(makeOffer('BUYER', id, terms, w.deps)).rejects.toMatchObject({ code: 'offers_not_accepted' });
    expect(w.offers.size).toBe(0);
    w.deps.balanceCents.mockRejectedValueOnce(new Error('ledger down'));
    w.listings.set('L1', saleListing());
    await expect(makeOffer('BUYER', id, terms, w.deps)).rejects.toMatchObject({
      status: 503,
      code: 'ledger_unavailable',
    });
    await makeOffer('BUYER', id, terms, w.deps);
    await expect(makeOffer('BUYER', id, terms, w.deps)).rejects.toMatchObject({ code: 'offer_open' });
    expect(w.offers.size).toBe(1);
  });

  it('two offers racing in one conversation: the conversation’s current offer lets one through', async () => {
    const w = offerWorld();
    const id = await w.conversation();
    const terms = { amountCents: 4_000, expires: true };
    const results = await Promise.allSettled([
      makeOffer('BUYER', id, terms, w.deps),
      makeOffer('BUYER', id, terms, w.deps),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(w.offers.size).toBe(1);
  });
});

describe('answering', () => {
  it("accept: 'Offer accepted' from the seller, the buyer told to buy within 48 hours", async () => {
    const w = await withOffer();
    w.published.length = 0;
    w.clock.at = T0 + HOUR;
    const accepted = await answerOffer('SELLER', w.offer.id, { kind: 'accept' }, w.deps);
    expect(accepted).toMatchObject({ status: 'accepted', buyBy: new Date(T0 + 49 * HOUR).toISOString() });
    expectToldBuyer(
      w,
      'Offer accepted',
      'Offer accepted',
      'sam accepted your offer of $40.00 for Brass Lantern. Buy it at that price within 48 hours.',
    );
  });

  it('two answers racing: one wins, the other is 409 not_pending; one system message', async () => {
    const { offer, deps, memory } = await withOffer();
    const results = await Promise.allSettled([
      answerOffer('SELLER', offer.id, { kind: 'accept' }, deps),
      answerOffer('SELLER', offer.id, { kind: 'reject' }, deps),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const lost = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(lost.reason).toMatchObject({ status: 409, code: 'not_pending' });
    expect(memory.messages.filter((m) => m.kind === 'system')).toHaveLength(1);
  });

  it('the seller’s counter needs no balance; the buyer’s is checked like an offer; 5 rounds at most', async () => {
    const { offer, deps, offers } = await withOffer();
    deps.balanceCents.mockClear();
    const c2 = await answerOffer('SELLER', offer.id, { kind: 'counter', amountCents: 2_000, expires: false }, deps);
    expect(deps.balanceCents).not.toHaveBeenCalled();
    expect(offers.get(offer.id)?.status).toBe('countered');
    await expect(
      answerOffer('BUYER', c2.id, { kind: 'counter', amountCents: 2_500, expires: true }, deps),
    ).rejects.toMatchObject({ code: 'below_minimum' });
    const c3 = await answerOffer('BUYER', c2.id, { kind: 'counter', amountCents: 4_500, expires: true }, deps);
    expect(deps.balanceCents).toHaveBeenCalledTimes(1);
    const c4 = await answerOffer('SELLER', c3.id, { kind: 'counter', amountCents: 4_800, expires: true }, deps);
    const c5 = await answerOffer('BUYER', c4.id, { kind: 'counter', amountCents: 4_600, expires: true }, deps);
    expect(c5.round).toBe(5);
    await expect(
      answerOffer('SELLER', c5.id, { kind: 'counter', amountCents: 4_700, expires: true }, deps),
    ).rejects.toMatchObject({ code: 'too_many_rounds' });
    const listed = await listConversationOffers('BUYER', offer.conversationId, deps);
    expect(listed.items.map((o) => [o.round, o.status])).toEqual([
      [5, 'pending'],
      [4, 'countered'],
      [3, 'countered'],
      [2, 'countered'],
      [1, 'countered'],
    ]);
    // My Offers: the thread once, its newest round.
    expect((await listMyOffers('BUYER', undefined, deps)).items.map((o) => o.id)).toEqual([c5.id]);
    await expect(listConversationOffers('OTHER', offer.conversationId, deps)).rejects.toMatchObject({ status: 404 });
  });

  it('an answer after the expiry is refused before the schedule runs; the schedule then expires it, once', async () => {
    const { offer, deps, memory, published, clock } = await withOffer();
    clock.at = Date.parse(offer.expiresAt!);
    await expect(answerOffer('SELLER', offer.id, { kind: 'accept' }, deps)).rejects.toMatchObject({
      code: 'not_pending',
    });
    published.length = 0;
    const at = new Date(Date.parse(offer.expiresAt!) + 1);
    expect(await expireOffers(at, deps)).toEqual({ expired: 1, skipped: 0, failed: 0 });
    expect(await expireOffers(at, deps)).toEqual({ expired: 0, skipped: 0, failed: 0 });
    expect(memory.messages.at(-1)).toMatchObject({ kind: 'system', content: 'Offer expired', senderId: 'SELLER' });
    expect(ofType(published, 'notify.requested').map((e) => [e.data.userId, e.data.title])).toEqual([
      ['BUYER', 'Offer expired'],
    ]);
  });

  it('the schedule leaves offers before their expiry and those without one', async () => {
    const { offer, deps } = await withOffer();
    expect(await expireOffers(new Date(Date.parse(offer.expiresAt!) - 1), deps)).toMatchObject({ expired: 0 });
    const other = await withOffer(4_000, false);
    expect(await expireOffers(new Date(T0 + 1_000 * HOUR), other.deps)).toMatchObject({ expired: 0 });
  });
});

describe('declining on sale', () => {
  it('declines the pending and the accepted-but-unbought offers once; a listing still for sale declines nothing', async () => {
    const w = await withOffer();
    const { offer, deps, offers, listings, published } = w;
    const bought = { ...offer, id: 'BOUGHT', status: 'accepted' as const, orderId: 'ORDER1' };
    offers.set(bought.id, bought);
    expect(await declineOpenOffers('L1', deps)).toEqual({ declined: 0, skipped: 0 });

    listings.set('L1', saleListing({ status: 'sold', quantitySold: 1 }));
    published.length = 0;
    expect(await declineOpenOffers('L1', deps)).toEqual({ declined: 1, skipped: 0 });
    expect(await declineOpenOffers('L1', deps)).toEqual({ declined: 0, skipped: 0 });
    expect(offers.get(offer.id)?.status).toBe('declined');
    expect(offers.get('BOUGHT')?.status).toBe('accepted');
    expectToldBuyer(
      w,
      'Offer declined',
      'Offer declined',
      'Brass Lantern sold out, so the offer of $40.00 was declined.',
    );
  });
});
