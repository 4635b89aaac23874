import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Wallet, decode, encode, type Payment, type SubmittableTransaction } from 'xrpl';
import { BASE_FEE, TestLedger, XRP, affected, signUnchecked } from './helpers';

let t: TestLedger;
let alice: Wallet;
let bob: Wallet;

beforeAll(async () => {
  t = await TestLedger.start('payments');
  [alice, bob] = (await t.funded(2)) as [Wallet, Wallet];
});

afterAll(async () => {
  await t?.stop();
});

const pay = (destination: string, drops: number | string): Record<string, unknown> => ({
  TransactionType: 'Payment',
  Destination: destination,
  Amount: String(drops),
});

describe('XRP payments', () => {
  it('fundWallet through the faucet (faucetHost / faucetProtocol http / faucetPath /accounts)', async () => {
    const { wallet, balance } = await t.client.fundWallet(null, {
      faucetHost: t.faucetHost,
      faucetProtocol: 'http',
      faucetPath: '/accounts',
      amount: '250',
    });
    expect(balance).toBe(250);
    expect(await t.client.getXrpBalance(wallet.classicAddress)).toBe(250);
  });

  it('submitAndWait validates a payment; balances, delivered_amount and AffectedNodes match', async () => {
    const [a0, b0] = [await t.drops(alice.classicAddress), await t.drops(bob.classicAddress)];
    const tx: Payment = {
      TransactionType: 'Payment',
      Account: alice.classicAddress,
      Destination: bob.classicAddress,
      Amount: '12345678',
    };
    const res = await t.client.submitAndWait(tx, { wallet: alice, autofill: true });
    expect(res.result.validated).toBe(true);
    const meta = res.result.meta as Exclude<typeof res.result.meta, string | undefined>;
    expect(meta.TransactionResult).toBe('tesSUCCESS');
    expect(meta.delivered_amount).toBe('12345678');
    expect(res.result.tx_json.Fee).toBe(String(BASE_FEE));

    expect(await t.drops(alice.classicAddress)).toBe(a0 - 12_345_678 - BASE_FEE);
    expect(await t.drops(bob.classicAddress)).toBe(b0 + 12_345_678);
    const sender = affected(meta, 'ModifiedNode', 'AccountRoot', (f) => f.Account === alice.classicAddress);
    expect(sender).toMatchObject({
      FinalFields: { Balance: String(a0 - 12_345_678 - BASE_FEE) },
      PreviousFields: { Balance: String(a0) },
    });
    expect((sender!.PreviousFields as { Sequence: number }).Sequence + 1).toBe(
      (sender!.FinalFields as { Sequence: number }).Sequence,
    );
    const balances = await t.client.getBalances(bob.classicAddress);
    expect(balances).toEqual([{ currency: 'XRP', value: String((b0 + 12_345_678) / XRP) }]);
  });

  it('creates a destination account paid at least the base reserve (Sequence = its ledger index)', async () => {
    const fresh = Wallet.generate();
    const done = await t.apply(alice, pay(fresh.classicAddress, 1 * XRP));
    const created = affected(done.meta, 'CreatedNode', 'AccountRoot');
    expect(created).toMatchObject({ NewFields: { Account: fresh.classicAddress, Balance: String(XRP) } });
    const root = await t.root(fresh.classicAddress);
    expect(root.Sequence).toBe(done.ledger_index);
    expect(root.Balance).toBe(String(XRP));
  });

  it('tecNO_DST_INSUF_XRP below the reserve: fee charged, sequence used, no account', async () => {
    const fresh = Wallet.generate();
    const before = await t.root(alice.classicAddress);
    const done = await t.apply(alice, pay(fresh.classicAddress, XRP - 1), 'tecNO_DST_INSUF_XRP');
    const after = await t.root(alice.classicAddress);
    expect(Number(after.Balance)).toBe(Number(before.Balance) - BASE_FEE);
    expect(after.Sequence).toBe(before.Sequence + 1);
    expect(done.meta.delivered_amount).toBeUndefined();
    expect(await t.exists(fresh.classicAddress)).toBe(false);
  });

  it('submitAndWait resolves on a tec with its validated meta, and throws on a tem', async () => {
    const res = await t.client.submitAndWait(
      {
        TransactionType: 'Payment',
        Account: alice.classicAddress,
        Destination: Wallet.generate().address,
        Amount: '5',
      },
      { wallet: alice, autofill: true },
    );
    expect(res.result.validated).toBe(true);
    expect((res.result.meta as { TransactionResult: string }).TransactionResult).toBe('tecNO_DST_INSUF_XRP');
    await expect(
      t.client.submitAndWait(
        { TransactionType: 'Payment', Account: alice.classicAddress, Destination: alice.classicAddress, Amount: '5' },
        { wallet: alice, autofill: true },
      ),
    ).rejects.toThrow(/temREDUNDANT/);
  });

  it('tecUNFUNDED_PAYMENT when the amount would eat into the reserve', async () => {
    const [poor] = (await t.funded(1, 5)) as [Wallet];
    // rippled checks amount + max(reserve, fee) against the balance before the fee, so the fee may dip into the reserve.
    await t.apply(poor, pay(bob.classicAddress, 4 * XRP + 1), 'tecUNFUNDED_PAYMENT');
    expect(await t.drops(poor.classicAddress)).toBe(5 * XRP - BASE_FEE);
    await t.apply(poor, pay(bob.classicAddress, 4 * XRP - BASE_FEE));
    expect(await t.drops(poor.classicAddress)).toBe(XRP - BASE_FEE);
  });

  it('temBAD_AMOUNT for a zero or negative amount changes nothing', async () => {
    const negativeToken = { currency: 'USD', issuer: bob.classicAddress, value: '-5' };
    for (const amount of ['0', negativeToken]) {
      const tx = await t.fill({ ...pay(bob.classicAddress, 1), Amount: amount, Account: alice.classicAddress });
      await t.expectRejected(signUnchecked(alice, tx), 'temBAD_AMOUNT', alice.classicAddress);
    }
  });

  it('temBAD_FEE for a fee that is not XRP drops', async () => {
    const tx = await t.fill({ ...pay(bob.classicAddress, 1000), Account: alice.classicAddress });
    const blob = signUnchecked(alice, { ...tx, Fee: { currency: 'USD', issuer: bob.classicAddress, value: '1' } });
    await t.expectRejected(blob, 'temBAD_FEE', alice.classicAddress);
  });

  it('telINSUF_FEE_P below the base fee', async () => {
    const tx = await t.fill({ ...pay(bob.classicAddress, 1000), Account: alice.classicAddress });
    await t.expectRejected(signUnchecked(alice, { ...tx, Fee: '9' }), 'telINSUF_FEE_P', alice.classicAddress);
  });
});

describe('sequence, LastLedgerSequence and signer checks', () => {
  async function prepared(extra: Record<string, unknown> = {}): Promise<Payment> {
    return (await t.client.autofill({
      TransactionType: 'Payment',
      Account: alice.classicAddress,
      Destination: bob.classicAddress,
      Amount: '1000',
      ...extra,
    } as SubmittableTransaction)) as Payment;
  }

  it('tefPAST_SEQ for a used sequence, terPRE_SEQ for one ahead: neither changes anything, the one ahead is held', async () => {
    const tx = await prepared();
    await t.expectRejected(alice.sign({ ...tx, Sequence: tx.Sequence! - 1 }).tx_blob, 'tefPAST_SEQ', alice.address);
    const ahead = await t.expectRejected(
      alice.sign({ ...tx, Sequence: tx.Sequence! + 1 }).tx_blob,
      'terPRE_SEQ',
      alice.address,
    );
    // The autofilled sequence still applies afterwards; the held one goes into the next open ledger (rippled's
    // held transactions).
    await t.applyBlob(alice.sign(tx).tx_blob);
    t.node.closeLedger();
    const held = await t.tx(ahead.tx_json.hash!);
    expect(held.validated).toBe(true);
    expect(held.meta.TransactionResult).toBe('tesSUCCESS');
  });

  it('sequences chain within one open ledger', async () => {
    const tx = await prepared();
    const first = await t.submitBlob(alice.sign(tx).tx_blob);
    const second = await t.submitBlob(alice.sign({ ...tx, Sequence: tx.Sequence! + 1 }).tx_blob);
    expect([first.engine_result, second.engine_result]).toEqual(['tesSUCCESS', 'tesSUCCESS']);
    expect(second.account_sequence_next).toBe(tx.Sequence! + 2);
    t.node.closeLedger();
    const [a, b] = [await t.tx(first.tx_json.hash!), await t.tx(second.tx_json.hash!)];
    expect([a.meta.TransactionResult, b.meta.TransactionResult]).toEqual(['tesSUCCESS', 'tesSUCCESS']);
    // Usually one ledger (indexes 0 and 1); the 200 ms auto-close may fall between the two submissions.
    if (a.ledger_index === b.ledger_index) expect(b.meta.TransactionIndex).toBe(a.meta.TransactionIndex + 1);
    else expect(b.ledger_index).toBe(a.ledger_index + 1);
  });

  it('tefMAX_LEDGER once LastLedgerSequence is behind the open ledger; equal to it still applies', async () => {
    const current = (await t.client.request({ command: 'ledger_current' })).result.ledger_current_index;
    const late = await prepared({ LastLedgerSequence: current - 1 });
    await t.expectRejected(alice.sign(late).tx_blob, 'tefMAX_LEDGER', alice.address);
    // The node also closes every 200 ms: if it closed between reading the index and submitting, try again.
    for (let attempt = 0; ; attempt += 1) {
      t.node.closeLedger();
      const now = (await t.client.request({ command: 'ledger_current' })).result.ledger_current_index;
      const submitted = await t.submitBlob(alice.sign(await prepared({ LastLedgerSequence: now })).tx_blob);
      const moved = (await t.client.request({ command: 'ledger_current' })).result.ledger_current_index !== now;
      if (submitted.engine_result === 'tefMAX_LEDGER' && moved && attempt < 5) continue;
      expect(submitted.engine_result).toBe('tesSUCCESS');
      t.node.closeLedger();
      expect((await t.tx(submitted.tx_json.hash!)).ledger_index).toBe(now);
      break;
    }
  });

  it('tefBAD_AUTH for a valid signature by a key that is neither master nor regular key', async () => {
    const stranger = Wallet.generate();
    await t.expectRejected(stranger.sign(await prepared()).tx_blob, 'tefBAD_AUTH', alice.address);
  });

  it('terNO_ACCOUNT for a source that does not exist', async () => {
    const ghost = Wallet.generate();
    const blob = ghost.sign({
      TransactionType: 'Payment',
      Account: ghost.classicAddress,
      Destination: bob.classicAddress,
      Amount: '1000',
      Fee: '10',
      Sequence: 1,
    }).tx_blob;
    expect((await t.submitBlob(blob)).engine_result).toBe('terNO_ACCOUNT');
  });

  it('refuses a tampered signature before the engine (invalidTransaction), like rippled', async () => {
    const signed = decode(alice.sign(await prepared()).tx_blob);
    const tampered = encode({ ...signed, Amount: '1001' } as never);
    await expect(t.submitBlob(tampered)).rejects.toMatchObject({
      data: { error: 'invalidTransaction', error_exception: 'fails local checks: Invalid signature.' },
    });
  });
});

describe('duplicate submissions', () => {
  it('tefALREADY while the transaction is in the open ledger, tefPAST_SEQ once validated', async () => {
    const prepared = await t.client.autofill({
      TransactionType: 'Payment',
      Account: alice.classicAddress,
      Destination: bob.classicAddress,
      Amount: '1000',
    });
    const { tx_blob } = alice.sign(prepared);
    expect((await t.submitBlob(tx_blob)).engine_result).toBe('tesSUCCESS');
    // The node may close between the two submissions; then the duplicate is already validated.
    const again = await t.submitBlob(tx_blob);
    expect(['tefALREADY', 'tefPAST_SEQ']).toContain(again.engine_result);
    t.node.closeLedger();
    expect((await t.submitBlob(tx_blob)).engine_result).toBe('tefPAST_SEQ');
  });
});
