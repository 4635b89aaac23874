import { createHash } from 'node:crypto';

/**
 * A HyperLogLog sketch of the viewers counted on one seller-day (decision 056): 2^10 one-byte registers (about 3 %
 * standard error), so the unique viewers of any range are the per-day sketches merged (register-wise maximum) at read
 * time, not a list of viewers. Adding the same viewer again changes nothing, so a redelivered view can't inflate it.
 */
const P = 10;
export const REGISTERS = 1 << P;

export type Sketch = Uint8Array;

export const emptySketch = (): Sketch => new Uint8Array(REGISTERS);

/** Adds `key` (a viewer key); returns the sketch, changed in place. */
export function addToSketch(sketch: Sketch, key: string): Sketch {
  const digest = createHash('sha256').update(key).digest();
  const index = digest.readUInt16BE(0) >>> (16 - P);
  const word = digest.readUInt32BE(2);
  // The rank: position of the first 1 bit in the next 32 bits (33 when all are 0).
  const rank = word === 0 ? 33 : Math.clz32(word) + 1;
  if (rank > sketch[index]!) sketch[index] = rank;
  return sketch;
}

/** Merges `other` into `into` (register-wise maximum), in place. */
export function mergeSketch(into: Sketch, other: Sketch): Sketch {
  for (let i = 0; i < REGISTERS; i++) if (other[i]! > into[i]!) into[i] = other[i]!;
  return into;
}

/** The estimated number of distinct keys added, rounded (linear counting while small, as HyperLogLog prescribes). */
export function estimateSketch(sketch: Sketch): number {
  let sum = 0;
  let zeros = 0;
  for (let i = 0; i < REGISTERS; i++) {
    sum += 2 ** -sketch[i]!;
    if (sketch[i] === 0) zeros++;
  }
  const alpha = 0.7213 / (1 + 1.079 / REGISTERS);
  const raw = (alpha * REGISTERS * REGISTERS) / sum;
  if (raw <= 2.5 * REGISTERS && zeros > 0) return Math.round(REGISTERS * Math.log(REGISTERS / zeros));
  return Math.round(raw);
}

/** Stored form: base64 of the registers; '' for an empty sketch. */
export function encodeSketch(sketch: Sketch): string {
  return sketch.some((r) => r !== 0) ? Buffer.from(sketch).toString('base64') : '';
}

/** A stored sketch; a missing or malformed one reads as empty (it only ever loses viewers, never invents them). */
export function decodeSketch(stored: string | undefined): Sketch {
  if (!stored) return emptySketch();
  const bytes = Buffer.from(stored, 'base64');
  return bytes.length === REGISTERS ? new Uint8Array(bytes) : emptySketch();
}
