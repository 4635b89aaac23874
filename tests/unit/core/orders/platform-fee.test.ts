import { describe, expect, it } from 'vitest';
import type { OrderRecord, OrderStatus } from '../../../../functions/core/orders/order';
import { basisPointsOf, feeCents, feePaymentTx } from '../../../../functions/core/orders/platform-fee';
import { requestPlatformFee } from '../../../../functions/core/orders/request-platform-fee';
import { settlePlatformFee } from '../../../../functions/core/orders/settle-platform-fee';
import { SIGNING_SCHEDULE } from '../../../../functions/core/signing/poll-signing';
import { aFundedOrder, NOW, PLATFORM, RLUSD, world, type Answer } from './order-fakes';

const unpaid = (over: Partial<OrderRecord> = {}) => aFundedOrder({ fee: null, ...over });
const ORDER_ID = unpaid().orderId;
const hex = (text: string) => Buffer.from(text, 'utf8').toString('hex').toUpperCase();

/** The seller asked for the fee request and signed `tx` (the Payment asked for unless given) as FEEBLOB / FEETX1. */
async function signedFee(w: ReturnType<typeof world>, tx?: Record<string, unknown>) {
  const request = await requestPlatformFee('S', ORDER_ID, w.feeDeps);
  if (request.status !== 'signing') throw new Error('expected a fee request');
  w.wallet.sign(request.uuid, 'FEEBLOB', 'FEETX1', tx ?? feePaymentTx(w.order(), w.order().fee!, PLATFORM, RLUSD));
  return { uuid: request.uuid, purpose: 'platform-fee', subjectId: ORDER_ID, status: 'signed' } as const;
}

describe('the platform fee amount', () => {
  it('reads the percent setting as exact basis points', () => {
    expect(basisPointsOf('2.5')).toBe(250);
    expect(basisPointsOf('2')).toBe(200);
    expect(basisPointsOf('0.05')).toBe(5);
    expect(basisPointsOf('10.25')).toBe(1_025);
    expect(basisPointsOf('100')).toBe(10_000);
  });

  it("is the order total's percentage rounded half up to the cent, in integer arithmetic", () => {
    expect(feeCents(4_500, 250)).toBe(113); // 112.5
    expect(feeCents(4_460, 250)).toBe(112); // 111.5
    expect(feeCents(4_459, 250)).toBe(111); // 111.475
    expect(feeCents(19, 250)).toBe(0); // 0.475
    expect(feeCents(20, 250)).toBe(1); // 0.5
    expect(feeCents(123_456_789, 275)).toBe(3_395_062); // 3 395 061.6975
    expect(feeCents(4_500, 0)).toBe(0);
  });
});

describe('requesting the platform fee', () => {
  it("asks the seller to sign the fee Payment to the platform's account and follows the request", async () => {
    const w = world([unpaid()]);
    const result = await requestPlatformFee('S', ORDER_ID, w.feeDeps);

    const expiresAt = new Date(NOW.getTime() + 5 * 60_000).toISOString();
    expect(result).toEqual({
      status: 'signing',
      cents: 113,
      labelCents: 0,
      percent: '2.5',
      uuid: 'FEE-U1',
      signUrl: 'http://sign/FEE-U1',
      qrPngUrl: 'http://qr/FEE-U1',
      expiresAt,
    });
    const [request] = w.wallet.signer.create.mock.calls[0]!;
    expect(request).toMatchObject({
      txjson: {
        TransactionType: 'Payment',
        Account: 'rS',
        Destination: PLATFORM,
        Amount: { ...RLUSD, value: '1.13' },
        Memos: [{ Memo: { MemoType: hex('marketplace/fee'), MemoData: hex(ORDER_ID) } }],
      },
      options: { expireMinutes: 5 },
      customMeta: { instruction: 'Pay the 2.5% platform fee ($1.13 RLUSD) for your sale to buyer.' },
    });
    expect(w.order().fee).toEqual({
      cents: 113,
      basisPoints: 250,
      label: null,
      signing: { uuid: 'FEE-U1', signUrl: 'http://sign/FEE-U1', qrPngUrl: 'http://qr/FEE-U1', expiresAt },
      txid: null,
      paidAt: null,
    });
    expect(w.wallet.requests.create).toHaveBeenCalledWith(
      expect.objectContaining({ uuid: 'FEE-U1', purpose: 'platform-fee', subjectId: ORDER_ID, status: 'pending' }),
    );
    expect(w.wallet.queue.enqueue).toHaveBeenCalledWith(
      { uuid: 'FEE-U1', purpose: 'platform-fee', attempt: 1 },
      SIGNING_SCHEDULE.firstCheckDelaySeconds,
    );
  });

  it("answers 'paid' once the fee is paid, with no new request", async () => {
    for (const status of ['funded', 'shipped', 'completed'] as const) {
      const w = world([aFundedOrder({ status })]);
      expect(await requestPlatformFee('S', ORDER_ID, w.feeDeps)).toEqual({ status: 'paid' });
      expect(w.wallet.signer.create).not.toHaveBeenCalled();
    }
  });

  it('returns an open request again; one that expired is replaced at the amount first asked', async () => {
    const w = world([unpaid()]);
    const first = await requestPlatformFee('S', ORDER_ID, w.feeDeps);
    w.clock.at = new Date(NOW.getTime() + 4 * 60_000);
    expect(await requestPlatformFee('S', ORDER_ID, w.feeDeps)).toEqual(first);
    expect(w.wallet.signer.create).toHaveBeenCalledTimes(1);

    w.clock.at = new Date(NOW.getTime() + 5 * 60_000);
    const again = await requestPlatformFee('S', ORDER_ID, w.feeDeps);
    expect(again).toMatchObject({ status: 'signing', uuid: 'FEE-U2', cents: 113 });
    expect(w.order().fee?.signing?.uuid).toBe('FEE-U2');
    expect(w.wallet.queue.enqueue).toHaveBeenCalledTimes(2);
  });

  it("takes only a pending escrow's order (409 order_not_pending otherwise)", async () => {
    const others: OrderStatus[] = [
      'awaiting_signature',
      'submitting',
      'cancelled',
      'releasing',
      'completed',
      'refunding',
      'refunded',
    ];
    for (const status of others) {
      const w = world([unpaid({ status })]);
      await expect(requestPlatformFee('S', ORDER_ID, w.feeDeps)).rejects.toMatchObject({
        status: 409,
        code: 'order_not_pending',
      });
      expect(w.wallet.signer.create).not.toHaveBeenCalled();
    }
  });

  it('is for the seller only: the buyer is refused (403), to anyone else the order does not exist (404)', async () => {
    const w = world([unpaid()]);
    await expect(requestPlatformFee('B', ORDER_ID, w.feeDeps)).rejects.toMatchObject({ status: 403 });
    await expect(requestPlatformFee('X', ORDER_ID, w.feeDeps)).rejects.toMatchObject({ status: 404 });
    await expect(requestPlatformFee('S', 'NOPE', w.feeDeps)).rejects.toMatchObject({ status: 404 });
    expect(w.order().fee).toBeNull();
  });

  it('waives a fee that rounds to 0 cents as paid, with no payment to sign', async () => {
    const w = world([unpaid({ totalCents: 19, itemsCents: 19 })]);
    expect(await requestPlatformFee('S', ORDER_ID, w.feeDeps)).toEqual({ status: 'paid' });
    expect(w.order().fee).toEqual({
      cents: 0,
      basisPoints: 250,
      label: null,
      signing: null,
      txid: null,
      paidAt: NOW.toISOString(),
    });
    expect(w.wallet.signer.create).not.toHaveBeenCalled();
  });

  it('of two requests at once, one records its wallet request; the other is told the fee changed (409)', async () => {
    const w = world([unpaid()]);
    const [a, b] = await Promise.allSettled([
      requestPlatformFee('S', ORDER_ID, w.feeDeps),
      requestPlatformFee('S', ORDER_ID, w.feeDeps),
    ]);
    const results = [a, b].map((r) => (r.status === 'fulfilled' ? r.value.status : r.reason.code));
    expect(results.sort()).toEqual(['fee_changed', 'signing']);
    const uuids = [a, b].flatMap((r) =>
      r.status === 'fulfilled' && r.value.status === 'signing' ? [r.value.uuid] : [],
    );
    expect(w.order().fee?.signing?.uuid).toBe(uuids[0]);
    expect(w.wallet.requests.create).toHaveBeenCalledTimes(1);
    expect(w.wallet.queue.enqueue).toHaveBeenCalledTimes(1);
  });

  it('asks for no new payment while a signed one is being submitted (409 fee_changed)', async () => {
    const w = world([unpaid()]);
    await signedFee(w);
    await w.repo.recordFeeTx(ORDER_ID, 'FEETX1');
    w.clock.at = new Date(NOW.getTime() + 10 * 60_000);
    await expect(requestPlatformFee('S', ORDER_ID, w.feeDeps)).rejects.toMatchObject({
      status: 409,
      code: 'fee_changed',
    });
    expect(w.order().fee).toMatchObject({ txid: 'FEETX1', signing: { uuid: 'FEE-U1' } });
  });

  it('a replaced request states the rate its amount was computed at, not a rate changed since', async () => {
    const expired = { uuid: 'FEE-U0', signUrl: 's', qrPngUrl: 'q', expiresAt: NOW.toISOString() };
    const fee = { cents: 113, basisPoints: 250, label: null, signing: expired, txid: null, paidAt: null };
    const w = world([aFundedOrder({ fee })], { basisPoints: 300 });
    const result = await requestPlatformFee('S', aFundedOrder().orderId, w.feeDeps);
    expect(result).toMatchObject({ status: 'signing', cents: 113, percent: '2.5' });
    expect(w.wallet.signer.create.mock.calls[0]![0].customMeta?.instruction).toContain('2.5% platform fee ($1.13');
  });

  it("quotes an order not quoted yet at the administrators' current rate, and keeps it from then on", async () => {
    const w = world([unpaid()], { basisPoints: 300 });
    expect(await requestPlatformFee('S', ORDER_ID, w.feeDeps)).toMatchObject({ cents: 135, percent: '3' });
    expect(w.order().fee).toMatchObject({ cents: 135, basisPoints: 300 });
  });
});

describe('settling a signed platform fee', () => {
  it('checks the blob is the Payment asked for, records its hash before submitting, and is paid when validated', async () => {
    const w = world([unpaid()]);
    const record = await signedFee(w);
    await settlePlatformFee(record, w.feeDeps);
    expect(w.ledger.verifySignedBlob).toHaveBeenCalledWith(
      'FEEBLOB',
      feePaymentTx(unpaid(), { cents: 113, label: null }, PLATFORM, RLUSD),
    );
    expect(w.trace).toEqual(['record fee FEETX1', 'submit FEEBLOB']);
    expect(w.order().fee).toMatchObject({ txid: 'FEETX1', paidAt: NOW.toISOString() });
    // The seller's pages hear of it at once.
    expect(w.feeEvents.feeChanged).toHaveBeenCalledTimes(1);
  });

  it('never submits a blob that is not exactly the requested Payment', async () => {
    for (const change of [{ Destination: 'rElsewhere' }, { Amount: { ...RLUSD, value: '0.13' } }, { Account: 'rB' }]) {
      const w = world([unpaid()]);
      const asked = feePaymentTx(unpaid(), { cents: 113, label: null }, PLATFORM, RLUSD);
      await settlePlatformFee(await signedFee(w, { ...asked, ...change }), w.feeDeps);
      expect(w.ledger.submitAndWait).not.toHaveBeenCalled();
      expect(w.order().fee).toMatchObject({ txid: null, paidAt: null });
      expect(w.log.warn).toHaveBeenCalledWith('signed platform fee refused', expect.anything());
    }
  });

  it('throws while the payment is not validated yet; the retry resubmits the same blob and pays', async () => {
    const w = world([unpaid()]);
    const record = await signedFee(w);
    w.ledger.answer('timeout');
    await expect(settlePlatformFee(record, w.feeDeps)).rejects.toThrow(/not validated yet/);
    expect(w.order().fee).toMatchObject({ txid: 'FEETX1', paidAt: null });

    await settlePlatformFee(record, w.feeDeps);
    expect(w.ledger.submitAndWait.mock.calls.map(([blob]) => blob)).toEqual(['FEEBLOB', 'FEEBLOB']);
    expect(w.ledger.verifySignedBlob).toHaveBeenCalledTimes(1);
    expect(w.order().fee?.paidAt).toBe(NOW.toISOString());
  });

  it('forgets a payment that did not apply, so the seller can pay again', async () => {
    for (const answer of ['tecPATH_DRY', 'tefPAST_SEQ', 'expired'] as Answer[]) {
      const w = world([unpaid()]);
      const record = await signedFee(w);
      w.ledger.answer(answer);
      await settlePlatformFee(record, w.feeDeps);
      expect(w.order().fee).toMatchObject({ cents: 113, txid: null, signing: null, paidAt: null });
      expect(w.feeEvents.feeChanged).toHaveBeenCalledTimes(1);

      expect(await requestPlatformFee('S', ORDER_ID, w.feeDeps)).toMatchObject({ status: 'signing', uuid: 'FEE-U2' });
    }
  });

  it('does nothing twice: a second run after payment submits nothing and keeps the first payment time', async () => {
    const w = world([unpaid()]);
    const record = await signedFee(w);
    await settlePlatformFee(record, w.feeDeps);
    w.clock.at = new Date(NOW.getTime() + 60_000);
    await settlePlatformFee(record, w.feeDeps);
    expect(w.ledger.submitAndWait).toHaveBeenCalledTimes(1);
    expect(w.order().fee?.paidAt).toBe(NOW.toISOString());
    expect(w.feeEvents.feeChanged).toHaveBeenCalledTimes(1);
  });

  it('a failed payment settled again is not submitted again', async () => {
    const w = world([unpaid()]);
    const record = await signedFee(w);
    w.ledger.answer('tecPATH_DRY');
    await settlePlatformFee(record, w.feeDeps);
    await settlePlatformFee(record, w.feeDeps);
    expect(w.ledger.submitAndWait).toHaveBeenCalledTimes(1);
    expect(w.order().fee?.paidAt).toBeNull();
  });

  it('ignores other purposes, unsigned requests, a request that is not the fee of its order and a missing blob', async () => {
    const w = world([unpaid()]);
    const record = await signedFee(w);
    await settlePlatformFee({ ...record, purpose: 'escrow-create' }, w.feeDeps);
    await settlePlatformFee({ ...record, status: 'pending' }, w.feeDeps);
    await settlePlatformFee({ ...record, status: 'expired' }, w.feeDeps);
    await settlePlatformFee({ ...record, subjectId: null }, w.feeDeps);
    await settlePlatformFee({ ...record, uuid: 'FEE-OTHER' }, w.feeDeps);
    w.wallet.signer.get.mockResolvedValueOnce(null);
    await settlePlatformFee(record, w.feeDeps);
    expect(w.ledger.verifySignedBlob).not.toHaveBeenCalled();
    expect(w.ledger.submitAndWait).not.toHaveBeenCalled();
    expect(w.order().fee).toMatchObject({ txid: null, paidAt: null });
  });
});
