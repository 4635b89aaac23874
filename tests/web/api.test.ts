import './support/setup';
import { describe, expect, it, vi } from 'vitest';
import { completeSignIn, getMe, signOut } from '../../shared/api/auth';
import { listListings } from '../../shared/api/listings';
import {
  ApiError,
  apiGet,
  apiSend,
  buildUrl,
  IDEMPOTENT_RETRY_DELAYS_MS,
  newIdempotencyKey,
} from '../../web/src/lib/api';
import { stubApi, user } from './support/api-stub';
import { isRetryable, retryDelayMs, swrConfig } from '../../web/src/lib/swr-config';
import { stubFetch } from './support/fetch-stub';
import { listing, page } from './support/listing-fixture';

describe('api client', () => {
  it('builds the URL from the contract path and query (defaults applied, empty values left out)', () => {
    expect(buildUrl(listListings)).toBe('/api/listings?limit=24');
    expect(buildUrl(listListings, { query: { search: ' red & blue ', category: 'Home & Garden', limit: 4 } })).toBe(
      '/api/listings?search=red+%26+blue&category=Home+%26+Garden&limit=4',
    );
  });

  it('refuses a query the contract does not allow, before any request', () => {
    const { fn } = stubFetch(() => ({ body: page([]) }));
    // @ts-expect-error: 'colour' is not part of the contract
    expect(() => buildUrl(listListings, { query: { colour: 'red' } })).toThrow();
    expect(fn).not.toHaveBeenCalled();
  });

  it('returns the parsed page', async () => {
    const item = listing({ title: 'Lamp' });
    stubFetch(() => ({ body: page([item], 'next') }));
    await expect(apiGet(listListings, { query: { limit: 1 } })).resolves.toEqual({ items: [item], nextCursor: 'next' });
  });

  it('throws ApiError with the code, message and status of an error answer', async () => {
    stubFetch(() => ({ status: 400, body: { error: { code: 'bad_request', message: 'Invalid query: limit' } } }));
    const error = await apiGet(listListings).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'bad_request', message: 'Invalid query: limit', status: 400 });
  });

  it('throws ApiError for a non-JSON error, a network failure and an answer of the wrong shape', async () => {
    vi.stubGlobal('fetch', async () => new Response('<html>gateway</html>', { status: 502 }));
    await expect(apiGet(listListings)).rejects.toMatchObject({ code: 'http_error', status: 502 });
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(apiGet(listListings)).rejects.toMatchObject({ code: 'network_error', status: 0 });
    stubFetch(() => ({ body: { items: 'nope' } }));
    await expect(apiGet(listListings)).rejects.toMatchObject({ code: 'bad_response', status: 200 });
  });
});

describe('api client: sending', () => {
  const uuid = '6f1c1b9e-2f4e-4c61-9d7a-0a1b2c3d4e5f';

  it('sends the method, the JSON body checked by the contract and the bearer token', async () => {
    const { requests, fn } = stubApi(() => ({
      body: { kind: 'registration', ticket: 't', ticketExpiresAt: 'x', walletAddress: 'r' },
    }));
    await expect(
      apiSend(completeSignIn, { params: { uuid }, body: { clientSecret: 'c'.repeat(32) }, token: 'a.b.c' }),
    ).resolves.toMatchObject({ kind: 'registration' });
    expect(requests[0]).toMatchObject({ method: 'POST', token: 'a.b.c', body: { clientSecret: 'c'.repeat(32) } });
    expect(requests[0]?.url.pathname).toBe(`/api/auth/sign-in/${uuid}/complete`);
    const init = fn.mock.calls[0]![1]!;
    expect(new Headers(init.headers).get('content-type')).toBe('application/json');
  });

  it('refuses a body the contract does not allow, before any request', async () => {
    const { fn } = stubApi(() => ({ body: {} }));
    await expect(apiSend(completeSignIn, { params: { uuid }, body: { clientSecret: 'short' } })).rejects.toThrow();
    expect(fn).not.toHaveBeenCalled();
  });

  it('sends no body for a contract without one, and a token on GET', async () => {
    const { requests, fn } = stubApi((req) =>
      req.method === 'DELETE' ? { body: { signedOut: true } } : { body: user() },
    );
    await apiSend(signOut, { token: 'a.b.c' });
    expect(requests[0]).toMatchObject({ method: 'DELETE', token: 'a.b.c', body: undefined });
    expect(new Headers(fn.mock.calls[0]![1]!.headers).get('content-type')).toBeNull();
    await expect(apiGet(getMe, { token: 'd.e.f' })).resolves.toEqual(user());
    expect(requests[1]).toMatchObject({ method: 'GET', token: 'd.e.f' });
  });

  it('carries the field errors of a refused body', async () => {
    stubApi(() => ({
      status: 400,
      body: {
        error: { code: 'bad_request', message: 'Invalid body', fields: { email: 'Enter a valid email address' } },
      },
    }));
    await expect(apiSend(signOut, { token: 'a.b.c' })).rejects.toMatchObject({
      status: 400,
      fields: { email: 'Enter a valid email address' },
    });
  });
});

describe('swr config (spec part 1 business constants)', () => {
  it('dedupes for 30 s, does not refetch on focus, refetches on mount', () => {
    expect(swrConfig).toMatchObject({ dedupingInterval: 30_000, revalidateOnFocus: false, revalidateOnMount: true });
  });

  it('waits 1 s, doubling, capped at 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(retryDelayMs)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it('retries 3 times, then stops', () => {
    vi.useFakeTimers();
    try {
      const revalidate = vi.fn(async () => true);
      const retry = swrConfig.onErrorRetry!;
      const error = new ApiError('internal', 'boom', 500);
      for (const retryCount of [1, 2, 3, 4]) {
        retry(error, 'key', {} as never, revalidate, { retryCount, dedupe: true });
      }
      vi.advanceTimersByTime(7_000);
      expect(revalidate.mock.calls.map((c) => (c as unknown[])[0])).toEqual([
        { retryCount: 1 },
        { retryCount: 2 },
        { retryCount: 3 },
      ]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not retry answers that will not change (4xx), but does retry rate limits and server errors', () => {
    expect(isRetryable(new ApiError('bad_request', 'x', 400))).toBe(false);
    expect(isRetryable(new ApiError('not_found', 'x', 404))).toBe(false);
    expect(isRetryable(new ApiError('rate_limited', 'x', 429))).toBe(true);
    expect(isRetryable(new ApiError('internal', 'x', 500))).toBe(true);
    expect(isRetryable(new ApiError('network_error', 'x', 0))).toBe(true);
  });
});

describe('api client: idempotent sends', () => {
  const body = { clientSecret: 'c'.repeat(32) };
  const params = { uuid: '6f1c1b9e-2f4e-4c61-9d7a-0a1b2c3d4e5f' };
  const signedIn = { kind: 'registration', ticket: 't', ticketExpiresAt: 'x', walletAddress: 'r' };

  it('sends the Idempotency-Key, and a fresh one per action', async () => {
    const { requests } = stubApi(() => ({ body: signedIn }));
    const key = newIdempotencyKey();
    await apiSend(completeSignIn, { params, body, idempotencyKey: key });
    await apiSend(completeSignIn, { params, body });
    expect(requests.map((r) => r.idempotencyKey)).toEqual([key, null]);
    expect(newIdempotencyKey()).not.toBe(key);
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('retries a lost answer and a request still in flight with the same key, then succeeds', async () => {
    vi.useFakeTimers();
    try {
      let n = 0;
      const { requests } = stubApi(() => {
        n++;
        if (n === 1) return Promise.reject(new TypeError('Failed to fetch'));
        if (n === 2) return { status: 409, body: { error: { code: 'idempotency_in_progress', message: 'wait' } } };
        return { body: signedIn };
      });
      const sent = apiSend(completeSignIn, { params, body, idempotencyKey: 'k'.repeat(20) });
      await vi.advanceTimersByTimeAsync(IDEMPOTENT_RETRY_DELAYS_MS.reduce((a, b) => a + b));
      await expect(sent).resolves.toMatchObject({ kind: 'registration' });
      expect(requests.map((r) => r.idempotencyKey)).toEqual(Array(3).fill('k'.repeat(20)));
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not repeat a send without a key, nor one the server refused', async () => {
    const { requests } = stubApi(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(apiSend(completeSignIn, { params, body })).rejects.toMatchObject({ code: 'network_error' });
    expect(requests).toHaveLength(1);
    const refused = stubApi(() => ({ status: 422, body: { error: { code: 'idempotency_key_reused', message: 'x' } } }));
    await expect(apiSend(completeSignIn, { params, body, idempotencyKey: 'k'.repeat(20) })).rejects.toMatchObject({
      status: 422,
    });
    expect(refused.requests).toHaveLength(1);
  });
});
