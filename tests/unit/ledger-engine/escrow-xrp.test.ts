import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashes } from 'xrpl';
import { preimageCondition } from '../../../infra/local/ledger/engine/crypto-condition';
import { Harness, NOW, XRP, affected, wallet } from './engine-harness';

const owner = wallet(40);
const seller = wallet(41);
const anyone = wallet(42, 'secp256k1');
const { condition, fulfillment } = preimageCondition(Buffer.alloc(32, 7));
/** base x (33 + 36 bytes / 16) = 10 x 35 */
const FULFILLMENT_FEE = '350';

function ledger(ownerXrp = 100n): Harness {
  return new Harness([
    { wallet: owner, xrp: ownerXrp },
    { wallet: seller, xrp: 100n },
    { wallet: anyone, xrp: 100n },
  ]);
}

const create = (extra: Record<string, unknown> = {}) => ({
  TransactionType: 'EscrowCreate',
  Destination: seller.address,
  Amount: String(10n * XRP),
  FinishAfter: NOW + 60,
  CancelAfter: NOW + 3600,
  Condition: condition,
  ...extra,
});
const finish = (sequence: number, extra: Record<string, unknown> = {}) => ({
  TransactionType: 'EscrowFinish',
  Owner: owner.address,
  OfferSequence: sequence,
  Condition: condition,
  Fulfillment: fulfillment,
  Fee: FULFILLMENT_FEE,
  ...extra,
});
const cancel = (sequence: number) => ({
  TransactionType: 'EscrowCancel',
  Owner: owner.address,
  OfferSequence: sequence,
});

describe('XRP escrow', () => {
  it('creates the Escrow entry, locks the XRP and takes an owner reserve', () => {
    const h = ledger();
    const result = h.expect(owner, create({ DestinationTag: 5 }), 'tesSUCCESS');
    const index = hashes.hashEscrow(owner.address, 1);
    expect(h.state.get(index)).toMatchObject({
      LedgerEntryType: 'Escrow',
      Account: owner.address,
      Destination: seller.address,
      Amount: String(10n * XRP),
      Condition: condition,
      FinishAfter: NOW + 60,
      CancelAfter: NOW + 3600,
      DestinationTag: 5,
      OwnerNode: '0',
      DestinationNode: '0',
      PreviousTxnID: result.hash,
    });
    expect(h.drops(owner.address)).toBe(90n * XRP - 10n);
    expect(h.root(owner.address).OwnerCount).toBe(1);
    expect(affected(result, 'CreatedNode', index)?.NewFields).toMatchObject({ Amount: String(10n * XRP) });
  });

  it('finishes after FinishAfter with the fulfillment, from any account, paying the destination', () => {
    const h = ledger();
    h.expect(owner, create(), 'tesSUCCESS');
    h.expect(anyone, finish(1), 'tecNO_PERMISSION');
    h.advance(61);
    const index = hashes.hashEscrow(owner.address, 1);
    const result = h.expect(anyone, finish(1), 'tesSUCCESS');
    expect(h.drops(seller.address)).toBe(110n * XRP);
    expect(h.state.get(index)).toBeUndefined();
    expect(h.root(owner.address).OwnerCount).toBe(0);
    expect(affected(result, 'DeletedNode', index)?.FinalFields).toMatchObject({ Amount: String(10n * XRP) });
  });

  it('needs base x (33 + fulfillment bytes / 16) in fees for a fulfillment', () => {
    const h = ledger();
    h.expect(owner, create(), 'tesSUCCESS');
    h.advance(61);
    h.expect(anyone, finish(1, { Fee: '349' }), 'telINSUF_FEE_P');
    h.expect(anyone, finish(1, { Fee: '10' }), 'telINSUF_FEE_P');
    h.expect(anyone, finish(1), 'tesSUCCESS');
    expect(h.drops(anyone.address)).toBe(100n * XRP - 350n);
  });

  it('tecCRYPTOCONDITION_ERROR for a wrong fulfillment, a missing one, or one the escrow did not ask for', () => {
    const h = ledger();
    h.expect(owner, create(), 'tesSUCCESS');
    h.expect(owner, create({ Condition: undefined }), 'tesSUCCESS');
    h.advance(61);
    const wrong = preimageCondition(randomBytes(32));
    h.expect(anyone, finish(1, { Fulfillment: wrong.fulfillment }), 'tecCRYPTOCONDITION_ERROR');
    h.expect(
      anyone,
      finish(1, { Condition: wrong.condition, Fulfillment: wrong.fulfillment }),
      'tecCRYPTOCONDITION_ERROR',
    );
    h.expect(
      anyone,
      finish(1, { Condition: undefined, Fulfillment: undefined, Fee: '10' }),
      'tecCRYPTOCONDITION_ERROR',
    );
    h.expect(anyone, finish(2), 'tecCRYPTOCONDITION_ERROR');
    h.expect(anyone, finish(2, { Condition: undefined, Fulfillment: undefined, Fee: '10' }), 'tesSUCCESS');
    h.expect(anyone, finish(1), 'tesSUCCESS');
  });

  it('temMALFORMED for a condition without fulfillment and for a malformed condition', () => {
    const h = ledger();
    h.expect(anyone, finish(1, { Fulfillment: undefined, Fee: '10' }), 'temMALFORMED');
    h.expect(owner, create({ Condition: 'A0258020' + '00'.repeat(31) + '810120' }), 'temMALFORMED');
    h.expect(owner, create({ Condition: 'A1258020' + '00'.repeat(32) + '810120' }), 'temMALFORMED');
    // Neither FinishAfter nor a condition: it could be finished at once.
    h.expectUnchecked(owner, create({ FinishAfter: undefined, Condition: undefined }), 'temMALFORMED');
  });

  it('time rules: no finish after CancelAfter; cancel only after CancelAfter, returning the XRP', () => {
    const h = ledger();
    h.expect(owner, create(), 'tesSUCCESS');
    h.expect(anyone, cancel(1), 'tecNO_PERMISSION');
    h.advance(3600);
    // parentCloseTime == CancelAfter: not yet "after" it.
    h.expect(anyone, cancel(1), 'tecNO_PERMISSION');
    h.advance(1);
    h.expect(anyone, finish(1), 'tecNO_PERMISSION');
    h.expect(anyone, cancel(1), 'tesSUCCESS');
    expect(h.drops(owner.address)).toBe(100n * XRP - 10n);
    expect(h.root(owner.address).OwnerCount).toBe(0);
    h.expect(anyone, cancel(1), 'tecNO_TARGET');
  });

  it('cancel without CancelAfter is never allowed', () => {
    const h = ledger();
    h.expect(owner, create({ CancelAfter: undefined }), 'tesSUCCESS');
    h.advance(100_000);
    h.expect(owner, cancel(1), 'tecNO_PERMISSION');
  });

  it('temBAD_EXPIRATION and tecNO_PERMISSION for bad or past times at creation', () => {
    const h = ledger();
    h.expectUnchecked(owner, create({ FinishAfter: undefined, CancelAfter: undefined }), 'temBAD_EXPIRATION');
    h.expect(owner, create({ FinishAfter: NOW + 100, CancelAfter: NOW + 100 }), 'temBAD_EXPIRATION');
    h.expect(owner, create({ FinishAfter: NOW - 1 }), 'tecNO_PERMISSION');
    h.expect(owner, create({ FinishAfter: undefined, CancelAfter: NOW - 1 }), 'tecNO_PERMISSION');
  });

  it('tecNO_TARGET for a missing escrow, tecNO_DST for a missing destination, temBAD_AMOUNT for zero', () => {
    const h = ledger();
    h.expect(anyone, finish(99), 'tecNO_TARGET');
    h.expect(owner, create({ Destination: wallet(49).address }), 'tecNO_DST');
    h.expect(owner, create({ Amount: '0' }), 'temBAD_AMOUNT');
  });

  it('tecINSUFFICIENT_RESERVE and tecUNFUNDED against the owner reserve', () => {
    const h = ledger(2n);
    // 2 XRP: reserve with one more object is 1.2 XRP.
    h.expect(owner, create({ Amount: String(XRP) }), 'tecUNFUNDED');
    h.expect(owner, create({ Amount: String(XRP / 2n) }), 'tesSUCCESS');
    const tight = new Harness([
      { wallet: owner, xrp: 1n },
      { wallet: seller, xrp: 1n },
    ]);
    tight.ctx = { ...tight.ctx, rules: { ...tight.ctx.rules, reserveIncrementDrops: 2_000_000 } };
    tight.expect(owner, create({ Amount: '1' }), 'tecINSUFFICIENT_RESERVE');
  });

  it('tecDST_TAG_NEEDED when the destination requires a tag', () => {
    const h = ledger();
    h.expect(seller, { TransactionType: 'AccountSet', SetFlag: 1 }, 'tesSUCCESS');
    h.expect(owner, create(), 'tecDST_TAG_NEEDED');
    h.expect(owner, create({ DestinationTag: 1 }), 'tesSUCCESS');
  });
});
