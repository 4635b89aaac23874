/** rippled's RPC error tokens, codes and messages (ErrorCodes.h) for the errors this node answers. */
const RPC_ERRORS = {
  actMalformed: [35, 'Account malformed.'],
  actNotFound: [19, 'Account not found.'],
  badFeature: [40, 'Feature unknown or invalid.'],
  entryNotFound: [92, 'Entry not found.'],
  internal: [73, 'Internal error.'],
  invalidParams: [31, 'Invalid parameters.'],
  invalidTransaction: [-1, 'Invalid transaction.'],
  lgrIdxMalformed: [58, 'Ledger index malformed.'],
  lgrNotFound: [21, 'ledgerNotFound'],
  malformedStream: [71, 'Stream malformed.'],
  notSupported: [75, 'Operation not supported.'],
  txnNotFound: [29, 'Transaction not found.'],
  unknownCmd: [32, 'Unknown method.'],
} as const;

export type RpcErrorToken = keyof typeof RPC_ERRORS;

/** Thrown by a method handler; the server turns it into rippled's error response. */
export class RpcError extends Error {
  readonly code: number;
  readonly extra: Record<string, unknown>;

  constructor(
    readonly token: RpcErrorToken,
    message?: string,
    extra: Record<string, unknown> = {},
  ) {
    const known = RPC_ERRORS[token] ?? [-1, token];
    super(message ?? known[1]);
    this.code = known[0];
    this.extra = extra;
  }

  /** The fields rippled puts next to `status: 'error'`. */
  toFields(): Record<string, unknown> {
    return { error: this.token, error_code: this.code, error_message: this.message, ...this.extra };
  }
}

export function invalidParams(message: string): RpcError {
  return new RpcError('invalidParams', message);
}
