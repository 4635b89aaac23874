import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Wallet, hashes, type EscrowCreate, type EscrowFinish } from 'xrpl';
import { BASE_FEE, TestLedger, XRP, affected, ledgerTime, preimagePair, signUnchecked } from './helpers';

let t: TestLedger;
let owner: Wallet;
let seller: Wallet;
let platform: Wallet;

beforeAll(async () => {
  t = await TestLedger.start('escrow-xrp');
  [owner, seller] = (await t.funded(2)) as [Wallet, Wallet];
  platform = t.platform;
});

afterAll(async () => {
  await t?.stop();
});

/** Ledger time moves at least 1 s per close (5 closes a second here), so escrow times are set well ahead. */
const HOUR = 3600;

async function create(extra: Record<string, unknown>, expected = 'tesSUCCESS') {
  const done = await t.apply(
    owner,
    { TransactionType: 'EscrowCreate', Destination: seller.classicAddress, Amount: String(10 * XRP), ...extra },
    expected,
  );
  return { done, sequence: done.tx_json.Sequence as number };
}

const finish = (sequence: number, extra: Record<string, unknown> = {}) => ({
  TransactionType: 'EscrowFinish',
  Owner: owner.classicAddress,
  OfferSequence: sequence,
  ...extra,
});

const cancel = (sequence: number) => ({
  TransactionType: 'EscrowCancel',
  Owner: owner.classicAddress,
  OfferSequence: sequence,
});

describe('XRP escrow with times', () => {
  it('locks the amount as an owned Escrow; FinishAfter gates the finish; anyone may finish', async () => {
    const now = await ledgerTime(t.client);
    const before = await t.root(owner.classicAddress);
    const { done, sequence } = await create({ FinishAfter: now + HOUR, CancelAfter: now + 2 * HOUR });
    const escrowIndex = hashes.hashEscrow(owner.classicAddress, sequence);
    expect(affected(done.meta, 'CreatedNode', 'Escrow')).toMatchObject({
      LedgerIndex: escrowIndex,
      NewFields: { Account: owner.classicAddress, Destination: seller.classicAddress, Amount: String(10 * XRP) },
    });
    const after = await t.root(owner.classicAddress);
    expect(Number(after.Balance)).toBe(Number(before.Balance) - 10 * XRP - BASE_FEE);
    expect(after.OwnerCount).toBe(before.OwnerCount + 1);
    for (const account of [owner.classicAddress, seller.classicAddress]) {
      const objects = await t.client.request({ command: 'account_objects', account, type: 'escrow' });
      expect(objects.result.account_objects.map((o) => o.index)).toContain(escrowIndex);
    }

    await t.apply(platform, finish(sequence), 'tecNO_PERMISSION');
    t.node.advanceClock(HOUR);
    const sellerBefore = await t.drops(seller.classicAddress);
    const released = await t.apply(platform, finish(sequence));
    expect(affected(released.meta, 'DeletedNode', 'Escrow')).toBeDefined();
    expect(await t.drops(seller.classicAddress)).toBe(sellerBefore + 10 * XRP);
    expect((await t.root(owner.classicAddress)).OwnerCount).toBe(before.OwnerCount);
    await t.apply(platform, finish(sequence), 'tecNO_TARGET');
  });

  it('after CancelAfter a finish is refused and a cancel (by anyone) returns the XRP', async () => {
    const now = await ledgerTime(t.client);
    const { sequence } = await create({ FinishAfter: now + HOUR, CancelAfter: now + 2 * HOUR });
    await t.apply(platform, cancel(sequence), 'tecNO_PERMISSION');
    t.node.advanceClock(2 * HOUR);
    await t.apply(seller, finish(sequence), 'tecNO_PERMISSION');
    const before = await t.drops(owner.classicAddress);
    const done = await t.apply(platform, cancel(sequence));
    expect(affected(done.meta, 'DeletedNode', 'Escrow')).toBeDefined();
    expect(await t.drops(owner.classicAddress)).toBe(before + 10 * XRP);
    await t.apply(platform, cancel(sequence), 'tecNO_TARGET');
  });

  it('an escrow without CancelAfter can never be cancelled (tecNO_PERMISSION)', async () => {
    const now = await ledgerTime(t.client);
    const { sequence } = await create({ FinishAfter: now + HOUR });
    t.node.advanceClock(10 * HOUR);
    await t.apply(platform, cancel(sequence), 'tecNO_PERMISSION');
    await t.apply(seller, finish(sequence));
  });

  it('tecNO_PERMISSION for times already past at create (fix1571)', async () => {
    const now = await ledgerTime(t.client);
    await create({ FinishAfter: now - 1 }, 'tecNO_PERMISSION');
    const { condition } = preimagePair();
    await create({ Condition: condition, CancelAfter: now - 1 }, 'tecNO_PERMISSION');
  });
});

describe('XRP escrow with a PREIMAGE-SHA-256 condition', () => {
  it('submitAndWait: create and finish with the fulfillment; fee is base x (33 + bytes / 16)', async () => {
    const now = await ledgerTime(t.client);
    const { condition, fulfillment } = preimagePair();
    const created = await t.client.submitAndWait(
      {
        TransactionType: 'EscrowCreate',
        Account: owner.classicAddress,
        Destination: seller.classicAddress,
        Amount: String(5 * XRP),
        Condition: condition,
        CancelAfter: now + HOUR,
      } as EscrowCreate,
      { wallet: owner, autofill: true },
    );
    expect(created.result.validated).toBe(true);
    expect((created.result.meta as { TransactionResult: string }).TransactionResult).toBe('tesSUCCESS');
    const sequence = created.result.tx_json.Sequence!;

    const base: EscrowFinish = {
      TransactionType: 'EscrowFinish',
      Account: platform.classicAddress,
      Owner: owner.classicAddress,
      OfferSequence: sequence,
      Condition: condition,
      Fulfillment: fulfillment,
    };
    // 36-byte fulfillment: 10 x (33 + 36 / 16) = 350 drops (integer division, as rippled).
    const required = BASE_FEE * (33 + Math.floor(fulfillment.length / 2 / 16));
    expect(required).toBe(350);
    const autofilled = await t.client.autofill(base);
    expect(Number(autofilled.Fee)).toBeGreaterThanOrEqual(required);
    const short = platform.sign({ ...autofilled, Fee: String(required - 1) }).tx_blob;
    await t.expectRejected(short, 'telINSUF_FEE_P', platform.classicAddress);

    // A fulfillment of another preimage: tecCRYPTOCONDITION_ERROR, fee charged.
    const wrong = preimagePair().fulfillment;
    const beforeWrong = await t.root(platform.classicAddress);
    await t.apply(platform, { ...base, Fulfillment: wrong, Fee: String(required) }, 'tecCRYPTOCONDITION_ERROR');
    const afterWrong = await t.root(platform.classicAddress);
    expect(Number(afterWrong.Balance)).toBe(Number(beforeWrong.Balance) - required);
    expect(afterWrong.Sequence).toBe(beforeWrong.Sequence + 1);

    const sellerBefore = await t.drops(seller.classicAddress);
    const finished = await t.client.submitAndWait(
      { ...base, Fee: String(required) },
      { wallet: platform, autofill: true },
    );
    expect((finished.result.meta as { TransactionResult: string }).TransactionResult).toBe('tesSUCCESS');
    expect(finished.result.tx_json.Fee).toBe(String(required));
    expect(await t.drops(seller.classicAddress)).toBe(sellerBefore + 5 * XRP);
  });

  it('tecCRYPTOCONDITION_ERROR finishing a conditional escrow without the fulfillment', async () => {
    const now = await ledgerTime(t.client);
    const { condition, fulfillment } = preimagePair();
    const { sequence } = await create({ Condition: condition, CancelAfter: now + HOUR });
    await t.apply(platform, finish(sequence), 'tecCRYPTOCONDITION_ERROR');
    await t.apply(platform, finish(sequence, { Condition: condition, Fulfillment: fulfillment }));
  });

  it('tecCRYPTOCONDITION_ERROR for a fulfillment the escrow did not ask for', async () => {
    const now = await ledgerTime(t.client);
    const { sequence } = await create({ FinishAfter: now + HOUR, CancelAfter: now + 2 * HOUR });
    t.node.advanceClock(HOUR);
    const { condition, fulfillment } = preimagePair();
    await t.apply(
      platform,
      finish(sequence, { Condition: condition, Fulfillment: fulfillment }),
      'tecCRYPTOCONDITION_ERROR',
    );
    await t.apply(platform, finish(sequence));
  });
});

describe('EscrowCreate and EscrowFinish failures', () => {
  async function rejected(tx: Record<string, unknown>, expected: string, signer = owner) {
    const filled = await t.fill({ Account: signer.classicAddress, ...tx });
    await t.expectRejected(signUnchecked(signer, filled), expected, signer.classicAddress);
  }
  const escrow = (extra: Record<string, unknown>) => ({
    TransactionType: 'EscrowCreate',
    Destination: seller.classicAddress,
    Amount: String(XRP),
    ...extra,
  });

  it('temBAD_AMOUNT for a zero amount', async () => {
    const now = await ledgerTime(t.client);
    await rejected(escrow({ Amount: '0', FinishAfter: now + HOUR }), 'temBAD_AMOUNT');
  });

  it('temBAD_EXPIRATION without times, or with CancelAfter not after FinishAfter', async () => {
    const now = await ledgerTime(t.client);
    const { condition } = preimagePair();
    await rejected(escrow({ Condition: condition }), 'temBAD_EXPIRATION');
    await rejected(escrow({ FinishAfter: now + HOUR, CancelAfter: now + HOUR }), 'temBAD_EXPIRATION');
    await rejected(escrow({ FinishAfter: now + HOUR, CancelAfter: now + 10 }), 'temBAD_EXPIRATION');
  });

  it('temMALFORMED: neither FinishAfter nor Condition, a malformed condition, a condition without fulfillment', async () => {
    const now = await ledgerTime(t.client);
    await rejected(escrow({ CancelAfter: now + HOUR }), 'temMALFORMED');
    await rejected(escrow({ Condition: 'A0258020DEADBEEF', CancelAfter: now + HOUR }), 'temMALFORMED');
    const { condition } = preimagePair();
    await rejected(finish(1, { Condition: condition }), 'temMALFORMED', platform);
  });

  it('tecNO_DST for a destination that does not exist', async () => {
    const now = await ledgerTime(t.client);
    const ghost = Wallet.generate().classicAddress;
    await create({ Destination: ghost, FinishAfter: now + HOUR }, 'tecNO_DST');
  });

  it('tecNO_TARGET finishing or cancelling an escrow that does not exist', async () => {
    await t.apply(platform, finish(999_999), 'tecNO_TARGET');
    await t.apply(platform, cancel(999_999), 'tecNO_TARGET');
  });

  it('tecUNFUNDED when the amount would eat into the reserve; tecINSUFFICIENT_RESERVE without room for the object', async () => {
    const now = await ledgerTime(t.client);
    const [lean] = (await t.funded(1, 3)) as [Wallet];
    const base = { TransactionType: 'EscrowCreate', Destination: seller.classicAddress, FinishAfter: now + HOUR };
    // 3 XRP - fee, reserve with one object 1.2 XRP: at most 1.79999 XRP can be locked.
    await t.apply(lean, { ...base, Amount: String(1_800_000 - BASE_FEE + 1) }, 'tecUNFUNDED');
    expect(await t.drops(lean.classicAddress)).toBe(3 * XRP - BASE_FEE);
    await t.apply(lean, { ...base, Amount: String(1_800_000 - 2 * BASE_FEE) });
    expect(await t.drops(lean.classicAddress)).toBe(1_200_000);

    const [tiny] = (await t.funded(1, 1.1)) as [Wallet];
    await t.apply(tiny, { ...base, Amount: '1' }, 'tecINSUFFICIENT_RESERVE');
    const root = await t.root(tiny.classicAddress);
    expect(Number(root.Balance)).toBe(1_100_000 - BASE_FEE);
    expect(root.OwnerCount).toBe(0);
  });
});
