import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  fulfillmentMatches,
  parseCondition,
  parseFulfillment,
  preimageCondition,
} from '../../../infra/local/ledger/engine/crypto-condition';

describe('PREIMAGE-SHA-256 crypto-conditions', () => {
  it('matches the draft-thomas-crypto-conditions vector for the empty preimage', () => {
    const condition = 'A0258020E3B0C44298FC1C149AFBF4C8996FB92427AE41E4649B934CA495991B7852B855810100';
    expect(preimageCondition(Buffer.alloc(0))).toEqual({ condition, fulfillment: 'A0028000' });
    expect(fulfillmentMatches('A0028000', condition)).toBe(true);
  });

  it('builds A0258020<sha256>810120 / A0228020<preimage> for a 32-byte preimage', () => {
    const preimage = Buffer.alloc(32, 0xab);
    const digest = createHash('sha256').update(preimage).digest('hex').toUpperCase();
    const { condition, fulfillment } = preimageCondition(preimage);
    expect(condition).toBe(`A0258020${digest}810120`);
    expect(fulfillment).toBe(`A0228020${preimage.toString('hex').toUpperCase()}`);
    expect(parseCondition(condition)?.cost).toBe(32);
    expect(parseFulfillment(fulfillment)?.equals(preimage)).toBe(true);
    expect(fulfillmentMatches(fulfillment.toLowerCase(), condition)).toBe(true);
  });

  it('rejects wrong preimages, wrong costs, other condition types and trailing bytes', () => {
    const { condition } = preimageCondition(Buffer.alloc(32, 1));
    const other = preimageCondition(Buffer.alloc(32, 2));
    expect(fulfillmentMatches(other.fulfillment, condition)).toBe(false);
    expect(fulfillmentMatches(other.fulfillment, condition.replace(/810120$/, '810121'))).toBe(false);
    expect(parseCondition(`A1${condition.slice(2)}`)).toBeUndefined();
    expect(parseCondition(`${condition}00`)).toBeUndefined();
    expect(parseFulfillment('A0228020')).toBeUndefined();
    expect(parseCondition('zz')).toBeUndefined();
  });
});
