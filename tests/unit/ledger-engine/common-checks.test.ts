import { describe, expect, it } from 'vitest';
import { decode, encode } from 'xrpl';
import { Harness, RLUSD, XRP, signUnchecked, wallet } from './engine-harness';

const alice = wallet(1);
const bob = wallet(2, 'secp256k1');
const carol = wallet(3);
const pay = (amount = '1000000') => ({ TransactionType: 'Payment', Destination: bob.address, Amount: amount });

function setup(): Harness {
  return new Harness([
    { wallet: alice, xrp: 100n },
    { wallet: bob, xrp: 100n },
  ]);
}

/** Runs `fn` and checks the state is byte-for-byte what it was before. */
function expectUnchanged(h: Harness, fn: () => void): void {
  const before = JSON.stringify(h.state);
  fn();
  expect(JSON.stringify(h.state)).toBe(before);
}

describe('signature checks (before the engine, as rippled submit does)', () => {
  it('accepts ed25519 and secp256k1 signatures by the master key', () => {
    const h = setup();
    h.expect(alice, pay(), 'tesSUCCESS');
    h.expect(bob, { TransactionType: 'Payment', Destination: alice.address, Amount: '5' }, 'tesSUCCESS');
  });

  it('answers an invalidTransaction RPC error for a tampered blob (ed25519 and secp256k1) and changes nothing', () => {
    const h = setup();
    for (const [signer, to] of [
      [alice, bob],
      [bob, alice],
    ] as const) {
      const blob = h.sign(signer, { TransactionType: 'Payment', Destination: to.address, Amount: '1000000' });
      const tampered = encode({ ...decode(blob), Amount: '2000000' } as never);
      expectUnchanged(h, () => {
        const result = h.apply(tampered);
        expect(result.applied).toBe(false);
        expect(result.engine_result).toBe('temBAD_SIGNATURE');
        expect(result.rpc_error).toEqual({
          error: 'invalidTransaction',
          error_exception: 'fails local checks: Invalid signature.',
        });
      });
      expect(h.apply(blob).engine_result).toBe('tesSUCCESS');
    }
  });

  it('refuses unsigned blobs, undecodable blobs and non-hex input', () => {
    const h = setup();
    const { TxnSignature: _signature, ...rest } = decode(h.sign(alice, pay()));
    const unsigned = encode({ ...rest, SigningPubKey: '' } as never);
    expect(h.apply(unsigned).rpc_error?.error_exception).toBe('fails local checks: Empty SigningPubKey.');
    expect(h.apply('1200').rpc_error?.error).toBe('invalidTransaction');
    expect(h.apply('not hex').rpc_error).toEqual({ error: 'invalidParams', error_message: 'Invalid parameters.' });
  });

  it('tefNOT_MULTI_SIGNING for a multi-signed blob (no account has a signer list here)', () => {
    const h = setup();
    const tx = { ...pay(), Account: alice.address, Fee: '30', Sequence: 1, SigningPubKey: '' };
    const blob = carol.sign(tx as never, true).tx_blob;
    expectUnchanged(h, () => expect(h.apply(blob).engine_result).toBe('tefNOT_MULTI_SIGNING'));
  });

  it('tefBAD_AUTH: a valid signature by a key that is not the account master or regular key', () => {
    const h = setup();
    expectUnchanged(h, () => h.expect(carol, { ...pay(), Account: alice.address }, 'tefBAD_AUTH'));
  });

  it('accepts the regular key; tefMASTER_DISABLED once the master key is disabled', () => {
    const h = setup();
    h.expect(alice, { TransactionType: 'SetRegularKey', RegularKey: carol.address }, 'tesSUCCESS');
    h.expect(carol, { ...pay(), Account: alice.address }, 'tesSUCCESS');
    h.expect(alice, { TransactionType: 'AccountSet', SetFlag: 4 }, 'tesSUCCESS');
    expectUnchanged(h, () => h.expect(alice, pay(), 'tefMASTER_DISABLED'));
    h.expect(carol, { ...pay(), Account: alice.address }, 'tesSUCCESS');
  });
});

describe('sequence, fee, LastLedgerSequence, source account', () => {
  it('tefPAST_SEQ below the account sequence, terPRE_SEQ above it, both changing nothing', () => {
    const h = setup();
    h.expect(alice, pay(), 'tesSUCCESS');
    expect(h.root(alice.address).Sequence).toBe(2);
    expectUnchanged(h, () => {
      h.expect(alice, { ...pay(), Sequence: 1 }, 'tefPAST_SEQ');
      h.expect(alice, { ...pay(), Sequence: 3 }, 'terPRE_SEQ');
    });
    h.expect(alice, { ...pay(), Sequence: 2 }, 'tesSUCCESS');
  });

  it('tefMAX_LEDGER when LastLedgerSequence is before the open ledger; equal is still fine', () => {
    const h = setup();
    expectUnchanged(h, () =>
      h.expect(alice, { ...pay(), LastLedgerSequence: h.ctx.openLedgerIndex - 1 }, 'tefMAX_LEDGER'),
    );
    h.expect(alice, { ...pay(), LastLedgerSequence: h.ctx.openLedgerIndex }, 'tesSUCCESS');
  });

  it('telINSUF_FEE_P below the base fee; any fee at or above it is taken whole and destroyed', () => {
    const h = setup();
    expectUnchanged(h, () => h.expect(alice, { ...pay(), Fee: '9' }, 'telINSUF_FEE_P'));
    const total = () => h.drops(alice.address) + h.drops(bob.address);
    const before = total();
    h.expect(alice, { ...pay(), Fee: '12' }, 'tesSUCCESS');
    expect(h.drops(alice.address)).toBe(100n * XRP - 1_000_000n - 12n);
    expect(total()).toBe(before - 12n);
  });

  it('follows a configured base fee', () => {
    const h = setup();
    h.ctx = { ...h.ctx, rules: { ...h.ctx.rules, baseFeeDrops: 50 } };
    h.expect(alice, { ...pay(), Fee: '49' }, 'telINSUF_FEE_P');
    h.expect(alice, { ...pay(), Fee: '50' }, 'tesSUCCESS');
  });

  it('temBAD_FEE for a fee that is not XRP', () => {
    const h = setup();
    const blob = signUnchecked(alice, {
      ...pay(),
      Account: alice.address,
      Sequence: 1,
      Fee: { currency: RLUSD, issuer: bob.address, value: '1' },
    });
    expectUnchanged(h, () => expect(h.apply(blob).engine_result).toBe('temBAD_FEE'));
  });

  it('terNO_ACCOUNT for an unfunded source, terINSUF_FEE_B when the balance cannot pay the fee', () => {
    const h = setup();
    expectUnchanged(h, () => h.expect(carol, { ...pay(), Sequence: 1 }, 'terNO_ACCOUNT'));
    h.expect(alice, { TransactionType: 'Payment', Destination: carol.address, Amount: String(XRP) }, 'tesSUCCESS');
    expectUnchanged(h, () => h.expect(carol, { ...pay(), Fee: String(2n * XRP), Sequence: 10 }, 'terINSUF_FEE_B'));
  });

  it('temUNKNOWN for transaction types the engine does not apply', () => {
    const h = setup();
    const blob = h.sign(alice, {
      TransactionType: 'OfferCreate',
      TakerGets: '1000',
      TakerPays: { currency: RLUSD, issuer: bob.address, value: '1' },
    });
    expectUnchanged(h, () => expect(h.apply(blob).engine_result).toBe('temUNKNOWN'));
  });

  it('temINVALID_FLAG for flags the transaction type does not define', () => {
    const h = setup();
    expectUnchanged(h, () => h.expect(alice, { ...pay(), Flags: 0x00100000 }, 'temINVALID_FLAG'));
    h.expect(alice, { ...pay(), Flags: 0x80000000 }, 'tesSUCCESS');
  });
});

describe('tec results', () => {
  it('charge the fee and use the sequence, and list only the source AccountRoot in the metadata', () => {
    const h = setup();
    const result = h.expect(alice, pay(String(200n * XRP)), 'tecUNFUNDED_PAYMENT');
    expect(result.applied).toBe(true);
    expect(result.engine_result_code).toBe(104);
    expect(h.drops(alice.address)).toBe(100n * XRP - 10n);
    expect(h.drops(bob.address)).toBe(100n * XRP);
    expect(h.root(alice.address).Sequence).toBe(2);
    expect(h.root(alice.address).PreviousTxnID).toBe(result.hash);
    expect(result.meta).toEqual({
      TransactionIndex: 0,
      TransactionResult: 'tecUNFUNDED_PAYMENT',
      AffectedNodes: [
        {
          ModifiedNode: {
            LedgerEntryType: 'AccountRoot',
            LedgerIndex: h.root(alice.address).index,
            FinalFields: {
              Account: alice.address,
              Balance: String(100n * XRP - 10n),
              Flags: 0,
              OwnerCount: 0,
              Sequence: 2,
            },
            PreviousFields: { Balance: String(100n * XRP), Sequence: 1 },
            PreviousTxnID: '0'.repeat(64),
            PreviousTxnLgrSeq: 0,
          },
        },
      ],
    });
  });

  it('number TransactionIndex in application order', () => {
    const h = setup();
    expect(h.expect(alice, pay(), 'tesSUCCESS').meta?.TransactionIndex).toBe(0);
    h.expect(alice, { ...pay(), Sequence: 9 }, 'terPRE_SEQ');
    expect(h.expect(alice, pay(String(500n * XRP)), 'tecUNFUNDED_PAYMENT').meta?.TransactionIndex).toBe(1);
    expect(h.expect(alice, pay(), 'tesSUCCESS').meta?.TransactionIndex).toBe(2);
  });
});
