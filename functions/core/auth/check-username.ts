import { checkUsername as usernameRule, USERNAME_MESSAGES } from '../../../shared/domain/username';
import type { Clock } from '../clock/clock';
import type { AccountStore, RateLimitStore } from './ports';
import { enforceRateLimit } from './rate-limit';

export interface CheckUsernameDeps {
  accounts: Pick<AccountStore, 'isUsernameTaken'>;
  rateLimits: RateLimitStore;
  clock: Clock;
}

/** Whether a username may be taken, as the sign-up form checks it while typing; counted per source IP. */
export async function checkUsername(
  raw: string,
  sourceIp: string,
  deps: CheckUsernameDeps,
): Promise<{ available: boolean; message: string }> {
  await enforceRateLimit(deps.rateLimits, 'checkUsername', sourceIp, deps.clock.now());
  const rule = usernameRule(raw);
  if (!rule.ok) return { available: false, message: rule.message };
  if (await deps.accounts.isUsernameTaken(rule.username)) return { available: false, message: USERNAME_MESSAGES.taken };
  return { available: true, message: USERNAME_MESSAGES.available };
}
