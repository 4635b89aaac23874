import { createHash } from 'node:crypto';

/**
 * PREIMAGE-SHA-256 crypto-conditions (draft-thomas-crypto-conditions, type 0), the only type rippled accepts.
 * Condition:   A0 <len> 80 20 <sha256(preimage)> 81 <len> <cost = preimage length>
 * Fulfillment: A0 <len> 80 <len> <preimage>
 */

/** rippled's PreimageSha256::maxPreimageLength. */
const MAX_PREIMAGE = 128;

type Tlv = { tag: number; value: Buffer; end: number };

function readTlv(bytes: Buffer, at: number): Tlv | undefined {
  if (at + 2 > bytes.length) return undefined;
  const tag = bytes[at]!;
  let length = bytes[at + 1]!;
  let offset = at + 2;
  if (length & 0x80) {
    const count = length & 0x7f;
    if (count === 0 || count > 2 || offset + count > bytes.length) return undefined;
    length = 0;
    for (let i = 0; i < count; i += 1) length = (length << 8) | bytes[offset + i]!;
    offset += count;
  }
  if (offset + length > bytes.length) return undefined;
  return { tag, value: bytes.subarray(offset, offset + length), end: offset + length };
}

function readWhole(hex: string): Tlv | undefined {
  if (!/^([0-9A-Fa-f]{2})+$/.test(hex)) return undefined;
  const bytes = Buffer.from(hex, 'hex');
  const outer = readTlv(bytes, 0);
  return outer && outer.end === bytes.length ? outer : undefined;
}

export type PreimageCondition = { fingerprint: Buffer; cost: number };

export function parseCondition(hex: string): PreimageCondition | undefined {
  const outer = readWhole(hex);
  if (!outer || outer.tag !== 0xa0) return undefined;
  const fingerprint = readTlv(outer.value, 0);
  if (!fingerprint || fingerprint.tag !== 0x80 || fingerprint.value.length !== 32) return undefined;
  const cost = readTlv(outer.value, fingerprint.end);
  if (!cost || cost.tag !== 0x81 || cost.value.length < 1 || cost.value.length > 4 || cost.end !== outer.value.length)
    return undefined;
  const costValue = cost.value.reduce((n, b) => n * 256 + b, 0);
  if (costValue > MAX_PREIMAGE) return undefined;
  return { fingerprint: Buffer.from(fingerprint.value), cost: costValue };
}

export function parseFulfillment(hex: string): Buffer | undefined {
  const outer = readWhole(hex);
  if (!outer || outer.tag !== 0xa0) return undefined;
  const preimage = readTlv(outer.value, 0);
  if (!preimage || preimage.tag !== 0x80 || preimage.end !== outer.value.length) return undefined;
  if (preimage.value.length > MAX_PREIMAGE) return undefined;
  return Buffer.from(preimage.value);
}

/** rippled's checkCondition: both parse, the preimage hashes to the fingerprint and its length is the cost. */
export function fulfillmentMatches(fulfillmentHex: string, conditionHex: string): boolean {
  const condition = parseCondition(conditionHex);
  const preimage = parseFulfillment(fulfillmentHex);
  if (!condition || !preimage) return false;
  const digest = createHash('sha256').update(preimage).digest();
  return digest.equals(condition.fingerprint) && preimage.length === condition.cost;
}

/** Builds the condition and fulfillment for a preimage (tests, faucet tooling). */
export function preimageCondition(preimage: Buffer): { condition: string; fulfillment: string } {
  if (preimage.length > 127) throw new Error('Preimages over 127 bytes need long-form lengths; not supported here');
  const digest = createHash('sha256').update(preimage).digest();
  const condition = Buffer.concat([
    Buffer.from([0xa0, 0x25, 0x80, 0x20]),
    digest,
    Buffer.from([0x81, 0x01, preimage.length]),
  ]);
  const inner = Buffer.concat([Buffer.from([0x80, preimage.length]), preimage]);
  const fulfillment = Buffer.concat([Buffer.from([0xa0, inner.length]), inner]);
  return { condition: condition.toString('hex').toUpperCase(), fulfillment: fulfillment.toString('hex').toUpperCase() };
}
