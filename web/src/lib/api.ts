import type * as z from 'zod/mini';
import { ApiError } from './api-error';
import {
  apiErrorSchema,
  type ApiContract,
  type BodyOf,
  type QueryOf,
  type ResponseOf,
} from '../../../shared/api/contract';

export { ApiError };

export interface CallOptions<C extends ApiContract> {
  params?: z.input<C['params']>;
  query?: QueryOf<C>;
  signal?: AbortSignal;
  /** The session token, sent as `Authorization: Bearer` (user routes). */
  token?: string | null;
}

export interface SendOptions<C extends ApiContract> extends Omit<CallOptions<C>, 'query'> {
  /** Checked against the contract's body schema before anything is sent. */
  body?: BodyOf<C>;
  /**
   * The Idempotency-Key of one user action (`newIdempotencyKey()`), sent as a header. With a key the request is safe to
   * repeat, so a lost answer (network error) or a first attempt still in flight (409) is retried with the same key.
   */
  idempotencyKey?: string;
}

/** A fresh key for one user action (routes that take an Idempotency-Key). */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

/** Waits before each retry of an idempotent send: 1 s, then 2 s. */
export const IDEMPOTENT_RETRY_DELAYS_MS = [1000, 2000];

/** Contract path + params + query -> URL. Values are checked by the contract's schemas first, so a bad call fails here. */
export function buildUrl<C extends ApiContract>(
  contract: C,
  options: Pick<CallOptions<C>, 'params' | 'query'> = {},
): string {
  const params = contract.params.parse(options.params ?? {}) as Record<string, unknown>;
  const path = contract.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '') throw new Error(`Missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
  const query = contract.query.parse(options.query ?? {}) as Record<string, unknown>;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}

async function errorFrom(res: Response): Promise<ApiError> {
  const fallback = `Request failed with status ${res.status}`;
  let body: unknown;
  try {
    body = await res.json();
  } catch (cause) {
    return new ApiError('http_error', fallback, res.status, { cause });
  }
  const parsed = apiErrorSchema.safeParse(body);
  if (!parsed.success) return new ApiError('http_error', fallback, res.status);
  const { code, message, fields } = parsed.data.error;
  return new ApiError(code, message, res.status, { fields });
}

/** Sends one request and returns the answer checked against the contract's response schema. */
async function call<C extends ApiContract>(contract: C, url: string, init: RequestInit): Promise<ResponseOf<C>> {
  let res: Response;
  try {
    res = await fetch(url, init);
  } catch (cause) {
    if (init.signal?.aborted) throw cause;
    throw new ApiError('network_error', 'Could not reach the server', 0, { cause });
  }
  if (!res.ok) throw await errorFrom(res);
  let body: unknown;
  try {
    body = await res.json();
  } catch (cause) {
    throw new ApiError('bad_response', 'The server sent an unreadable answer', res.status, { cause });
  }
  const parsed = contract.response.safeParse(body);
  if (!parsed.success) {
    throw new ApiError('bad_response', 'The server sent an unexpected answer', res.status, { cause: parsed.error });
  }
  return parsed.data as ResponseOf<C>;
}

function headers(token: string | null | undefined, json: boolean, idempotencyKey?: string): Record<string, string> {
  const h: Record<string, string> = { accept: 'application/json' };
  if (json) h['content-type'] = 'application/json';
  if (token) h.authorization = `Bearer ${token}`;
  if (idempotencyKey) h['idempotency-key'] = idempotencyKey;
  return h;
}

/** Whether a send with a key may be repeated: the answer was lost, or the first attempt is still being processed. */
function worthRetrying(error: unknown): boolean {
  return error instanceof ApiError && (error.code === 'network_error' || error.code === 'idempotency_in_progress');
}

function pause(ms: number, signal: AbortSignal | undefined | null): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason)), { once: true });
  });
}

/** Calls a GET contract and returns its response, checked against the contract's response schema. */
export async function apiGet<C extends ApiContract>(contract: C, options: CallOptions<C> = {}): Promise<ResponseOf<C>> {
  if (contract.method !== 'GET') throw new Error(`apiGet used for ${contract.method} ${contract.path}`);
  return call(contract, buildUrl(contract, options), {
    headers: headers(options.token, false),
    signal: options.signal,
  });
}

/** Calls a POST/PUT/PATCH/DELETE contract with its JSON body (validated first) and returns the checked response. */
export async function apiSend<C extends ApiContract>(
  contract: C,
  options: SendOptions<C> = {},
): Promise<ResponseOf<C>> {
  if (contract.method === 'GET') throw new Error(`apiSend used for GET ${contract.path}`);
  const url = buildUrl(contract, { params: options.params });
  const body = contract.body ? JSON.stringify(contract.body.parse(options.body ?? {})) : undefined;
  const init = {
    method: contract.method,
    headers: headers(options.token, body !== undefined, options.idempotencyKey),
    body,
    signal: options.signal,
  };
  for (const delay of options.idempotencyKey ? IDEMPOTENT_RETRY_DELAYS_MS : []) {
    try {
      return await call(contract, url, init);
    } catch (error) {
      if (!worthRetrying(error)) throw error;
      await pause(delay, options.signal);
    }
  }
  return call(contract, url, init);
}
