import type { SWRConfiguration } from 'swr';
import { ApiError } from './api-error';

/** Spec part 1 "Business constants and limits": retried 3 times, 1 s doubling, capped at 30 s. */
export const MAX_ERROR_RETRIES = 3;

export function retryDelayMs(retryCount: number): number {
  return Math.min(1000 * 2 ** Math.max(0, retryCount - 1), 30_000);
}

/** A client error (bad query, not found) answers the same way next time; timeouts and rate limits may not. */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  if (error.status === 408 || error.status === 429) return true;
  return error.status < 400 || error.status >= 500;
}

/**
 * Global SWR behaviour (spec part 1 "Business constants and limits"): data is fresh for 30 s (requests for the same key
 * within that time are shared), no refetch on window focus, refetch on mount.
 */
export const swrConfig: SWRConfiguration = {
  dedupingInterval: 30_000,
  revalidateOnFocus: false,
  revalidateOnMount: true,
  onErrorRetry: (error, _key, _config, revalidate, { retryCount }) => {
    if (retryCount > MAX_ERROR_RETRIES || !isRetryable(error)) return;
    setTimeout(() => void revalidate({ retryCount }), retryDelayMs(retryCount));
  },
};
