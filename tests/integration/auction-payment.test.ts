import sharp from 'sharp';
import { hashes } from 'xrpl';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { ListingDetail } from '../../shared/api/listings';
import type { Order } from '../../shared/api/orders';
import { call } from './auth-support';
import {
  after,
  awaitingPayment,
  bidsOn,
  closeAuctions,
  lapseUnpaid,
  noticesAbout,
  offerSecondChance,
  orderFor,
  pageStatus,
  pay,
  relist,
  shortAuction,
  wonAuction,
} from './auction-support';
import {
  buyerAndSeller,
  getOrder,
  reject,
  requestSigning,
  signAndFund,
  waitForOrder,
  withLedger,
} from './checkout-support';
import { upload, withThumbnails } from './media-support';
import { endListingsOf, listingBody, sellerProfile, signUp, type Account } from './route-support';

/**
 * After the close (decision 029): the winner pays through the escrow checkout (to a funded escrow on
 * the local ledger); a failed signing returns the order to payment; unpaid orders lapse; the seller offers the
 * runner-up a second chance or relists; each schedule may run again. Only the right people may do each.
 */
const FROM = '127.0.17.1';
let seller: Account;
let alice: Account;
let bob: Account;

beforeAll(async () => {
  ({ buyer: alice, seller } = await buyerAndSeller(FROM, 'ap'));
  bob = await signUp('127.0.17.2', 'apb');
  const saved = await call('PUT', '/api/me/profile', {
    token: bob.token,
    from: bob.from,
    body: { ...sellerProfile, fullName: 'Bob Bidder', isSeller: false },
  });
  expect(saved.status).toBe(200);
}, 120_000);

afterAll(async () => {
  if (seller) await endListingsOf(seller);
});

const dueOf = (o: Order) => new Date(o.auction!.paymentDueAt);

describe("the winner's payment", () => {
  it('pays through the escrow checkout: awaiting signature, then a funded escrow on the ledger at the final price', async () => {
    const won = await wonAuction(seller, alice, 2_500);
    expect(won).toMatchObject({ status: 'awaiting_payment', totalCents: 1_000, escrow: { txHash: null } });

    // Only its buyer pays, at the total the server computes, inside the window.
    expect((await pay(bob, won.id, 1_000)).status).toBe(404);
    expect((await pay(seller, won.id, 1_000)).status).toBe(404);
    const wrong = await pay(alice, won.id, 999);
    expect(wrong.status).toBe(409);
    expect(wrong.body.error?.code).toBe('price_changed');
    const options = await call<{ quote: unknown }>('GET', `/api/checkout/shipping-options?orderId=${won.id}`, {
      token: alice.token,
      from: alice.from,
    });
    expect(options.status).toBe(200);
    // Free shipping: nothing to quote.
    expect(options.body.quote).toBeNull();

    const paying = await pay(alice, won.id, 1_000);
    expect(paying.status, JSON.stringify(paying.body)).toBe(200);
    expect(paying.body).toMatchObject({
      status: 'awaiting_signature',
      totalCents: 1_000,
      shipTo: { postalCode: '78701' },
    });
    expect(paying.body.escrow.cancelAfter).not.toBe('');
    // Paying again is refused while it is being paid (a new Idempotency-Key: a retry with the same one is answered).
    expect((await pay(alice, won.id, 1_000)).body.error?.code).toBe('order_in_payment');

    const funded = await signAndFund(alice, won.id);
    expect(funded).toMatchObject({ status: 'funded', escrowStatus: 'pending', auction: { round: 'winner' } });
    const entry = await withLedger(async (client) => {
      const id = hashes.hashEscrow(alice.wallet, funded.escrow.sequence!);
      const res = await client.request({ command: 'ledger_entry', index: id, ledger_index: 'validated' });
      return res.result.node as unknown as Record<string, unknown>;
    });
    expect(entry).toMatchObject({
      LedgerEntryType: 'Escrow',
      Account: alice.wallet,
      Destination: seller.wallet,
      Amount: { currency: '524C555344000000000000000000000000000000', issuer: inject('rlusdIssuer'), value: '10' },
    });
    expect(await awaitingPayment(alice)).not.toContainEqual(expect.objectContaining({ id: won.id }));
    const page = await call<{ status: string; quantityAvailable: number }>(
      'GET',
      `/api/listings/${won.lines[0]!.listingId}`,
    );
    expect(page.body).toMatchObject({ status: 'sold', quantityAvailable: 0 });

    // The lapse schedule leaves a paid order alone, even past the window.
    await lapseUnpaid(after(dueOf(won), 60_000));
    expect((await getOrder(alice, won.id)).body.status).toBe('funded');
  }, 60_000);

  it('the winner collects an item whose listing also offers local pickup: no shipping, a pickup order', async () => {
    const won = await wonAuction(seller, alice, 2_500, {
      shippingType: 'flat',
      shippingCostCents: 700,
      localPickup: true,
    });
    // Shipped, the flat rate counts; collected, nothing.
    expect((await pay(alice, won.id, 1_000)).body.error?.code).toBe('price_changed');
    const paying = await pay(alice, won.id, 1_000, undefined, true);
    expect(paying.status, JSON.stringify(paying.body)).toBe(200);
    expect(paying.body).toMatchObject({
      status: 'awaiting_signature',
      totalCents: 1_000,
      shippingCents: 0,
      isLocalPickup: true,
      shipTo: null,
    });

    // A listing that does not offer it can't be collected.
    const shipped = await wonAuction(seller, alice, 2_500, { shippingType: 'flat', shippingCostCents: 700 });
    const refused = await pay(alice, shipped.id, 1_000, undefined, true);
    expect(refused.status).toBe(409);
    expect(refused.body.error?.code).toBe('pickup_not_offered');
  }, 60_000);

  it('a rejected signature sends it back to awaiting payment while the window is open', async () => {
    const won = await wonAuction(seller, alice);
    expect((await pay(alice, won.id, won.totalCents)).status).toBe(200);
    const signing = await requestSigning(alice, won.id);
    expect(signing.status).toBe(201);
    await reject(signing.body.signUrl);
    const back = await waitForOrder(alice, won.id, ['awaiting_signature']);
    expect(back).toMatchObject({ status: 'awaiting_payment', signing: null, cancelReason: null });
    expect(await orderFor(alice, won.lines[0]!.listingId)).toMatchObject({ id: won.id });
    expect(await pageStatus(won.lines[0]!.listingId)).toBe('sold');
    // Paid again, from the start.
    expect((await pay(alice, won.id, won.totalCents)).body.status).toBe('awaiting_signature');
  }, 30_000);
});

describe('not paid in time', () => {
  it('lapses; the seller offers the runner-up a second chance, which lapses too; then relists once', async () => {
    const { listingId, endsAt } = await shortAuction(seller, { startingBidCents: 1_000 });
    await bidsOn(listingId, [
      [bob, 1_800],
      [alice, 3_000],
    ]);
    await closeAuctions(after(endsAt));
    const won = (await orderFor(alice, listingId))!;
    expect(won).toMatchObject({ itemsCents: 1_801, auction: { round: 'winner' } });

    // Not before the window's end (other tests' unpaid orders may fall due earlier); then once, however often it runs.
    await lapseUnpaid(new Date(dueOf(won).getTime() - 1_000));
    expect((await getOrder(alice, won.id)).body.status).toBe('awaiting_payment');
    await lapseUnpaid(after(dueOf(won)));
    expect((await lapseUnpaid(after(dueOf(won)))).lapsed).toBe(0);
    const lapsed = (await getOrder(seller, won.id)).body;
    expect(lapsed).toMatchObject({
      status: 'cancelled',
      cancelReason: 'payment_lapsed',
      auction: { sellerOptions: { secondChanceCents: 1_800, relist: true }, sellerChoice: null },
    });
    // The buyer sees no seller's options, and can no longer pay.
    expect((await getOrder(alice, won.id)).body.auction?.sellerOptions).toBeNull();
    expect((await pay(alice, won.id, 1_801)).body.error?.code).toBe('payment_window_closed');
    expect(await pageStatus(listingId)).toBe('ended');
    const told = (await noticesAbout(seller, won.id, 2)).find((n) => n.title === 'Payment not received');
    expect(told?.message).toBe(
      `${alice.username} did not pay for "Route Table Lantern" within 48 hours. You can offer it to the next highest ` +
        'bidder at $18.00 or relist it from My Activity.',
    );
    expect((await noticesAbout(alice, won.id, 2)).map((n) => n.title)).toContain('Payment window closed');

    // Only the seller offers the second chance (its buyer 403, anyone else 404), once.
    expect((await offerSecondChance(alice, won.id)).status).toBe(403);
    expect((await offerSecondChance(bob, won.id)).status).toBe(404);
    const offered = await offerSecondChance(seller, won.id);
    expect(offered.status, JSON.stringify(offered.body)).toBe(200);
    expect(offered.body.auction).toMatchObject({ sellerOptions: null, sellerChoice: { kind: 'second_chance' } });
    expect((await offerSecondChance(seller, won.id)).body.error?.code).toBe('already_decided');
    expect(await pageStatus(listingId)).toBe('sold');
    const second = (await orderFor(bob, listingId))!;
    expect(second).toMatchObject({
      status: 'awaiting_payment',
      itemsCents: 1_800,
      auction: { round: 'second_chance' },
    });
    const [offerNotice] = await noticesAbout(bob, second.id);
    expect(offerNotice).toMatchObject({ type: 'transaction', title: 'Second chance offer' });
    // While the runner-up may pay, the item can't be relisted.
    expect((await relist(seller, listingId, new Date(Date.now() + 86_400_000))).body.error?.code).toBe(
      'not_relistable',
    );

    await lapseUnpaid(after(dueOf(second)));
    const secondLapsed = (await getOrder(seller, second.id)).body;
    expect(secondLapsed.auction).toMatchObject({ sellerOptions: { secondChanceCents: null, relist: true } });
    expect((await offerSecondChance(seller, second.id)).body.error?.code).toBe('no_runner_up');

    // Relist: the seller only, a future end validated as create-listing does, once.
    expect((await relist(bob, listingId, new Date(Date.now() + 86_400_000))).status).toBe(403);
    const past = await relist(seller, listingId, new Date(Date.now() - 60_000));
    expect(past.status).toBe(400);
    const made = await relist(seller, listingId, new Date(Date.now() + 86_400_000));
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect((await relist(seller, listingId, new Date(Date.now() + 86_400_000))).body.error?.code).toBe(
      'already_relisted',
    );
    const fresh = await call<{ status: string; bidCount: number; title: string; startingBidCents: number }>(
      'GET',
      `/api/listings/${made.body.id}`,
    );
    expect(fresh.body).toMatchObject({ status: 'active', bidCount: 0, startingBidCents: 1_000 });
    expect((await getOrder(seller, second.id)).body.auction).toMatchObject({
      sellerOptions: null,
      sellerChoice: { kind: 'relisted', listingId: made.body.id },
    });
  }, 60_000);

  it('relists with copies of the photos: one dropped from the new listing still serves on the old one', async () => {
    const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#8a5a2b' } })
      .png()
      .toBuffer();
    const uploads = [await upload(seller.token, png), await upload(seller.token, png)];
    const { listingId, endsAt } = await shortAuction(seller, { photoKeys: uploads });
    const old = await withThumbnails(listingId);
    await closeAuctions(after(endsAt));

    const newEnd = new Date(Math.ceil((Date.now() + 86_400_000) / 1000) * 1000);
    const made = await relist(seller, listingId, newEnd);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const fresh = await withThumbnails(made.body.id);
    const objects = (l: ListingDetail) => l.images.flatMap((i) => [i.url, i.thumbUrl]);
    expect(objects(fresh).filter((url) => objects(old).includes(url))).toEqual([]);

    // The seller drops the first photo from the new listing: its copy goes, the old listing's stays.
    const edited = await call('PUT', `/api/listings/${made.body.id}`, {
      token: seller.token,
      from: seller.from,
      body: {
        ...listingBody,
        shippingType: 'free',
        listingType: 'auction',
        priceCents: undefined,
        startingBidCents: 1_000,
        endsAt: newEnd.toISOString(),
        photoKeys: [fresh.images[1]!.key],
      },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect((await fetch(fresh.images[0]!.url)).status).toBe(404);
    expect((await fetch(fresh.images[0]!.thumbUrl)).status).toBe(404);
    const page = await call<ListingDetail>('GET', `/api/listings/${listingId}`);
    expect(page.body.images).toEqual(old.images);
    for (const url of objects(old)) expect((await fetch(url)).status, url).toBe(200);
  }, 60_000);

  it('an unsold auction is relisted by its seller; one still running or sold is not', async () => {
    const running = await shortAuction(seller);
    expect((await relist(seller, running.listingId, new Date(Date.now() + 86_400_000))).body.error?.code).toBe(
      'not_relistable',
    );
    await closeAuctions(after(running.endsAt));
    expect((await relist(alice, running.listingId, new Date(Date.now() + 86_400_000))).status).toBe(403);
    expect((await relist(seller, running.listingId, new Date(Date.now() + 86_400_000))).status).toBe(201);
  });
});
