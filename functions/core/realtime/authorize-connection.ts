import { authenticate, type SessionDeps } from '../auth/sessions';

/**
 * The $connect authorizer's rule: a socket without a token is anonymous (null: browsing is public, and it can follow
 * a sign-in it started); a token's live session attaches its user to the connection for private topics; a token that
 * is not a live session is refused (SessionRefused). `session` is built only when a token is sent: an anonymous socket
 * needs nothing from the table.
 */
export async function authorizeConnection(
  token: string | undefined,
  session: () => Omit<SessionDeps, 'newId'>,
): Promise<{ userId: string } | null> {
  if (token === undefined || token === '') return null;
  const { userId } = await authenticate(token, session());
  return { userId };
}
