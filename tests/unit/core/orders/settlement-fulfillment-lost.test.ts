import { describe, expect, it } from 'vitest';
import type { OrderRecord } from '../../../../functions/core/orders/order';
import { settleEscrows } from '../../../../functions/core/orders/settle-escrows';
import { settle } from '../../../../functions/core/orders/settlement';
import { aFundedOrder, afterCancel, world } from './order-fakes';

/**
 * Found by the escrow money-safety simulation (tests/sim/escrow, fate fulfillment_lost): a release whose fulfillment
 * can no longer be opened (the KMS key disabled, the sealed value damaged) stayed `releasing` past CancelAfter for
 * good, its RLUSD locked on the ledger, although returning it to the buyer needs no fulfillment.
 */
const releasing = (over: Partial<OrderRecord> = {}) =>
  aFundedOrder({ status: 'releasing', releaseReason: 'delivered', ...over });

describe('a release whose fulfillment cannot be opened', () => {
  it('goes back to the buyer once CancelAfter has passed', async () => {
    const w = world([releasing()], { now: afterCancel(60_000) });
    w.vault.open.mockRejectedValue(new Error('KMS: the key is disabled'));

    await settleEscrows(w.deps);
    await settleEscrows(w.deps);

    expect(w.order()).toMatchObject({
      status: 'refunded',
      refundReason: 'expired',
      escrow: { sealedFulfillment: '' },
      settlement: { kind: 'cancel' },
    });
    expect(w.platform.prepare.mock.calls.map(([tx]) => tx.TransactionType)).toEqual(['EscrowCancel']);
    expect(w.announced()).toEqual([`${w.order().orderId} refunded`]);
  });

  it('before CancelAfter stays releasing for a later run, and is released once the fulfillment opens again', async () => {
    const w = world([releasing()], { now: afterCancel(-3_600_000) });
    w.vault.open.mockRejectedValueOnce(new Error('KMS unavailable'));

    await expect(settle(w.order(), w.deps)).rejects.toThrow('KMS unavailable');
    expect(w.order()).toMatchObject({ status: 'releasing', settlement: null });
    expect(w.platform.prepare).not.toHaveBeenCalled();

    expect(await settle(w.order(), w.deps)).toBe('completed');
    expect(w.order()).toMatchObject({ status: 'completed', settlement: { kind: 'finish' } });
  });

  it('a finish recorded before CancelAfter is still submitted after it (it may have applied), not refunded', async () => {
    const w = world([releasing()], { now: afterCancel(-60_000) });
    w.ledger.answer('timeout');
    await expect(settle(w.order(), w.deps)).rejects.toThrow('not validated yet');
    expect(w.order()).toMatchObject({ status: 'releasing', settlement: { kind: 'finish', txid: 'TX1' } });

    w.clock.at = afterCancel(60_000);
    w.vault.open.mockRejectedValue(new Error('KMS: the key is disabled'));
    expect(await settle(w.order(), w.deps)).toBe('completed');
    expect(w.trace).toEqual(['record TX1', 'submit BLOB1', 'submit BLOB1']);
    expect(w.order()).toMatchObject({ status: 'completed', settlement: { kind: 'finish', txid: 'TX1' } });
  });
});
