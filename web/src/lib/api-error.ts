/**
 * A failed API call: the server's `{ error: { code, message } }`, or a network/shape failure with a code of our own.
 * Its own module (no zod) so the shell's SWR config can use it without pulling the contracts into the first load.
 */
export class ApiError extends Error {
  readonly code: string;
  readonly status: number;
  readonly fields: Record<string, string> | undefined;

  constructor(
    code: string,
    message: string,
    status: number,
    opts: { fields?: Record<string, string>; cause?: unknown } = {},
  ) {
    super(message, { cause: opts.cause });
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.fields = opts.fields;
  }
}

/**
 * Whether the server gave its final word on one submission (done or refused). Until it has, a retry of the same action
 * is the same submission and keeps its Idempotency-Key, so one whose answer was lost is never done twice.
 */
export function answered(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.code === 'idempotency_in_progress') return false;
  return error.status >= 400 && error.status < 500 && error.status !== 429;
}
