/**
 * rippled's RPC error tokens, codes and messages (include/xrpl/protocol/ErrorCodes.h, ErrorCodes.cpp) for the errors
 * this node answers.
 */
const RPC_ERRORS = {
  actMalformed: [35, 'Account malformed.'],
  actNotFound: [19, 'Account not found.'],
  badFeature: [40, 'Feature unknown or invalid.'],
  entryNotFound: [98, 'Entry not found.'],
  internal: [73, 'Internal error.'],
  invalidParams: [31, 'Invalid parameters.'],
  invalidTransaction: [-1, 'Invalid transaction.'],
  lgrIdxMalformed: [58, 'Ledger index malformed.'],
  lgrNotFound: [21, 'ledgerNotFound'],
  malformedStream: [71, 'Stream malformed.'],
  notImpl: [74, 'Not implemented.'],
  notSupported: [75, 'Operation not supported.'],
  txnNotFound: [29, 'Transaction not found.'],
  unexpectedLedgerType: [99, 'Unexpected ledger type.'],
  unknownCmd: [32, 'Unknown method.'],
} as const;

/**
 * Tokens rippled answers with the invalidParams code (31) and its own token: ledger_entry's field errors
 * (invalidFieldError / malformedError in src/xrpld/rpc/handlers/LedgerEntryHelpers.h).
 */
const FIELD_ERRORS = [
  'malformedAddress',
  'malformedCurrency',
  'malformedOwner',
  'malformedRequest',
  'malformedSeq',
] as const;

/** Errors some handlers set as a bare `error` field, without code or message (ledger_entry v1, transaction_entry). */
type BareError = 'fieldNotFoundTransaction' | 'notYetImplemented' | 'transactionNotFound' | 'unknownOption';

export type RpcErrorToken = keyof typeof RPC_ERRORS | (typeof FIELD_ERRORS)[number] | BareError;

/** Thrown by a method handler; the server turns it into rippled's error response. */
export class RpcError extends Error {
  code: number | undefined;
  readonly extra: Record<string, unknown>;

  /** An error some handlers set as a lone `error` field, without code or message (transaction_entry). */
  static bare(token: RpcErrorToken, extra: Record<string, unknown> = {}): RpcError {
    const error = new RpcError(token, undefined, extra);
    error.code = undefined;
    return error;
  }

  constructor(
    readonly token: RpcErrorToken,
    message?: string,
    extra: Record<string, unknown> = {},
  ) {
    const known: readonly [number, string] | undefined = Object.hasOwn(RPC_ERRORS, token)
      ? RPC_ERRORS[token as keyof typeof RPC_ERRORS]
      : (FIELD_ERRORS as readonly string[]).includes(token)
        ? [31, 'Invalid parameters.']
        : undefined;
    super(message ?? known?.[1] ?? token);
    this.code = known?.[0];
    this.extra = extra;
  }

  /** The fields rippled puts next to `status: 'error'`. */
  toFields(): Record<string, unknown> {
    if (this.code === undefined) return { ...this.extra, error: this.token };
    return { ...this.extra, error: this.token, error_code: this.code, error_message: this.message };
  }
}

export function invalidParams(message: string): RpcError {
  return new RpcError('invalidParams', message);
}
