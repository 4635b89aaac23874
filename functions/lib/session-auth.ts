import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { UnauthorizedError } from './errors';

/** A route's auth level: anyone, a live session, or a live session of an administrator. */
export type Auth = 'public' | 'user' | 'admin';

/** Who a `user` route is serving, from a checked token and a live session record. */
export interface Principal {
  userId: string;
  sessionId: string;
  tokenExpiresAt: Date;
}

/** Checks a session token for a route's auth level (the wiring supplies the deployment's, tests their own). */
export type Authenticator = (
  token: string,
  level: Exclude<Auth, 'public'>,
  /** The request, for an authenticator that starts the route's own reads alongside the session's. */
  event?: APIGatewayProxyEventV2,
) => Promise<Principal>;

/** `Authorization: Bearer <token>` -> the token, or 401. */
export function bearerToken(headers: Record<string, string | undefined> | undefined): string {
  const m = /^Bearer\s+([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*)\s*$/i.exec(headers?.authorization ?? '');
  if (!m) throw new UnauthorizedError();
  return m[1]!;
}

/**
 * The viewer of a public route that shows its owner more (a seller's own listing): no Authorization header is a
 * visitor (null); a header that is not a live session is 401, as everywhere else, never a silent visitor view.
 */
export async function optionalPrincipal(
  headers: Record<string, string | undefined> | undefined,
  authenticateWith: Authenticator,
): Promise<Principal | null> {
  if (headers?.authorization === undefined || headers.authorization === '') return null;
  return authenticateWith(bearerToken(headers), 'user');
}
