import type { SignedIn } from '../../../shared/api/auth';
import { checkUsername, USERNAME_MESSAGES } from '../../../shared/domain/username';
import { BadRequestError, ConflictError, NotFoundError, UnauthorizedError } from '../../lib/errors';
import type { AccountStore } from './ports';
import { currentUser, openSession, type SessionDeps } from './sessions';
import { TokenRefused, verifyRegistrationTicket } from './tokens';

export async function usernameAvailability(
  raw: string,
  accounts: Pick<AccountStore, 'isUsernameTaken'>,
): Promise<{ available: boolean; message: string }> {
  const rule = checkUsername(raw);
  if (!rule.ok) return { available: false, message: rule.message };
  if (await accounts.isUsernameTaken(rule.username)) return { available: false, message: USERNAME_MESSAGES.taken };
  return { available: true, message: USERNAME_MESSAGES.available };
}

export interface CreateAccountDeps {
  accounts: AccountStore;
  session: SessionDeps;
  mediaUrl: (key: string) => string;
}

/** The holder of a registration ticket picks a username; the server makes the id and opens a session. */
export async function createAccount(
  input: { username: string; ticket: string },
  deps: CreateAccountDeps,
): Promise<SignedIn> {
  const { now } = deps.session;
  let walletAddress: string;
  try {
    ({ walletAddress } = await verifyRegistrationTicket(input.ticket, await deps.session.key(), now));
  } catch (error) {
    if (error instanceof TokenRefused) {
      throw new UnauthorizedError('The registration ticket is invalid or has expired; connect your wallet again');
    }
    throw error;
  }
  const rule = checkUsername(input.username);
  if (!rule.ok) throw new BadRequestError(rule.message, { username: rule.message });

  const user = {
    userId: deps.session.newId(),
    username: rule.username,
    walletAddress,
    role: 'user' as const,
    createdAt: now.toISOString(),
  };
  const result = await deps.accounts.create(user);
  if (!result.ok) {
    throw new ConflictError(
      result.reason === 'username_taken' ? USERNAME_MESSAGES.taken : 'This wallet already has an account',
    );
  }
  const session = await openSession(user.userId, deps.session);
  return { kind: 'session', session, user: await currentUser(user, deps.accounts, deps.mediaUrl) };
}

export async function getMe(
  userId: string,
  deps: { accounts: Pick<AccountStore, 'user' | 'profileFlags'>; mediaUrl: (key: string) => string },
) {
  const user = await deps.accounts.user(userId);
  if (!user) throw new NotFoundError('The account no longer exists');
  return currentUser(user, deps.accounts, deps.mediaUrl);
}
