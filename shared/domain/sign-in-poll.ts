/**
 * Spec part 1 calls and business constants: a sign-in request is checked first after 2 s, then every 5 s, at most 60
 * checks (about 5 minutes). The server's signing queue and the browser's fallback polling both follow it, so they give
 * up together.
 */
export const SIGN_IN_POLL = { firstMs: 2_000, everyMs: 5_000, maxChecks: 60 } as const;

/** The same schedule in whole seconds (SQS message delays are in seconds). */
export const SIGN_IN_POLL_SECONDS = {
  first: SIGN_IN_POLL.firstMs / 1000,
  every: SIGN_IN_POLL.everyMs / 1000,
} as const;
