/**
 * Typed errors: core and adapters say what went wrong (its kind, a stable code and the message a user reads), never an
 * HTTP status. The handler wrapper answers each kind with the status in STATUS_OF_KIND, the one place statuses are
 * chosen (decision 044).
 */
export type ErrorKind =
  | 'invalid'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'invalid_state'
  | 'too_large'
  | 'unsupported_media'
  | 'unprocessable'
  | 'too_many'
  | 'upstream_failed'
  | 'unavailable';

export const STATUS_OF_KIND = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  invalid_state: 409,
  too_large: 413,
  unsupported_media: 415,
  unprocessable: 422,
  too_many: 429,
  upstream_failed: 502,
  unavailable: 503,
} as const satisfies Record<ErrorKind, number>;

/** A typed error of any kind; the subclasses below name the common ones. */
export class AppError extends Error {
  /** Extra response headers (e.g. retry-after on a 429). */
  headers?: Record<string, string>;

  constructor(
    readonly kind: ErrorKind,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = new.target.name;
  }

  /** The HTTP status the wrapper answers with. */
  get status(): (typeof STATUS_OF_KIND)[ErrorKind] {
    return STATUS_OF_KIND[this.kind];
  }
}

/** The request itself is wrong (a field, a body, a header); `fields` names the fields and what is wrong with each. */
export class BadRequestError extends AppError {
  constructor(message: string, fields?: Record<string, string>, code = 'bad_request') {
    super('invalid', code, message, fields);
  }
}
export class UnauthorizedError extends AppError {
  constructor(message = 'Sign in to continue', code = 'unauthorized') {
    super('unauthenticated', code, message);
  }
}
export class ForbiddenError extends AppError {
  constructor(message = 'You are not allowed to do this', code = 'forbidden') {
    super('forbidden', code, message);
  }
}
export class NotFoundError extends AppError {
  constructor(message = 'Not found', code = 'not_found') {
    super('not_found', code, message);
  }
}
/** Someone else changed the thing first (a race, a duplicate); trying again may succeed. */
export class ConflictError extends AppError {
  constructor(message: string, code = 'conflict') {
    super('conflict', code, message);
  }
}
/** The thing is not in a state that allows this action (an order already shipped, an auction ended). */
export class InvalidStateError extends AppError {
  constructor(code: string, message: string) {
    super('invalid_state', code, message);
  }
}
export class TooLargeError extends AppError {
  constructor(code: string, message: string) {
    super('too_large', code, message);
  }
}
export class UnsupportedMediaError extends AppError {
  constructor(code: string, message: string) {
    super('unsupported_media', code, message);
  }
}
export class UnprocessableError extends AppError {
  constructor(message: string, fields?: Record<string, string>, code = 'unprocessable') {
    super('unprocessable', code, message, fields);
  }
}
/** The same Idempotency-Key with another request: a new action needs a new key. */
export class IdempotencyKeyReusedError extends AppError {
  constructor() {
    super(
      'unprocessable',
      'idempotency_key_reused',
      'This Idempotency-Key was already used with a different request; send a new key for a new action',
    );
  }
}
export class TooManyRequestsError extends AppError {
  constructor(message = 'Too many requests, try again shortly', code = 'too_many_requests') {
    super('too_many', code, message);
  }
}

/**
 * A service we depend on (the ledger, the wallet signer, the carrier) failed or refused us: `unavailable` when it could
 * not be reached or is down, `upstream_failed` when it answered wrongly. `code` names the service and what happened
 * (e.g. signer_unavailable); the message is safe to show and never carries credentials.
 */
export class UpstreamError extends AppError {
  /**
   * Set when the fault is our own configuration (a missing secret, credentials a service refuses): the message names
   * what, for operators and administrators; anyone else is answered these words only (decision 078).
   */
  publicAnswer?: { code: string; message: string };

  constructor(kind: 'unavailable' | 'upstream_failed', code: string, message: string) {
    super(kind, code, message);
  }
}

/** Our own configuration is wrong: see UpstreamError.publicAnswer. */
export class ConfigurationError extends UpstreamError {
  constructor(code: string, message: string, publicCode: string, publicMessage: string) {
    super('unavailable', code, message);
    this.publicAnswer = { code: publicCode, message: publicMessage };
  }
}
