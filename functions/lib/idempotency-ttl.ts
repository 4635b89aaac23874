/**
 * How long an answer is kept for retries with the same key (a browser retries within minutes; a day is generous): the
 * Powertools records (idempotency.ts) and the answers a use case stores with its action (bids, decision 031).
 */
export const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;
