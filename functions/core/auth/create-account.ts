import type { SignedIn } from '../../../shared/api/auth';
import { checkUsername, USERNAME_MESSAGES } from '../../../shared/domain/username';
import { admitAdministrator, type AdmissionDeps } from '../admin-roles/admit-administrator';
import { BadRequestError, ConflictError, UnauthorizedError } from '../../lib/errors';
import type { AccountStore, RateLimitStore } from './ports';
import { enforceRateLimit } from './rate-limit';
import { currentUser, openSession, type SessionDeps } from './sessions';
import { TokenRefused, verifyRegistrationTicket } from './tokens';

export interface CreateAccountDeps {
  accounts: AccountStore;
  session: SessionDeps;
  rateLimits: RateLimitStore;
  mediaUrl: (key: string) => string;
  /** Configured wallets become administrators; administrators' sign-ins are audited (decision 062). */
  admission: AdmissionDeps;
}

/**
 * The holder of a registration ticket picks a username; the server makes the id and opens a session. Counted per
 * source IP.
 */
export async function createAccount(
  input: { username: string; ticket: string },
  sourceIp: string,
  deps: CreateAccountDeps,
): Promise<SignedIn> {
  const at = deps.session.clock.now();
  await enforceRateLimit(deps.rateLimits, 'createAccount', sourceIp, at);
  let walletAddress: string;
  try {
    ({ walletAddress } = await verifyRegistrationTicket(input.ticket, await deps.session.key(), at));
  } catch (error) {
    if (error instanceof TokenRefused) {
      throw new UnauthorizedError('The registration ticket is invalid or has expired; connect your wallet again');
    }
    throw error;
  }
  const rule = checkUsername(input.username);
  if (!rule.ok) throw new BadRequestError(rule.message, { username: rule.message });

  const created = {
    userId: deps.session.newId(),
    username: rule.username,
    walletAddress,
    role: 'user' as const,
    createdAt: at.toISOString(),
  };
  const result = await deps.accounts.create(created);
  if (!result.ok) {
    throw new ConflictError(
      result.reason === 'username_taken' ? USERNAME_MESSAGES.taken : 'This wallet already has an account',
    );
  }
  const user = await admitAdministrator(created, deps.admission, at);
  const session = await openSession(user.userId, deps.session);
  return { kind: 'session', session, user: await currentUser(user, deps.accounts, deps.mediaUrl) };
}
