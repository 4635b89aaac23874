import { accounts, sessionDeps } from '../adapters/auth-deps';
import { authenticate, type Principal } from '../core/auth/sessions';
import type { Auth } from '../routes';
import { ForbiddenError, UnauthorizedError } from './errors';

export type { Principal };
export type Authenticator = (token: string, level: Exclude<Auth, 'public'>) => Promise<Principal>;

/** `Authorization: Bearer <token>` -> the token, or 401. */
export function bearerToken(headers: Record<string, string | undefined> | undefined): string {
  const m = /^Bearer\s+([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*)\s*$/i.exec(headers?.authorization ?? '');
  if (!m) throw new UnauthorizedError();
  return m[1]!;
}

/** A live session (user routes); admin routes also need the admin role, read from the table. */
export const sessionAuthenticator: Authenticator = async (token, level) => {
  const principal = await authenticate(token, sessionDeps(new Date()));
  if (level === 'admin') {
    const user = await accounts().user(principal.userId);
    if (user?.role !== 'admin') throw new ForbiddenError('Only administrators can do this');
  }
  return principal;
};

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
