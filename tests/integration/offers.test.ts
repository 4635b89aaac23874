import { randomUUID } from 'node:crypto';
import { hashes } from 'xrpl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cart } from '../../shared/api/cart';
import { OFFER_MAX_ROUNDS, OFFER_TEXTS, type Offer } from '../../shared/domain/offers';
import { call } from './auth-support';
import {
  buyerAndSeller,
  checkout,
  listItem,
  putInCart,
  requestSigning,
  signAndFund,
  waitForOrder,
  withLedger,
} from './checkout-support';
import { conversationWith, messagesOf, notificationsOf, start, until } from './message-support';
import {
  answer,
  expireOffersAt,
  makeOffer,
  myOffers,
  offerListing,
  offerOn,
  offersIn,
  userSocket,
} from './offer-support';
import { endListingsOf, signUp, type Account } from './route-support';

const FROM = '127.0.19.1';
let seller: Account;
let buyer: Account;
let stranger: Account;

beforeAll(async () => {
  ({ buyer, seller } = await buyerAndSeller(FROM, 'off'));
  stranger = await signUp('127.0.19.2', 'offx');
}, 120_000);

afterAll(async () => {
  await call('DELETE', '/_local/clock');
  if (seller) await endListingsOf(seller);
});

const offerIn = async (a: Account, conversationId: string, offerId: string): Promise<Offer | undefined> =>
  (await offersIn(a, conversationId)).body.items.find((o) => o.id === offerId);

const cartOf = async (a: Account) => (await call<Cart>('GET', '/api/me/cart', { token: a.token, from: a.from })).body;
const emptyCart = (a: Account) => call('DELETE', '/api/me/cart', { token: a.token, from: a.from });

describe('making an offer', () => {
  it("writes the offer and its message in the conversation; both parties hear it live; the seller's bell rings", async () => {
    const listingId = await offerListing(seller, { title: 'Offer Test Lamp' });
    const conversationId = await conversationWith(buyer, listingId);
    const sellerSocket = await userSocket(seller);
    const buyerSocket = await userSocket(buyer);
    try {
      const made = await makeOffer(buyer, conversationId, { amountCents: 4_000, expires: true });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      const offer = made.body;
      expect(offer).toMatchObject({
        conversationId,
        listingId,
        buyerId: buyer.userId,
        sellerId: seller.userId,
        senderId: buyer.userId,
        amountCents: 4_000,
        status: 'pending',
        round: 1,
        counterOf: null,
        buyBy: null,
        orderId: null,
      });
      expect(Date.parse(offer.expiresAt!) - Date.parse(offer.createdAt)).toBe(24 * 3_600_000);

      const chat = await messagesOf(seller, conversationId);
      expect(chat.body.items.at(-1)).toMatchObject({
        type: 'offer',
        content: 'Made an offer of $40.00 (expires in 24 hours)',
        offerId: offer.id,
        senderId: buyer.userId,
      });
      for (const socket of [sellerSocket, buyerSocket]) {
        await until(() => socket.events().some((e) => e.type === 'offer.updated' && e.data.offer.id === offer.id));
        await until(() =>
          socket.events().some((e) => e.type === 'message.created' && e.data.message.offerId === offer.id),
        );
      }
      await until(async () =>
        (await notificationsOf(seller)).some(
          (n) => n.type === 'offer' && n.relatedId === listingId && n.title === 'New Offer',
        ),
      );
      // The offer is not a text message: no 'message' notification beside the 'offer' one.
      expect((await notificationsOf(seller)).filter((n) => n.type === 'message')).toEqual([]);

      expect((await offersIn(seller, conversationId)).body.items.map((o) => o.id)).toEqual([offer.id]);
      expect((await offersIn(buyer, conversationId)).body.items[0]).toEqual(offer);
      // A retry with the same Idempotency-Key is the first answer, not a second offer (the next test makes a new one).
    } finally {
      sellerSocket.close();
      buyerSocket.close();
    }
  });

  it('without the expiry toggle: no expiry, the message without the parenthesis; a retry is the first answer', async () => {
    const listingId = await offerListing(seller);
    const conversationId = await conversationWith(buyer, listingId);
    const key = randomUUID();
    const first = await makeOffer(buyer, conversationId, { amountCents: 3_000, expires: false }, key);
    const again = await makeOffer(buyer, conversationId, { amountCents: 3_000, expires: false }, key);
    expect(first.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(first.body.expiresAt).toBeNull();
    expect((await offersIn(buyer, conversationId)).body.items).toHaveLength(1);
    expect((await messagesOf(buyer, conversationId)).body.items.at(-1)?.content).toBe('Made an offer of $30.00');
  });

  it('refuses what the rules refuse, with the code and words of each', async () => {
    const listingId = await offerListing(seller, { minOfferCents: 3_000 });
    const conversationId = await conversationWith(buyer, listingId);
    const refused = async (a: Account, amountCents: unknown, status: number, code: string, message?: string) => {
      const r = await makeOffer(a, conversationId, { amountCents, expires: true });
      expect(r.status, JSON.stringify(r.body)).toBe(status);
      expect(r.body.error?.code).toBe(code);
      if (message) expect(r.body.error?.message).toBe(message);
    };
    for (const amount of [0, -500, 12.5])
      await refused(buyer, amount, 400, 'invalid_amount', OFFER_TEXTS.invalidAmount);
    await refused(buyer, '40', 400, 'validation_failed');
    // The seller's minimum is never revealed.
    await refused(buyer, 2_999, 409, 'below_minimum', OFFER_TEXTS.belowMinimum);
    await refused(buyer, 100_000_000, 409, 'insufficient_balance');
    // The seller is the conversation's other party: their own item.
    await refused(seller, 3_500, 403, 'own_item', OFFER_TEXTS.ownItem);
    // Anyone else: the conversation does not exist.
    await refused(stranger, 3_500, 404, 'not_found');
    expect((await offersIn(buyer, conversationId)).body.items).toEqual([]);
    expect((await offersIn(stranger, conversationId)).status).toBe(404);

    // A listing that does not take offers, a store conversation, an auction.
    const plain = await conversationWith(buyer, await listItem(seller, { priceCents: 5_000 }));
    const r1 = await makeOffer(buyer, plain, { amountCents: 3_500, expires: true });
    expect(r1.body.error).toMatchObject({ code: 'offers_not_accepted', message: OFFER_TEXTS.notAccepted });
    const store = (await start(buyer, { sellerId: seller.userId })).body.conversation.id;
    expect((await makeOffer(buyer, store, { amountCents: 3_500, expires: true })).body.error?.code).toBe(
      'offers_not_accepted',
    );

    // One live thread per conversation: a second offer waits for the first to be answered.
    expect((await makeOffer(buyer, conversationId, { amountCents: 3_000, expires: true })).status).toBe(201);
    const second = await makeOffer(buyer, conversationId, { amountCents: 3_200, expires: true });
    expect(second.status).toBe(409);
    expect(second.body.error).toMatchObject({ code: 'offer_open', message: OFFER_TEXTS.offerPending });
  });

  it('a listing no longer for sale takes no offer', async () => {
    const listingId = await offerListing(seller);
    const conversationId = await conversationWith(buyer, listingId);
    await call('POST', `/api/listings/${listingId}/end`, { token: seller.token, from: FROM, body: {} });
    const r = await makeOffer(buyer, conversationId, { amountCents: 3_500, expires: true });
    expect(r.status).toBe(409);
    expect(r.body.error).toMatchObject({ code: 'listing_unavailable', message: OFFER_TEXTS.listingUnavailable });
  });
});

describe('answering an offer', () => {
  it("only its receiver: the sender is refused (403), anyone else doesn't see it (404)", async () => {
    const { offer } = await offerOn(buyer, await offerListing(seller), 3_500);
    for (const kind of ['accept', 'reject', 'counter'] as const) {
      const body = kind === 'counter' ? { amountCents: 4_500, expires: true } : {};
      const own = await answer(buyer, offer.id, kind, body);
      expect(own.status).toBe(403);
      expect(own.body.error).toMatchObject({ code: 'not_receiver', message: OFFER_TEXTS.notReceiver });
      expect((await answer(stranger, offer.id, kind, body)).status).toBe(404);
    }
    expect((await answer(seller, '01ZZZZZZZZZZZZZZZZZZZZZZZZ', 'accept')).status).toBe(404);
    expect((await answer(seller, 'not-an-offer', 'accept')).status).toBe(400);
  });

  it("reject: 'Offer rejected' in the chat, the buyer told; nothing can answer it again (409)", async () => {
    const listingId = await offerListing(seller);
    const { conversationId, offer } = await offerOn(buyer, listingId, 3_500);
    const rejected = await answer(seller, offer.id, 'reject');
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({ id: offer.id, status: 'rejected', buyBy: null });
    expect((await messagesOf(buyer, conversationId)).body.items.at(-1)).toMatchObject({
      type: 'system',
      content: 'Offer rejected',
      offerId: offer.id,
      senderId: seller.userId,
    });
    await until(async () =>
      (await notificationsOf(buyer)).some(
        (n) => n.type === 'offer' && n.title === 'Offer rejected' && n.relatedId === listingId,
      ),
    );
    const again = await answer(seller, offer.id, 'accept');
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: 'not_pending', message: OFFER_TEXTS.notPending });
    // The thread is over: the buyer may offer again.
    expect((await makeOffer(buyer, conversationId, { amountCents: 3_600, expires: true })).status).toBe(201);
  });

  it('counters up to 5 rounds, each its own message and expiry; the buyer’s counter follows the offer rules', async () => {
    const listingId = await offerListing(seller, { minOfferCents: 3_000 });
    const { conversationId, offer: first } = await offerOn(buyer, listingId, 3_000);
    const c2 = await answer(seller, first.id, 'counter', { amountCents: 4_800, expires: false });
    expect(c2.status, JSON.stringify(c2.body)).toBe(201);
    expect(c2.body).toMatchObject({
      round: 2,
      counterOf: first.id,
      senderId: seller.userId,
      amountCents: 4_800,
      expiresAt: null,
      status: 'pending',
    });
    expect((await offerIn(buyer, conversationId, first.id))?.status).toBe('countered');
    expect((await messagesOf(buyer, conversationId)).body.items.at(-1)).toMatchObject({
      type: 'offer',
      content: 'Countered with an offer of $48.00',
      offerId: c2.body.id,
      senderId: seller.userId,
    });
    // The countered round can't be answered any more; the seller can't answer their own counter.
    expect((await answer(seller, first.id, 'accept')).body.error?.code).toBe('not_pending');
    expect((await answer(seller, c2.body.id, 'accept')).body.error?.code).toBe('not_receiver');
    // The buyer's counter is an offer: at least the minimum, at most the balance.
    expect((await answer(buyer, c2.body.id, 'counter', { amountCents: 2_000, expires: true })).body.error?.code).toBe(
      'below_minimum',
    );
    expect(
      (await answer(buyer, c2.body.id, 'counter', { amountCents: 100_000_000, expires: true })).body.error?.code,
    ).toBe('insufficient_balance');
    expect((await answer(buyer, c2.body.id, 'counter', { amountCents: 0, expires: true })).status).toBe(400);

    let current = c2.body;
    for (let round = 3; round <= OFFER_MAX_ROUNDS; round++) {
      const by = current.senderId === seller.userId ? buyer : seller;
      const next = await answer(by, current.id, 'counter', { amountCents: 4_000 + round * 10, expires: true });
      expect(next.status, JSON.stringify(next.body)).toBe(201);
      expect(next.body).toMatchObject({ round, counterOf: current.id, senderId: by.userId });
      expect(Date.parse(next.body.expiresAt!) - Date.parse(next.body.createdAt)).toBe(24 * 3_600_000);
      current = next.body;
    }
    const by = current.senderId === seller.userId ? buyer : seller;
    const capped = await answer(by, current.id, 'counter', { amountCents: 4_200, expires: true });
    expect(capped.status).toBe(409);
    expect(capped.body.error).toMatchObject({ code: 'too_many_rounds', message: OFFER_TEXTS.tooManyRounds });
    // Round 5 can still be accepted.
    const accepted = await answer(by, current.id, 'accept');
    expect(accepted.body).toMatchObject({ status: 'accepted', round: OFFER_MAX_ROUNDS });

    const rounds = (await offersIn(seller, conversationId)).body.items;
    expect(rounds.map((o) => o.round)).toEqual([5, 4, 3, 2, 1]);
    expect(rounds.map((o) => o.status)).toEqual(['accepted', 'countered', 'countered', 'countered', 'countered']);
    // My Offers: the thread once, as its newest round.
    const mine = (await myOffers(buyer)).body.items.filter((o) => o.conversationId === conversationId);
    expect(mine).toEqual([expect.objectContaining({ id: current.id, status: 'accepted' })]);
  });

  it('accept: buyable for 48 hours; a new offer waits until it is bought; two answers racing: one wins, one 409', async () => {
    const listingId = await offerListing(seller);
    const { conversationId, offer } = await offerOn(buyer, listingId, 3_500);
    const raced = await Promise.all([answer(seller, offer.id, 'accept'), answer(seller, offer.id, 'reject')]);
    expect(raced.map((r) => r.status).sort()).toEqual([200, 409]);
    const won = raced.find((r) => r.status === 200)!.body;
    const lost = raced.find((r) => r.status === 409)!.body;
    expect(lost.error?.code).toBe('not_pending');
    expect((await offerIn(buyer, conversationId, offer.id))?.status).toBe(won.status);
    const systems = (await messagesOf(buyer, conversationId)).body.items.filter((m) => m.type === 'system');
    expect(systems).toHaveLength(1);

    if (won.status === 'accepted') {
      expect(Date.parse(won.buyBy!) - Date.parse(won.updatedAt)).toBe(48 * 3_600_000);
      expect(systems[0]?.content).toBe('Offer accepted');
      const blocked = await makeOffer(buyer, conversationId, { amountCents: 3_000, expires: true });
      expect(blocked.body.error).toMatchObject({ code: 'offer_open', message: OFFER_TEXTS.offerAccepted });
    }
  });

  it('an offer past its expiry is refused even before the schedule marks it', async () => {
    const { offer } = await offerOn(buyer, await offerListing(seller), 3_500);
    try {
      const later = new Date(Date.parse(offer.expiresAt!) + 60_000).toISOString();
      expect((await call('PUT', '/_local/clock', { body: { at: later } })).status).toBe(200);
      const late = await answer(seller, offer.id, 'accept');
      expect(late.status).toBe(409);
      expect(late.body.error?.code).toBe('not_pending');
    } finally {
      expect((await call('DELETE', '/_local/clock')).status).toBe(200);
    }
  });
});

describe('the expiry schedule', () => {
  it("marks pending offers past their expiry 'expired' with 'Offer expired'; running it twice changes nothing more", async () => {
    const listingId = await offerListing(seller);
    const { conversationId, offer } = await offerOn(buyer, listingId, 3_500);
    const open = await offerOn(buyer, await offerListing(seller), 3_500, false);
    const before = await expireOffersAt(new Date(Date.parse(offer.expiresAt!) - 60_000));
    expect((await offerIn(buyer, conversationId, offer.id))?.status).toBe('pending');
    expect(before.failed).toBe(0);

    const at = new Date(Date.parse(offer.expiresAt!) + 60_000);
    const first = await expireOffersAt(at);
    expect(first.expired).toBeGreaterThanOrEqual(1);
    expect(first.failed).toBe(0);
    expect((await offerIn(buyer, conversationId, offer.id))?.status).toBe('expired');
    const second = await expireOffersAt(at);
    expect(second).toEqual({ expired: 0, skipped: 0, failed: 0 });

    const systems = (await messagesOf(seller, conversationId)).body.items.filter((m) => m.type === 'system');
    expect(systems).toEqual([
      expect.objectContaining({ content: 'Offer expired', offerId: offer.id, senderId: seller.userId }),
    ]);
    await until(async () =>
      (await notificationsOf(buyer)).some((n) => n.title === 'Offer expired' && n.relatedId === listingId),
    );
    // An offer without expiry stays pending.
    expect((await offerIn(buyer, open.conversationId, open.offer.id))?.status).toBe('pending');
    // The thread is over: a new offer may start.
    expect((await makeOffer(buyer, conversationId, { amountCents: 3_600, expires: true })).status).toBe(201);
  });
});

describe('buying at the accepted offer', () => {
  it('the cart prices one unit at the offer, checkout reserves it through escrow, and the offer is used once', async () => {
    await emptyCart(buyer);
    const listingId = await offerListing(seller, { priceCents: 5_000, quantity: 3 });
    const { conversationId, offer } = await offerOn(buyer, listingId, 4_000);
    expect((await answer(seller, offer.id, 'accept')).status).toBe(200);

    await putInCart(buyer, listingId);
    const line = (await cartOf(buyer)).items.find((l) => l.listingId === listingId)!;
    expect(line).toMatchObject({
      unitPriceCents: 4_000,
      quantity: 1,
      available: 1,
      status: 'ok',
      offer: { id: offer.id },
    });
    // One unit at the offer's price.
    const two = await call<{ error: { code: string; message: string } }>('PUT', `/api/me/cart/items/${listingId}`, {
      token: buyer.token,
      from: FROM,
      body: { quantity: 2 },
    });
    expect(two.status).toBe(409);
    expect(two.body.error).toMatchObject({ code: 'quantity_unavailable', message: 'An accepted offer buys 1 unit.' });
    // Someone else sees the listing's price.
    const { buyer: other } = await buyerAndSeller(FROM, 'offo');
    await putInCart(other, listingId);
    expect((await cartOf(other)).items[0]).toMatchObject({ unitPriceCents: 5_000, available: 3 });
    await emptyCart(other);

    expect((await checkout(buyer, 5_000)).body.error?.code).toBe('price_changed');
    const made = await checkout(buyer, 4_000);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const order = made.body.orders[0]!;
    expect(order).toMatchObject({ totalCents: 4_000, lines: [{ listingId, quantity: 1, unitPriceCents: 4_000 }] });
    expect((await offerIn(buyer, conversationId, offer.id))?.orderId).toBe(order.id);
    // Used: the cart now prices the listing as anyone's.
    expect((await cartOf(buyer)).items[0]).toMatchObject({ unitPriceCents: 5_000 });
    expect((await cartOf(buyer)).items[0]?.offer).toBeUndefined();

    const funded = await signAndFund(buyer, order.id);
    expect(funded.status).toBe('funded');
    const escrow = await withLedger(async (client) => {
      const id = hashes.hashEscrow(buyer.wallet, funded.escrow.sequence!);
      const res = await client.request({ command: 'ledger_entry', index: id, ledger_index: 'validated' });
      return res.result.node as unknown as { Amount: { value: string } };
    });
    expect(escrow.Amount.value).toBe('40');
    // Bought: the thread is over, a new offer may start.
    expect(await offerIn(buyer, conversationId, offer.id)).toMatchObject({ status: 'accepted', orderId: order.id });
    expect((await makeOffer(buyer, conversationId, { amountCents: 4_100, expires: true })).status).toBe(201);
    await emptyCart(buyer);
  }, 60_000);

  it('a cancelled order gives the offer back: it can be bought at its price again', async () => {
    await emptyCart(buyer);
    const listingId = await offerListing(seller, { priceCents: 5_000 });
    const { conversationId, offer } = await offerOn(buyer, listingId, 4_200);
    expect((await answer(seller, offer.id, 'accept')).status).toBe(200);
    await putInCart(buyer, listingId);
    const orderId = (await checkout(buyer, 4_200)).body.orders[0]!.id;
    expect((await offerIn(buyer, conversationId, offer.id))?.orderId).toBe(orderId);
    expect((await requestSigning(buyer, orderId)).status).toBe(201);
    const withdrawn = await call('DELETE', `/api/orders/${orderId}/escrow-signing`, { token: buyer.token, from: FROM });
    expect(withdrawn.status).toBe(200);
    expect((await waitForOrder(buyer, orderId, ['awaiting_signature'])).status).toBe('cancelled');
    expect((await offerIn(buyer, conversationId, offer.id))?.orderId).toBeNull();
    expect((await cartOf(buyer)).items[0]).toMatchObject({ unitPriceCents: 4_200, offer: { id: offer.id } });
    await emptyCart(buyer);
  }, 60_000);

  it('selling the last unit declines every open offer on it, with a notice to each buyer', async () => {
    const listingId = await offerListing(seller, { priceCents: 5_000, quantity: 1, title: 'Last Unit Clock' });
    const { buyer: second } = await buyerAndSeller(FROM, 'offd');
    const pending = await offerOn(buyer, listingId, 3_500);
    const accepted = await offerOn(second, listingId, 4_000);
    expect((await answer(seller, accepted.offer.id, 'accept')).status).toBe(200);

    const { buyer: third } = await buyerAndSeller(FROM, 'offt');
    await putInCart(third, listingId);
    const made = await checkout(third, 5_000);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect((await signAndFund(third, made.body.orders[0]!.id)).status).toBe('funded');

    await until(async () => (await offerIn(buyer, pending.conversationId, pending.offer.id))?.status === 'declined');
    await until(async () => (await offerIn(second, accepted.conversationId, accepted.offer.id))?.status === 'declined');
    for (const [who, thread] of [
      [buyer, pending],
      [second, accepted],
    ] as const) {
      expect((await messagesOf(who, thread.conversationId)).body.items.at(-1)).toMatchObject({
        type: 'system',
        content: 'Offer declined',
        offerId: thread.offer.id,
        senderId: seller.userId,
      });
      await until(async () =>
        (await notificationsOf(who)).some((n) => n.title === 'Offer declined' && n.relatedId === listingId),
      );
    }
  }, 90_000);
});

describe('a listing its seller ends', () => {
  it('declines the offers still open on it, with a notice to the buyer', async () => {
    const listingId = await offerListing(seller, { title: 'Withdrawn Clock' });
    const pending = await offerOn(buyer, listingId, 3_500);
    const ended = await call('POST', `/api/listings/${listingId}/end`, { token: seller.token, from: FROM, body: {} });
    expect(ended.status).toBe(200);
    await until(async () => (await offerIn(buyer, pending.conversationId, pending.offer.id))?.status === 'declined');
    expect((await messagesOf(buyer, pending.conversationId)).body.items.at(-1)).toMatchObject({
      type: 'system',
      content: 'Offer declined',
      offerId: pending.offer.id,
    });
    await until(async () =>
      (await notificationsOf(buyer)).some((n) => n.title === 'Offer declined' && n.relatedId === listingId),
    );
  }, 60_000);
});

describe("My Activity's Offers", () => {
  it('lists the buyer’s threads newest first with the listing, paged with a cursor', async () => {
    const { buyer: shopper } = await buyerAndSeller(FROM, 'offp');
    const listingId = await offerListing(seller, { title: 'Paged Offers Vase' });
    const conversationId = await conversationWith(shopper, listingId);
    const made: string[] = [];
    for (let i = 0; i < 21; i++) {
      const offer = await makeOffer(shopper, conversationId, { amountCents: 3_000 + i, expires: true });
      expect(offer.status).toBe(201);
      made.push(offer.body.id);
      expect((await answer(seller, offer.body.id, 'reject')).status).toBe(200);
    }
    const first = await myOffers(shopper);
    expect(first.body.items).toHaveLength(20);
    expect(first.body.items[0]).toMatchObject({
      id: made[20],
      status: 'rejected',
      listing: { id: listingId, title: 'Paged Offers Vase', image: null },
    });
    expect(first.body.cursor).toEqual(expect.any(String));
    const second = await myOffers(shopper, first.body.cursor!);
    expect(second.body.items.map((o) => o.id)).toEqual([made[0]]);
    expect([...first.body.items, ...second.body.items].map((o) => o.id)).toEqual([...made].reverse());
    expect((await myOffers(shopper, 'not-a-cursor')).status).toBe(400);
    // Only the caller's own.
    expect((await myOffers(stranger)).body.items).toEqual([]);
  }, 60_000);
});
