import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { accounts, sessionDeps } from '../wiring/auth';
import { authenticate, type Principal, type VerifiedClaims } from '../core/auth/sessions';
import type { Auth } from '../routes';
import { ForbiddenError, UnauthorizedError } from './errors';

export type { Principal };
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
 * A live session (user routes) whose token's verified claims also start `alongside`, in the same turn as the session
 * read (core/auth/sessions.ts); admin routes also need the admin role, read from the table.
 */
export function sessionAuthenticatorWith(
  alongside?: (claims: VerifiedClaims, event: APIGatewayProxyEventV2) => void,
): Authenticator {
  return async (token, level, event) => {
    const principal = await authenticate(
      token,
      sessionDeps(),
      alongside && event && ((claims) => alongside(claims, event)),
    );
    if (level === 'admin') {
      const user = await accounts().user(principal.userId);
      if (user?.role !== 'admin') throw new ForbiddenError('Only administrators can do this');
    }
    return principal;
  };
}

export const sessionAuthenticator: Authenticator = sessionAuthenticatorWith();

/**
 * The viewer of a public route that shows its owner more (a seller's own listing): no Authorization header is a
 * visitor (null); a header that is not a live session is 401, as everywhere else, never a silent visitor view.
 */
export async function optionalPrincipal(
  headers: Record<string, string | undefined> | undefined,
  authenticateWith: Authenticator = sessionAuthenticator,
): Promise<Principal | null> {
  if (headers?.authorization === undefined || headers.authorization === '') return null;
  return authenticateWith(bearerToken(headers), 'user');
}
