import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { accounts, sessionDeps } from './auth';
import { authenticate, type VerifiedClaims } from '../core/auth/sessions';
import { ForbiddenError } from '../lib/errors';
import type { Authenticator } from '../lib/session-auth';

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
