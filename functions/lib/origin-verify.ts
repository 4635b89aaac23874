import { createHash, timingSafeEqual } from 'node:crypto';
import { ForbiddenError } from './errors';
import type { HttpMiddleware } from './http/state';

/** The header CloudFront adds to every request it forwards to the HTTP and WebSocket APIs (infra/stacks/web-stack.ts). */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';
/** Set by the stacks on every API function and the socket authorizer; unset only in the local runtime (no CloudFront). */
export const ORIGIN_VERIFY_ENV = 'ORIGIN_VERIFY_SECRET_ARN';

export const DIRECT_CALL_MESSAGE = "This API is served only through the site's address";

/** Where the origin secret is read (the deployment's secrets, with their cache). */
export interface OriginSecret {
  read(name: 'originVerifySecret'): Promise<string>;
  /** Reads it again past the cache; false when it did not change. */
  refresh(name: 'originVerifySecret'): Promise<boolean>;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Constant-time comparison (of digests, so lengths don't leak either). */
function matches(sent: string, expected: string): boolean {
  return timingSafeEqual(digest(sent), digest(expected));
}

export function originCheckEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  return !!env[ORIGIN_VERIFY_ENV];
}

/**
 * Whether a request came through CloudFront: it carries the secret CloudFront adds as an origin header (a Secrets Manager
 * secret, read with the usual cache; neither it nor the sent value is ever logged). A mismatch reads the secret once
 * past its cache (throttled by the adapter), so a rotated value the distribution already sends is accepted at once.
 */
export async function fromCloudFront(
  headers: Record<string, string | undefined> | undefined,
  source: OriginSecret,
): Promise<boolean> {
  const sent = headers?.[ORIGIN_VERIFY_HEADER];
  if (!sent) return false;
  if (matches(sent, await source.read('originVerifySecret'))) return true;
  if (!(await source.refresh('originVerifySecret'))) return false;
  return matches(sent, await source.read('originVerifySecret'));
}

/**
 * First middleware after the error mapping: a request that did not come through CloudFront (a direct call to the
 * execute-api endpoint) is answered 403 before its body is parsed or a session checked. Off when ORIGIN_VERIFY_SECRET_ARN
 * is unset (the local runtime).
 */
export function originVerify(
  source: OriginSecret,
  enabled: () => boolean = () => originCheckEnabled(),
): HttpMiddleware {
  return {
    before: async (request) => {
      if (!enabled()) return;
      if (!(await fromCloudFront(request.event.headers, source))) throw new ForbiddenError(DIRECT_CALL_MESSAGE);
    },
  };
}
