import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Wallet, hashes } from 'xrpl';
import { RLUSD, TestLedger, affected, ledgerTime, preimagePair } from './helpers';

let t: TestLedger;
let issuer: Wallet;
let platform: Wallet;
let buyer: Wallet;
let seller: Wallet;

const HOUR = 3600;

beforeAll(async () => {
  t = await TestLedger.start('escrow-token');
  issuer = t.issuer;
  platform = t.platform;
  [buyer, seller] = (await t.funded(2)) as [Wallet, Wallet];
  await t.holdRlusd(buyer, '500');
  await t.holdRlusd(seller, '0.5');
});

afterAll(async () => {
  await t?.stop();
});

const rlusd = (value: string, from = issuer.classicAddress) => ({ currency: RLUSD, issuer: from, value });

async function escrow(sender: Wallet, destination: string, amount: unknown, expected = 'tesSUCCESS') {
  const now = await ledgerTime(t.client);
  const pair = preimagePair();
  const done = await t.apply(
    sender,
    {
      TransactionType: 'EscrowCreate',
      Destination: destination,
      Amount: amount,
      Condition: pair.condition,
      CancelAfter: now + HOUR,
    },
    expected,
  );
  return { ...pair, done, sequence: done.tx_json.Sequence as number };
}

const finishBy = (signer: Wallet, owner: string, e: { sequence: number; condition: string; fulfillment: string }) =>
  t.apply.bind(t, signer, {
    TransactionType: 'EscrowFinish',
    Owner: owner,
    OfferSequence: e.sequence,
    Condition: e.condition,
    Fulfillment: e.fulfillment,
  });

describe('RLUSD escrow (XLS-85 token escrow)', () => {
  it('the TokenEscrow amendment is enabled (feature)', async () => {
    const res = await t.client.request({ command: 'feature', feature: 'TokenEscrow' });
    expect(Object.values(res.result)).toEqual([expect.objectContaining({ name: 'TokenEscrow', enabled: true })]);
  });

  it('locks the tokens, and the platform finishes it to the seller with the fulfillment', async () => {
    const e = await escrow(buyer, seller.classicAddress, rlusd('120.5'));
    expect(affected(e.done.meta, 'CreatedNode', 'Escrow')).toMatchObject({
      LedgerIndex: hashes.hashEscrow(buyer.classicAddress, e.sequence),
      NewFields: { Amount: rlusd('120.5'), Destination: seller.classicAddress },
    });
    expect(await t.tokens(buyer.classicAddress, issuer.classicAddress)).toBe('379.5');
    const balances = await t.client.getBalances(buyer.classicAddress);
    expect(balances).toContainEqual({ currency: RLUSD, issuer: issuer.classicAddress, value: '379.5' });
    const objects = await t.client.request({
      command: 'account_objects',
      account: buyer.classicAddress,
      type: 'escrow',
    });
    expect(objects.result.account_objects).toHaveLength(1);
    expect(objects.result.account_objects[0]).toMatchObject({ Amount: rlusd('120.5') });

    const done = await finishBy(platform, buyer.classicAddress, e)();
    expect(affected(done.meta, 'DeletedNode', 'Escrow')).toBeDefined();
    expect(await t.tokens(seller.classicAddress, issuer.classicAddress)).toBe('121');
    expect(await t.tokens(buyer.classicAddress, issuer.classicAddress)).toBe('379.5');
  });

  it('a finish by someone other than the destination needs its trust line (tecNO_LINE); the destination may finish', async () => {
    const [lineless] = (await t.funded(1)) as [Wallet];
    const e = await escrow(buyer, lineless.classicAddress, rlusd('10'));
    await finishBy(platform, buyer.classicAddress, e)('tecNO_LINE');
    expect(await t.tokens(lineless.classicAddress, issuer.classicAddress)).toBe('none');
    // The destination itself may finish: its line is created (limit 0) and receives the tokens.
    await finishBy(lineless, buyer.classicAddress, e)();
    expect(await t.tokens(lineless.classicAddress, issuer.classicAddress)).toBe('10');
  });

  it('EscrowCancel after CancelAfter returns the tokens to the sender', async () => {
    const before = await t.tokens(buyer.classicAddress, issuer.classicAddress);
    const e = await escrow(buyer, seller.classicAddress, rlusd('50'));
    expect(await t.tokens(buyer.classicAddress, issuer.classicAddress)).toBe(String(Number(before) - 50));
    const cancel = { TransactionType: 'EscrowCancel', Owner: buyer.classicAddress, OfferSequence: e.sequence };
    await t.apply(platform, cancel, 'tecNO_PERMISSION');
    t.node.advanceClock(HOUR);
    await finishBy(platform, buyer.classicAddress, e)('tecNO_PERMISSION');
    await t.apply(platform, cancel);
    expect(await t.tokens(buyer.classicAddress, issuer.classicAddress)).toBe(before);
  });

  it('tecNO_PERMISSION when the issuer does not allow trust-line locking, or is the sender', async () => {
    const [plain, holder] = (await t.funded(2)) as [Wallet, Wallet];
    const usd = (value: string) => ({ currency: 'USD', issuer: plain.classicAddress, value });
    await t.apply(holder, { TransactionType: 'TrustSet', LimitAmount: usd('100') });
    await t.apply(plain, { TransactionType: 'Payment', Destination: holder.classicAddress, Amount: usd('10') });
    const before = await t.root(holder.classicAddress);
    await escrow(holder, seller.classicAddress, usd('5'), 'tecNO_PERMISSION');
    const after = await t.root(holder.classicAddress);
    expect(after.Sequence).toBe(before.Sequence + 1);
    expect(after.OwnerCount).toBe(before.OwnerCount);
    expect(await t.tokens(holder.classicAddress, plain.classicAddress, 'USD')).toBe('10');

    // Once the issuer sets AllowTrustLineLocking (asf 17), the same escrow is accepted.
    await t.apply(plain, { TransactionType: 'AccountSet', SetFlag: 17 });
    await escrow(holder, seller.classicAddress, usd('5'));
    expect(await t.tokens(holder.classicAddress, plain.classicAddress, 'USD')).toBe('5');

    await escrow(issuer, seller.classicAddress, rlusd('1'), 'tecNO_PERMISSION');
  });

  it('tecNO_ISSUER for an issuer that does not exist', async () => {
    await escrow(buyer, seller.classicAddress, rlusd('1', Wallet.generate().classicAddress), 'tecNO_ISSUER');
  });

  it('tecNO_LINE when the sender has no trust line for the token', async () => {
    const [lineless] = (await t.funded(1)) as [Wallet];
    await escrow(lineless, seller.classicAddress, rlusd('1'), 'tecNO_LINE');
  });

  it('tecINSUFFICIENT_FUNDS when the sender holds less than the amount (rippled keeps tecUNFUNDED for XRP)', async () => {
    const held = await t.tokens(seller.classicAddress, issuer.classicAddress);
    await escrow(seller, buyer.classicAddress, rlusd(String(Number(held) + 1)), 'tecINSUFFICIENT_FUNDS');
    expect(await t.tokens(seller.classicAddress, issuer.classicAddress)).toBe(held);
  });
});
