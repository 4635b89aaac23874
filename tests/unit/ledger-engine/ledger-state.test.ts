import { describe, expect, it } from 'vitest';
import { hashes } from 'xrpl';
import { ACCOUNT_FLAGS, LedgerState } from '../../../infra/local/ledger/engine';
import { Harness, RLUSD, wallet } from './engine-harness';

describe('LedgerState', () => {
  const alice = wallet(1);
  const bob = wallet(2);

  it('builds genesis AccountRoots at their rippled indexes', () => {
    const state = LedgerState.genesis([
      { address: alice.address, balanceDrops: 5_000_000n },
      { address: bob.address, balanceDrops: '7' },
    ]);
    const root = state.accountRoot(alice.address);
    expect(root).toMatchObject({
      LedgerEntryType: 'AccountRoot',
      index: hashes.hashAccountRoot(alice.address),
      Account: alice.address,
      Balance: '5000000',
      Sequence: 1,
      OwnerCount: 0,
      Flags: 0,
    });
    expect(state.get(hashes.hashAccountRoot(bob.address).toLowerCase())?.Balance).toBe('7');
    expect([...state.entries()]).toHaveLength(2);
  });

  it('takes account flags at genesis (an issuer ready for token escrow)', () => {
    const flags = ACCOUNT_FLAGS.lsfDefaultRipple | ACCOUNT_FLAGS.lsfAllowTrustLineLocking;
    const state = LedgerState.genesis([{ address: alice.address, balanceDrops: 1n, flags }]);
    expect(state.accountRoot(alice.address)?.Flags).toBe(0x40800000);
  });

  it('round-trips through JSON and clones independently', () => {
    const h = new Harness([
      { wallet: alice, xrp: 100n },
      { wallet: bob, xrp: 100n },
    ]);
    h.expect(alice, { TransactionType: 'AccountSet', SetFlag: 8 }, 'tesSUCCESS');
    h.expect(
      bob,
      { TransactionType: 'TrustSet', LimitAmount: { currency: RLUSD, issuer: alice.address, value: '10' } },
      'tesSUCCESS',
    );

    const restored = LedgerState.fromJSON(JSON.parse(JSON.stringify(h.state)));
    expect([...restored.entries()]).toEqual([...h.state.entries()]);

    const copy = h.state.clone();
    h.expect(alice, { TransactionType: 'Payment', Destination: bob.address, Amount: '1000000' }, 'tesSUCCESS');
    expect(copy.accountRoot(bob.address)?.Balance).toBe('99999990');
    expect(h.state.accountRoot(bob.address)?.Balance).toBe('100999990');
    expect(() => LedgerState.fromJSON({ entries: [] })).toThrow(/snapshot/);
  });

  it('keeps entries immutable so closed ledgers cannot change by accident', () => {
    const state = LedgerState.genesis([{ address: alice.address, balanceDrops: 1n }]);
    const root = state.accountRoot(alice.address)!;
    expect(() => {
      (root as Record<string, unknown>).Balance = '2';
    }).toThrow(TypeError);
  });

  it('lists trust lines, owned objects and owner-directory objects per account', () => {
    const issuer = wallet(3);
    const h = new Harness([
      { wallet: alice, xrp: 100n },
      { wallet: bob, xrp: 100n },
      { wallet: issuer, xrp: 100n },
    ]);
    h.expect(issuer, { TransactionType: 'AccountSet', SetFlag: 17 }, 'tesSUCCESS');
    h.expect(
      alice,
      { TransactionType: 'TrustSet', LimitAmount: { currency: RLUSD, issuer: issuer.address, value: '100' } },
      'tesSUCCESS',
    );
    h.expect(
      issuer,
      {
        TransactionType: 'Payment',
        Destination: alice.address,
        Amount: { currency: RLUSD, issuer: issuer.address, value: '5' },
      },
      'tesSUCCESS',
    );
    h.expect(
      alice,
      {
        TransactionType: 'EscrowCreate',
        Destination: bob.address,
        Amount: '1000000',
        FinishAfter: h.ctx.parentCloseTime + 10,
      },
      'tesSUCCESS',
    );
    h.expect(
      alice,
      {
        TransactionType: 'EscrowCreate',
        Destination: bob.address,
        Amount: { currency: RLUSD, issuer: issuer.address, value: '2' },
        FinishAfter: h.ctx.parentCloseTime + 10,
      },
      'tesSUCCESS',
    );

    expect(h.state.trustLines(alice.address)).toHaveLength(1);
    expect(h.state.trustLines(issuer.address)).toHaveLength(1);
    expect(h.state.trustLines(bob.address)).toHaveLength(0);
    expect(
      h.state
        .ownedObjects(alice.address)
        .map((e) => e.LedgerEntryType)
        .sort(),
    ).toEqual(['Escrow', 'Escrow', 'RippleState']);
    expect(h.root(alice.address).OwnerCount).toBe(3);
    expect(h.state.ownedObjects(issuer.address)).toHaveLength(0);
    expect(h.state.ownedObjects(bob.address)).toHaveLength(0);
    // Owner directories: the issuer links the line and the token escrow; the destination links both escrows.
    expect(
      h.state
        .directoryObjects(issuer.address)
        .map((e) => e.LedgerEntryType)
        .sort(),
    ).toEqual(['Escrow', 'RippleState']);
    expect(h.state.directoryObjects(bob.address).map((e) => e.LedgerEntryType)).toEqual(['Escrow', 'Escrow']);
  });
});
