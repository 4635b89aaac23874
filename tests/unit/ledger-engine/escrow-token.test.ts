import { describe, expect, it } from 'vitest';
import { hashes } from 'xrpl';
import { preimageCondition } from '../../../infra/local/ledger/engine/crypto-condition';
import { Harness, NOW, RLUSD, affected, wallet } from './engine-harness';

const issuer = wallet(50);
const buyer = wallet(51);
const seller = wallet(52, 'secp256k1');
const platform = wallet(53);
const { condition, fulfillment } = preimageCondition(Buffer.alloc(32, 9));

const rlusd = (value: string) => ({ currency: RLUSD, issuer: issuer.address, value });
const trust = (value = '10000') => ({ TransactionType: 'TrustSet', LimitAmount: rlusd(value) });
const create = (extra: Record<string, unknown> = {}) => ({
  TransactionType: 'EscrowCreate',
  Destination: seller.address,
  Amount: rlusd('25'),
  FinishAfter: NOW + 60,
  CancelAfter: NOW + 3600,
  Condition: condition,
  ...extra,
});
const finish = (sequence: number) => ({
  TransactionType: 'EscrowFinish',
  Owner: buyer.address,
  OfferSequence: sequence,
  Condition: condition,
  Fulfillment: fulfillment,
  Fee: '350',
});

/** RLUSD issuer with DefaultRipple (+ AllowTrustLineLocking unless told otherwise); the buyer holds 100 RLUSD. */
function ledger(options: { locking?: boolean; sellerLine?: string } = {}): Harness {
  const h = new Harness([
    { wallet: issuer, xrp: 1000n },
    { wallet: buyer, xrp: 100n },
    { wallet: seller, xrp: 100n },
    { wallet: platform, xrp: 100n },
  ]);
  h.expect(issuer, { TransactionType: 'AccountSet', SetFlag: 8 }, 'tesSUCCESS');
  if (options.locking ?? true) h.expect(issuer, { TransactionType: 'AccountSet', SetFlag: 17 }, 'tesSUCCESS');
  h.expect(buyer, trust(), 'tesSUCCESS');
  if (options.sellerLine) h.expect(seller, trust(options.sellerLine), 'tesSUCCESS');
  h.expect(issuer, { TransactionType: 'Payment', Destination: buyer.address, Amount: rlusd('100') }, 'tesSUCCESS');
  return h;
}

describe('token escrow (XLS-85)', () => {
  it('locks the tokens: they leave the sender line and the Escrow holds the amount, linked to the issuer', () => {
    const h = ledger();
    const sequence = Number(h.root(buyer.address).Sequence);
    const result = h.expect(buyer, create(), 'tesSUCCESS');
    expect(h.tokens(buyer.address, issuer.address)).toBe('75');
    const escrow = h.state.get(hashes.hashEscrow(buyer.address, sequence))!;
    expect(escrow).toMatchObject({
      Amount: rlusd('25'),
      Destination: seller.address,
      IssuerNode: '0',
      DestinationNode: '0',
    });
    expect(h.root(buyer.address).OwnerCount).toBe(2);
    expect(affected(result, 'ModifiedNode', hashes.hashTrustline(buyer.address, issuer.address, RLUSD))).toBeDefined();
    // The locked tokens cannot be spent again.
    h.expect(buyer, create({ Amount: rlusd('75.01') }), 'tecINSUFFICIENT_FUNDS');
  });

  it('tecNO_PERMISSION when the issuer has not allowed trust-line locking, or when the issuer is the sender', () => {
    const h = ledger({ locking: false });
    h.expect(buyer, create(), 'tecNO_PERMISSION');
    expect(h.tokens(buyer.address, issuer.address)).toBe('100');
    h.expect(issuer, { TransactionType: 'AccountSet', SetFlag: 17 }, 'tesSUCCESS');
    h.expect(issuer, create(), 'tecNO_PERMISSION');
    h.expect(buyer, create(), 'tesSUCCESS');
  });

  it('tecNO_ISSUER for a missing issuer, tecNO_LINE without a line, tecINSUFFICIENT_FUNDS beyond the balance', () => {
    const h = ledger();
    const ghost = wallet(59).address;
    h.expect(buyer, create({ Amount: { currency: RLUSD, issuer: ghost, value: '1' } }), 'tecNO_ISSUER');
    h.expect(platform, create(), 'tecNO_LINE');
    h.expect(buyer, create({ Amount: rlusd('100.5') }), 'tecINSUFFICIENT_FUNDS');
  });

  it('a finish by someone other than the destination needs the destination line (tecNO_LINE)', () => {
    const h = ledger();
    const sequence = Number(h.root(buyer.address).Sequence);
    h.expect(buyer, create(), 'tesSUCCESS');
    h.advance(61);
    h.expect(platform, finish(sequence), 'tecNO_LINE');
    h.expect(seller, trust('1000'), 'tesSUCCESS');
    h.expect(platform, finish(sequence), 'tesSUCCESS');
    expect(h.tokens(seller.address, issuer.address)).toBe('25');
    expect(h.tokens(buyer.address, issuer.address)).toBe('75');
    expect(h.root(buyer.address).OwnerCount).toBe(1);
  });

  it('the destination finishing itself gets a line created for it', () => {
    const h = ledger();
    const sequence = Number(h.root(buyer.address).Sequence);
    h.expect(buyer, create(), 'tesSUCCESS');
    h.advance(61);
    h.expect(seller, finish(sequence), 'tesSUCCESS');
    expect(h.tokens(seller.address, issuer.address)).toBe('25');
    expect(h.root(seller.address).OwnerCount).toBe(1);
  });

  it('tecLIMIT_EXCEEDED when a third party finishes into a line too small for the amount', () => {
    const h = ledger({ sellerLine: '10' });
    const sequence = Number(h.root(buyer.address).Sequence);
    h.expect(buyer, create(), 'tesSUCCESS');
    h.advance(61);
    h.expect(platform, finish(sequence), 'tecLIMIT_EXCEEDED');
  });

  it('cancel after CancelAfter returns the tokens to the sender', () => {
    const h = ledger({ sellerLine: '1000' });
    const sequence = Number(h.root(buyer.address).Sequence);
    h.expect(buyer, create(), 'tesSUCCESS');
    h.advance(3601);
    h.expect(platform, finish(sequence), 'tecNO_PERMISSION');
    h.expect(
      platform,
      { TransactionType: 'EscrowCancel', Owner: buyer.address, OfferSequence: sequence },
      'tesSUCCESS',
    );
    expect(h.tokens(buyer.address, issuer.address)).toBe('100');
    expect(h.tokens(seller.address, issuer.address)).toBe('0');
    expect(h.state.get(hashes.hashEscrow(buyer.address, sequence))).toBeUndefined();
  });
});
