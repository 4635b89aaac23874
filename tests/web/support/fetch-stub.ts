import { vi } from 'vitest';

export type Answer = { status?: number; body: unknown } | Promise<never>;

/**
 * Replaces global fetch for one test. `route` sees the request URL (path + query) and returns the answer; every call is
 * recorded in `calls` as a URL object (relative URLs resolved against http://app.test).
 */
export function stubFetch(route: (url: URL, callIndex: number) => Answer) {
  const calls: URL[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://app.test');
    calls.push(url);
    const answer = route(url, calls.length - 1);
    if (answer instanceof Promise) return answer;
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fn);
  return { fn, calls };
}

/** A fetch that never answers (to observe loading states). */
export const pending = (): Promise<never> => new Promise<never>(() => undefined);
