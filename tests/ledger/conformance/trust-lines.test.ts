import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Wallet } from 'xrpl';
import { BASE_FEE, RLUSD, TestLedger, affected } from './helpers';

let t: TestLedger;
let issuer: Wallet;
let alice: Wallet;
let bob: Wallet;
let carol: Wallet;

beforeAll(async () => {
  t = await TestLedger.start('trust-lines');
  issuer = t.issuer;
  [alice, bob, carol] = (await t.funded(3)) as [Wallet, Wallet, Wallet];
});

afterAll(async () => {
  await t?.stop();
});

const rlusd = (value: string) => ({ currency: RLUSD, issuer: issuer.classicAddress, value });
const trust = (limit: { currency: string; issuer: string; value: string }) => ({
  TransactionType: 'TrustSet',
  LimitAmount: limit,
});
const payToken = (destination: string, amount: { currency: string; issuer: string; value: string }) => ({
  TransactionType: 'Payment',
  Destination: destination,
  Amount: amount,
});

describe('TrustSet and issued currency payments', () => {
  it('TrustSet creates a RippleState and counts it as an owned object', async () => {
    const done = await t.apply(alice, trust(rlusd('5000')));
    const line = affected(done.meta, 'CreatedNode', 'RippleState');
    expect(line).toBeDefined();
    expect((await t.root(alice.classicAddress)).OwnerCount).toBe(1);
    const lines = await t.client.request({ command: 'account_lines', account: alice.classicAddress });
    expect(lines.result.lines).toEqual([
      expect.objectContaining({ account: issuer.classicAddress, currency: RLUSD, balance: '0', limit: '5000' }),
    ]);
    // The issuer has DefaultRipple, so its side of the line ripples.
    expect(lines.result.lines[0]!.no_ripple_peer).toBeUndefined();
  });

  it('issuer -> holder, holder -> holder through the issuer, holder -> issuer (redeem)', async () => {
    await t.apply(bob, trust(rlusd('5000')));
    const issued = await t.apply(issuer, payToken(alice.classicAddress, rlusd('100')));
    expect(issued.meta.delivered_amount).toEqual(rlusd('100'));
    await t.apply(alice, payToken(bob.classicAddress, rlusd('40.25')));
    await t.apply(bob, payToken(issuer.classicAddress, rlusd('0.25')));
    expect(await t.tokens(alice.classicAddress, issuer.classicAddress)).toBe('59.75');
    expect(await t.tokens(bob.classicAddress, issuer.classicAddress)).toBe('40');
    const balances = await t.client.getBalances(bob.classicAddress);
    expect(balances).toContainEqual({ currency: RLUSD, issuer: issuer.classicAddress, value: '40' });
    expect(balances[0]!.currency).toBe('XRP');
    const issuerLines = await t.client.request({ command: 'account_lines', account: issuer.classicAddress });
    const toBob = issuerLines.result.lines.find((l) => l.account === bob.classicAddress);
    expect(toBob).toMatchObject({ balance: '-40', limit: '0', limit_peer: '5000' });
  });

  it('the faucet also sends 1,000 RLUSD to an account that trusts the issuer', async () => {
    const [holder] = (await t.funded(1)) as [Wallet];
    await t.apply(holder, trust(rlusd('5000')));
    const answer = await t.faucet(holder.classicAddress, 10);
    expect(answer).toMatchObject({ account: { classicAddress: holder.classicAddress }, rlusd: { amount: '1000' } });
    t.node.closeLedger();
    expect(await t.tokens(holder.classicAddress, issuer.classicAddress)).toBe('1000');
  });

  it('tecPATH_DRY: no line to the destination, or nothing to send', async () => {
    await t.apply(issuer, payToken(carol.classicAddress, rlusd('1')), 'tecPATH_DRY');
    await t.apply(carol, trust(rlusd('10')));
    await t.apply(carol, payToken(alice.classicAddress, rlusd('1')), 'tecPATH_DRY');
    expect(await t.tokens(carol.classicAddress, issuer.classicAddress)).toBe('0');
  });

  it('tecPATH_PARTIAL over the limit; tfPartialPayment delivers what fits (delivered_amount)', async () => {
    await t.apply(issuer, payToken(carol.classicAddress, rlusd('11')), 'tecPATH_PARTIAL');
    const done = await t.apply(issuer, {
      ...payToken(carol.classicAddress, rlusd('11')),
      Flags: 0x00020000,
    });
    expect(done.meta.delivered_amount).toEqual(rlusd('10'));
    expect(await t.tokens(carol.classicAddress, issuer.classicAddress)).toBe('10');
  });

  it('tecNO_DST for a token payment or a trust line to a missing account', async () => {
    const ghost = Wallet.generate().classicAddress;
    await t.apply(issuer, payToken(ghost, rlusd('1')), 'tecNO_DST');
    const before = await t.root(alice.classicAddress);
    await t.apply(alice, trust({ currency: 'USD', issuer: ghost, value: '1' }), 'tecNO_DST');
    const after = await t.root(alice.classicAddress);
    expect(Number(after.Balance)).toBe(Number(before.Balance) - BASE_FEE);
    expect(after.OwnerCount).toBe(before.OwnerCount);
  });

  it('lines without the issuer allowing rippling cannot carry holder-to-holder payments (tecPATH_DRY)', async () => {
    const [plain] = (await t.funded(1)) as [Wallet];
    const usd = (value: string) => ({ currency: 'USD', issuer: plain.classicAddress, value });
    await Promise.all([t.apply(alice, trust(usd('100'))), t.apply(bob, trust(usd('100')))]);
    const lines = await t.client.request({ command: 'account_lines', account: alice.classicAddress });
    expect(lines.result.lines.find((l) => l.currency === 'USD')!.no_ripple_peer).toBe(true);
    await t.apply(plain, payToken(alice.classicAddress, usd('10')));
    await t.apply(alice, payToken(bob.classicAddress, usd('1')), 'tecPATH_DRY');
  });

  it('the first two objects need no reserve; the third needs base + 3 x increment', async () => {
    const [lean] = (await t.funded(1, 1.5)) as [Wallet];
    const other = (await t.funded(1))[0]!.classicAddress;
    await t.apply(lean, trust({ currency: 'AAA', issuer: other, value: '1' }));
    await t.apply(lean, trust({ currency: 'BBB', issuer: other, value: '1' }));
    expect((await t.root(lean.classicAddress)).OwnerCount).toBe(2);
    // 1.5 XRP < 1 XRP + 3 x 0.2 XRP.
    await t.apply(lean, trust({ currency: 'CCC', issuer: other, value: '1' }), 'tecNO_LINE_INSUF_RESERVE');
    await t.faucet(lean.classicAddress, 0.1);
    t.node.closeLedger();
    expect(await t.drops(lean.classicAddress)).toBe(1_600_000 - 3 * BASE_FEE);
    await t.apply(lean, trust({ currency: 'CCC', issuer: other, value: '1' }), 'tecNO_LINE_INSUF_RESERVE');
    await t.faucet(lean.classicAddress, 0.00004);
    t.node.closeLedger();
    await t.apply(lean, trust({ currency: 'CCC', issuer: other, value: '1' }));
    expect((await t.root(lean.classicAddress)).OwnerCount).toBe(3);
  });

  it('a line back at its default (limit 0 and NoRipple, as the account has no DefaultRipple) is removed', async () => {
    const [holder] = (await t.funded(1)) as [Wallet];
    await t.apply(holder, trust(rlusd('10')));
    expect((await t.root(holder.classicAddress)).OwnerCount).toBe(1);
    // Limit 0 alone leaves rippling enabled on the holder's side, which is not its default: the line stays.
    const kept = await t.apply(holder, trust(rlusd('0')));
    expect(affected(kept.meta, 'ModifiedNode', 'RippleState')).toBeDefined();
    expect((await t.root(holder.classicAddress)).OwnerCount).toBe(1);
    const done = await t.apply(holder, { ...trust(rlusd('0')), Flags: 0x00020000 });
    expect(affected(done.meta, 'DeletedNode', 'RippleState')).toBeDefined();
    expect((await t.root(holder.classicAddress)).OwnerCount).toBe(0);
    expect(await t.tokens(holder.classicAddress, issuer.classicAddress)).toBe('none');
  });

  it('account_lines pages with a marker (limit is clamped to at least 10)', async () => {
    const [many] = (await t.funded(1)) as [Wallet];
    const root = await t.root(many.classicAddress);
    const codes = Array.from({ length: 12 }, (_, i) => `C${String.fromCharCode(65 + i)}X`);
    const blobs = await Promise.all(
      codes.map(async (currency, i) =>
        many.sign(
          await t.client.autofill({
            TransactionType: 'TrustSet',
            Account: many.classicAddress,
            LimitAmount: { currency, issuer: issuer.classicAddress, value: '1' },
            Sequence: root.Sequence + i,
          }),
        ),
      ),
    );
    for (const { tx_blob } of blobs) expect((await t.submitBlob(tx_blob)).engine_result).toBe('tesSUCCESS');
    t.node.closeLedger();

    const first = await t.client.request({ command: 'account_lines', account: many.classicAddress, limit: 5 });
    expect(first.result.lines).toHaveLength(10);
    expect(first.result.marker).toBeDefined();
    const second = await t.client.request({
      command: 'account_lines',
      account: many.classicAddress,
      limit: 5,
      marker: first.result.marker,
    });
    expect(second.result.lines).toHaveLength(2);
    expect(second.result.marker).toBeUndefined();
    const seen = [...first.result.lines, ...second.result.lines].map((l) => l.currency).sort();
    expect(seen).toEqual([...codes].sort());
  });
});
