import { CarrierError } from '../../core/shipping/carrier-error';
import { errorBodySchema } from './fedex-schemas';

/** FedEx's code for an expired, unknown or refused token (and for credentials /oauth/token refuses). */
export const NOT_AUTHORIZED = 'NOT.AUTHORIZED.ERROR';

/** A response body as JSON, or undefined when it is not JSON (or could not be read to the end). */
export async function readJson(res: Response): Promise<unknown> {
  try {
    const body = await res.text();
    return body ? (JSON.parse(body) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

/** The first entry of FedEx's `errors[]`, when the body has that shape. */
export function firstError(body: unknown): { code: string; message: string } | null {
  const parsed = errorBodySchema.safeParse(body);
  if (!parsed.success) return null;
  const [first] = parsed.data.errors;
  return first ? { code: first.code, message: first.message ?? '' } : null;
}

const STALE_SOCKET_CODES = new Set(['UND_ERR_SOCKET', 'UND_ERR_CLOSED', 'ECONNRESET', 'EPIPE']);

/**
 * fetch failed on a connection that was already closed by the other side: a pooled keep-alive socket gone stale (a
 * Lambda container thawed after minutes, a server restarted). The request did not get through, so a request that is
 * safe to repeat may be sent once more on a fresh connection. Refused connections and timeouts are not this.
 */
export function isStaleConnection(error: unknown): boolean {
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  return typeof cause?.code === 'string' && STALE_SOCKET_CODES.has(cause.code);
}

/** fetch failed: no connection, or no answer within the timeout. */
export function unreachable(error: unknown, what: string): CarrierError {
  const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
  return new CarrierError(
    'unavailable',
    timedOut ? `The carrier did not answer in time to ${what}` : `The carrier could not be reached to ${what}`,
  );
}

export function unreadable(what: string, status: number | null = null): CarrierError {
  return new CarrierError('unavailable', `The carrier's answer to ${what} could not be read`, null, null, status);
}

/**
 * A non-2xx answer as our error. 401/403 mean our credentials (or token) are refused and 429/5xx that the carrier is
 * overloaded or down: the carrier is unavailable to us, whatever the request. Other 4xx refuse this request, with
 * FedEx's code and message.
 */
export function errorOfAnswer(status: number, body: unknown, what: string): CarrierError {
  const error = firstError(body);
  const code = error?.code ?? null;
  const message = error?.message ?? null;
  if (status === 401 || status === 403) {
    return new CarrierError(
      'unavailable',
      `The carrier refused our credentials (${code ?? status})`,
      code,
      message,
      status,
    );
  }
  if (status === 429 || status >= 500) {
    return new CarrierError('unavailable', `The carrier is unavailable (${code ?? status})`, code, message, status);
  }
  if (status >= 400 && error) {
    return new CarrierError('refused', `The carrier refused to ${what} (${error.code})`, code, message, status);
  }
  return unreadable(what, status);
}
