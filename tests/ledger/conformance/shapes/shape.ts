/** A JSON value reduced to its field names and types: what the conformance tests compare with rippled's answers. */
export type Shape = string | { [field: string]: Shape };

/**
 * Objects keep every key (so a missing or extra field changes the shape); leaves become their JSON type; arrays
 * become 'array', checked on their own where their elements matter.
 */
export function shapeOf(value: unknown): Shape {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([key, inner]) => [key, shapeOf(inner)]),
    );
  }
  return typeof value;
}

/** rippled's fields of a signed, single-signed transaction with Fee / Sequence / LastLedgerSequence autofilled. */
export const SIGNED_COMMON = {
  Account: 'string',
  Fee: 'string',
  Flags: 'number',
  LastLedgerSequence: 'number',
  Sequence: 'number',
  SigningPubKey: 'string',
  TransactionType: 'string',
  TxnSignature: 'string',
} as const;

/** Transaction metadata as rippled's TxMeta::getJson gives it (plus delivered_amount where the method adds it). */
export const META = { AffectedNodes: 'array', TransactionIndex: 'number', TransactionResult: 'string' } as const;
