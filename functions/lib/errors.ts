/** Typed errors a handler may throw; the HTTP wrapper maps each to its status in one place. */
export class AppError extends Error {
  /** Extra response headers (e.g. retry-after on a 429). */
  headers?: Record<string, string>;

  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 502 | 503,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class BadRequestError extends AppError {
  constructor(message: string, fields?: Record<string, string>) {
    super(400, 'bad_request', message, fields);
  }
}
export class UnauthorizedError extends AppError {
  constructor(message = 'Sign in to continue') {
    super(401, 'unauthorized', message);
  }
}
export class ForbiddenError extends AppError {
  constructor(message = 'You are not allowed to do this') {
    super(403, 'forbidden', message);
  }
}
export class NotFoundError extends AppError {
  constructor(message = 'Not found') {
    super(404, 'not_found', message);
  }
}
export class ConflictError extends AppError {
  constructor(message: string) {
    super(409, 'conflict', message);
  }
}
export class UnprocessableError extends AppError {
  constructor(message: string, fields?: Record<string, string>) {
    super(422, 'unprocessable', message, fields);
  }
}
/** The same Idempotency-Key with another request: a new action needs a new key. */
export class IdempotencyKeyReusedError extends AppError {
  constructor() {
    super(
      422,
      'idempotency_key_reused',
      'This Idempotency-Key was already used with a different request; send a new key for a new action',
    );
  }
}
export class TooManyRequestsError extends AppError {
  constructor(message = 'Too many requests, try again shortly') {
    super(429, 'too_many_requests', message);
  }
}

/**
 * A service we depend on (the ledger, the wallet signer) failed or refused us. `code` names the service and what
 * happened (e.g. signer_unavailable); the message is safe to show and never carries credentials.
 */
export class UpstreamError extends AppError {
  constructor(status: 502 | 503, code: string, message: string) {
    super(status, code, message);
  }
}
