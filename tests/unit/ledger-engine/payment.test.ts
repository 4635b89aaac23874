import { describe, expect, it } from 'vitest';
import { getBalanceChanges, hashes, type TransactionMetadata } from 'xrpl';
import { Harness, RLUSD, XRP, affected, signUnchecked, wallet } from './engine-harness';

const issuer = wallet(10);
const alice = wallet(11);
const bob = wallet(12, 'secp256k1');
const stranger = wallet(13);

const rlusd = (value: string) => ({ currency: RLUSD, issuer: issuer.address, value });
const trust = (limit = '1000') => ({ TransactionType: 'TrustSet', LimitAmount: rlusd(limit) });
const payRlusd = (to: string, value: string, extra: Record<string, unknown> = {}) => ({
  TransactionType: 'Payment',
  Destination: to,
  Amount: rlusd(value),
  ...extra,
});

/** Issuer with DefaultRipple (unless told otherwise), alice and bob trusting it. */
function tokenLedger(defaultRipple = true): Harness {
  const h = new Harness([
    { wallet: issuer, xrp: 1000n },
    { wallet: alice, xrp: 100n },
    { wallet: bob, xrp: 100n },
  ]);
  if (defaultRipple) h.expect(issuer, { TransactionType: 'AccountSet', SetFlag: 8 }, 'tesSUCCESS');
  h.expect(alice, trust(), 'tesSUCCESS');
  h.expect(bob, trust('50'), 'tesSUCCESS');
  return h;
}

describe('XRP payments', () => {
  it('moves drops, reports delivered_amount and metadata that getBalanceChanges reads', () => {
    const h = new Harness([
      { wallet: alice, xrp: 100n },
      { wallet: bob, xrp: 100n },
    ]);
    const result = h.expect(
      alice,
      { TransactionType: 'Payment', Destination: bob.address, Amount: '2500000' },
      'tesSUCCESS',
    );
    expect(h.drops(alice.address)).toBe(100n * XRP - 2_500_000n - 10n);
    expect(h.drops(bob.address)).toBe(100n * XRP + 2_500_000n);
    expect(result.meta?.delivered_amount).toBe('2500000');
    expect(getBalanceChanges(result.meta as unknown as TransactionMetadata)).toEqual(
      expect.arrayContaining([
        { account: alice.address, balances: [{ currency: 'XRP', value: '-2.50001' }] },
        { account: bob.address, balances: [{ currency: 'XRP', value: '2.5' }] },
      ]),
    );
    expect(h.root(bob.address).PreviousTxnID).toBe(result.hash);
    expect(h.root(bob.address).PreviousTxnLgrSeq).toBe(h.ctx.openLedgerIndex);
  });

  it('creates the destination account (Sequence = the ledger index) when at least the base reserve arrives', () => {
    const h = new Harness([{ wallet: alice, xrp: 100n }]);
    h.expect(
      alice,
      { TransactionType: 'Payment', Destination: stranger.address, Amount: '999999' },
      'tecNO_DST_INSUF_XRP',
    );
    expect(h.state.accountRoot(stranger.address)).toBeUndefined();
    const result = h.expect(
      alice,
      { TransactionType: 'Payment', Destination: stranger.address, Amount: String(XRP) },
      'tesSUCCESS',
    );
    expect(h.root(stranger.address)).toMatchObject({
      Balance: String(XRP),
      Sequence: h.ctx.openLedgerIndex,
      OwnerCount: 0,
    });
    expect(affected(result, 'CreatedNode', hashes.hashAccountRoot(stranger.address))).toEqual({
      LedgerEntryType: 'AccountRoot',
      LedgerIndex: hashes.hashAccountRoot(stranger.address),
      NewFields: { Account: stranger.address, Balance: String(XRP), Sequence: h.ctx.openLedgerIndex },
    });
  });

  it('tecUNFUNDED_PAYMENT when the sender would drop below its reserve (the fee may dip into it, as in rippled)', () => {
    const h = new Harness([
      { wallet: alice, xrp: 10n },
      { wallet: bob, xrp: 10n },
    ]);
    // rippled: balance before the fee must cover amount + max(reserve, fee).
    h.expect(
      alice,
      { TransactionType: 'Payment', Destination: bob.address, Amount: String(9n * XRP + 1n) },
      'tecUNFUNDED_PAYMENT',
    );
    // The tec took 10 drops; what is left above the reserve can go, and the fee then takes the balance below it.
    h.expect(
      alice,
      { TransactionType: 'Payment', Destination: bob.address, Amount: String(9n * XRP - 10n) },
      'tesSUCCESS',
    );
    expect(h.drops(alice.address)).toBe(XRP - 10n);
  });

  it('counts owned objects in the reserve (configurable increment)', () => {
    const h = new Harness(
      [
        { wallet: issuer, xrp: 100n },
        { wallet: alice, xrp: 10n },
      ],
      { rules: { baseFeeDrops: 10, reserveBaseDrops: 2_000_000, reserveIncrementDrops: 3_000_000 } },
    );
    h.expect(alice, trust(), 'tesSUCCESS');
    // Reserve now 2 + 3 XRP; alice has 10 XRP minus two fees.
    h.expect(
      alice,
      { TransactionType: 'Payment', Destination: issuer.address, Amount: String(5n * XRP) },
      'tecUNFUNDED_PAYMENT',
    );
    h.expect(
      alice,
      { TransactionType: 'Payment', Destination: issuer.address, Amount: String(5n * XRP - 30n) },
      'tesSUCCESS',
    );
  });

  it('temBAD_AMOUNT for zero, temREDUNDANT to self; no Destination never reaches the engine', () => {
    const h = new Harness([{ wallet: alice, xrp: 100n }]);
    h.expect(alice, { TransactionType: 'Payment', Destination: bob.address, Amount: '0' }, 'temBAD_AMOUNT');
    h.expect(alice, { TransactionType: 'Payment', Destination: alice.address, Amount: '5' }, 'temREDUNDANT');
    const noDest = signUnchecked(alice, {
      TransactionType: 'Payment',
      Account: alice.address,
      Amount: '5',
      Fee: '10',
      Sequence: 1,
    });
    // rippled's STTx constructor applies the Payment format first (STObject::applyTemplate): submit answers
    // invalidTransaction before any preflight could say temDST_NEEDED.
    expect(h.apply(noDest).rpc_error).toEqual({
      error: 'invalidTransaction',
      error_exception: "Field 'Destination' is required but missing.",
    });
  });

  it('tecDST_TAG_NEEDED when the destination requires a tag; DisallowXRP stays advisory', () => {
    const h = new Harness([
      { wallet: alice, xrp: 100n },
      { wallet: bob, xrp: 100n },
    ]);
    h.expect(bob, { TransactionType: 'AccountSet', SetFlag: 1 }, 'tesSUCCESS');
    h.expect(alice, { TransactionType: 'Payment', Destination: bob.address, Amount: '5' }, 'tecDST_TAG_NEEDED');
    h.expect(
      alice,
      { TransactionType: 'Payment', Destination: bob.address, Amount: '5', DestinationTag: 7 },
      'tesSUCCESS',
    );
    h.expect(bob, { TransactionType: 'AccountSet', SetFlag: 3 }, 'tesSUCCESS');
    h.expect(
      alice,
      { TransactionType: 'Payment', Destination: bob.address, Amount: '5', DestinationTag: 7 },
      'tesSUCCESS',
    );
  });

  it('refuses XRP-to-XRP options rippled refuses', () => {
    const h = new Harness([{ wallet: alice, xrp: 100n }]);
    h.expect(
      alice,
      { TransactionType: 'Payment', Destination: bob.address, Amount: '5', SendMax: '6' },
      'temBAD_SEND_XRP_MAX',
    );
    h.expect(
      alice,
      { TransactionType: 'Payment', Destination: bob.address, Amount: '5', Flags: 0x00020000 },
      'temBAD_SEND_XRP_PARTIAL',
    );
  });
});

describe('issued-currency payments over trust lines', () => {
  it('issuer -> holder issues tokens; the holder line balance and delivered_amount follow', () => {
    const h = tokenLedger();
    const result = h.expect(issuer, payRlusd(alice.address, '125.75'), 'tesSUCCESS');
    expect(h.tokens(alice.address, issuer.address)).toBe('125.75');
    expect(result.meta?.delivered_amount).toEqual(rlusd('125.75'));
    const changes = getBalanceChanges(result.meta as unknown as TransactionMetadata);
    expect(changes).toEqual(
      expect.arrayContaining([
        { account: alice.address, balances: [{ currency: RLUSD, issuer: issuer.address, value: '125.75' }] },
      ]),
    );
  });

  it('holder -> holder ripples through the issuer; holder -> issuer redeems', () => {
    const h = tokenLedger();
    h.expect(issuer, payRlusd(alice.address, '100'), 'tesSUCCESS');
    const result = h.expect(alice, payRlusd(bob.address, '30.5'), 'tesSUCCESS');
    expect(h.tokens(alice.address, issuer.address)).toBe('69.5');
    expect(h.tokens(bob.address, issuer.address)).toBe('30.5');
    const modifiedLines = result.meta?.AffectedNodes.filter(
      (n) => (n.ModifiedNode as { LedgerEntryType?: string } | undefined)?.LedgerEntryType === 'RippleState',
    );
    expect(modifiedLines).toHaveLength(2);
    h.expect(bob, payRlusd(issuer.address, '0.5'), 'tesSUCCESS');
    expect(h.tokens(bob.address, issuer.address)).toBe('30');
  });

  it('tecNO_DST for tokens to a missing account', () => {
    const h = tokenLedger();
    h.expect(issuer, payRlusd(stranger.address, '1'), 'tecNO_DST');
  });

  it('tecPATH_DRY without a line, beyond a full limit, or when the issuer lacks DefaultRipple', () => {
    const h = new Harness([
      { wallet: issuer, xrp: 100n },
      { wallet: alice, xrp: 100n },
    ]);
    h.expect(issuer, payRlusd(alice.address, '1'), 'tecPATH_DRY');

    const full = tokenLedger();
    full.expect(issuer, payRlusd(bob.address, '50'), 'tesSUCCESS');
    full.expect(issuer, payRlusd(bob.address, '1'), 'tecPATH_DRY');

    const noRipple = tokenLedger(false);
    noRipple.expect(issuer, payRlusd(alice.address, '10'), 'tesSUCCESS');
    noRipple.expect(alice, payRlusd(bob.address, '1'), 'tecPATH_DRY');
    expect(noRipple.tokens(alice.address, issuer.address)).toBe('10');
  });

  it('tecPATH_PARTIAL when only part fits (limit or holdings); tfPartialPayment delivers that part', () => {
    const h = tokenLedger();
    h.expect(issuer, payRlusd(alice.address, '100'), 'tesSUCCESS');
    h.expect(alice, payRlusd(bob.address, '60'), 'tecPATH_PARTIAL');
    h.expect(alice, payRlusd(issuer.address, '100.01'), 'tecPATH_PARTIAL');
    const partial = h.expect(alice, payRlusd(bob.address, '60', { Flags: 0x00020000 }), 'tesSUCCESS');
    expect(partial.meta?.delivered_amount).toEqual(rlusd('50'));
    expect(partial.meta?.DeliveredAmount).toEqual(rlusd('50'));
    expect(h.tokens(bob.address, issuer.address)).toBe('50');
    h.expect(alice, payRlusd(bob.address, '5', { Flags: 0x00020000, DeliverMin: rlusd('1') }), 'tecPATH_DRY');
  });

  it('temBAD_AMOUNT for zero or negative token amounts', () => {
    const h = tokenLedger();
    h.expect(issuer, payRlusd(alice.address, '0'), 'temBAD_AMOUNT');
    const negative = signUnchecked(alice, {
      ...payRlusd(bob.address, '-5'),
      Account: alice.address,
      Fee: '10',
      Sequence: Number(h.root(alice.address).Sequence),
    });
    expect(h.apply(negative).engine_result).toBe('temBAD_AMOUNT');
  });

  it('temRIPPLE_EMPTY for tfNoRippleDirect without paths; temDISABLED for paths and cross-currency', () => {
    const h = tokenLedger();
    h.expect(issuer, payRlusd(alice.address, '1', { Flags: 0x00010000 }), 'temRIPPLE_EMPTY');
    h.expect(alice, payRlusd(bob.address, '1', { SendMax: '1000000' }), 'temDISABLED');
  });

  it('the sender spends only the fee in XRP', () => {
    const h = tokenLedger();
    h.expect(issuer, payRlusd(alice.address, '10'), 'tesSUCCESS');
    const before = h.drops(alice.address);
    h.expect(alice, payRlusd(bob.address, '10'), 'tesSUCCESS');
    expect(h.drops(alice.address)).toBe(before - 10n);
  });
});
