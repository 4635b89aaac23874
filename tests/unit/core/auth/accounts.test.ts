import { describe, expect, it } from 'vitest';
import { checkUsername } from '../../../../functions/core/auth/check-username';
import { createAccount, type CreateAccountDeps } from '../../../../functions/core/auth/create-account';
import { getMe } from '../../../../functions/core/auth/get-me';
import { issueRegistrationTicket } from '../../../../functions/core/auth/tokens';
import { AppError } from '../../../../functions/lib/errors';
import { testClock } from '../../../fixtures/test-clock';
import { MemoryAccounts, MemorySessions, TEST_KEY } from './memory-ports';
import { noAdmission } from '../admin/memory-admin';

const NOW = new Date('2026-06-01T12:00:00Z');
const WALLET = 'rNewWallet123456789012345678';

const IP = '203.0.113.9';
/** Rate limits are tested on their own (rate-limit.test.ts); here every request is within them. */
const unlimited = { hit: async () => true };
const create = (input: { username: string; ticket: string }, deps: CreateAccountDeps) => createAccount(input, IP, deps);
const available = (name: string, accounts: MemoryAccounts) =>
  checkUsername(name, IP, { accounts, rateLimits: unlimited, clock: testClock(NOW) });

function setup(now = NOW) {
  const accounts = new MemoryAccounts();
  let n = 0;
  const deps = {
    accounts,
    session: {
      sessions: new MemorySessions(),
      key: async () => TEST_KEY,
      newId: () => `ID${++n}`,
      clock: testClock(now),
    },
    rateLimits: unlimited,
    mediaUrl: (k: string) => k,
    admission: noAdmission(),
  };
  return { accounts, deps };
}

async function failure(p: Promise<unknown>): Promise<[number, string] | 'ok'> {
  try {
    await p;
    return 'ok';
  } catch (error) {
    if (error instanceof AppError) return [error.status, error.message];
    throw error;
  }
}

describe('accounts', () => {
  it('create the user with a server-made id and the ticket’s wallet, and open a session', async () => {
    const { accounts, deps } = setup();
    const { token } = await issueRegistrationTicket(WALLET, TEST_KEY, NOW);
    const out = await create({ username: '  alice_1 ', ticket: token }, deps);
    expect(out.user).toMatchObject({ id: 'ID1', username: 'alice_1', walletAddress: WALLET, isSeller: false });
    expect(accounts.users.get('ID1')).toMatchObject({ walletAddress: WALLET, role: 'user' });
    expect(await getMe('ID1', deps)).toEqual(out.user);
  });

  it('refuse an expired ticket (401)', async () => {
    const { token } = await issueRegistrationTicket(WALLET, TEST_KEY, NOW);
    const { deps } = setup(new Date(NOW.getTime() + 10 * 60_000));
    expect(await failure(create({ username: 'alice', ticket: token }, deps))).toEqual([
      401,
      'The registration ticket is invalid or has expired; connect your wallet again',
    ]);
  });

  it('refuse a name against the rules (400), a taken name and a wallet with an account (409)', async () => {
    const { deps } = setup();
    const ticket = async (w: string) => (await issueRegistrationTicket(w, TEST_KEY, NOW)).token;
    expect(await failure(create({ username: 'root', ticket: await ticket(WALLET) }, deps))).toEqual([
      400,
      'Username is reserved',
    ]);
    expect(await failure(create({ username: 'Alice', ticket: await ticket(WALLET) }, deps))).toBe('ok');
    expect(
      await failure(create({ username: 'ALICE', ticket: await ticket('rOtherWallet12345678901234567') }, deps)),
    ).toEqual([409, 'Username is already taken']);
    expect(await failure(create({ username: 'bob', ticket: await ticket(WALLET) }, deps))).toEqual([
      409,
      'This wallet already has an account',
    ]);
  });

  it('report availability with the spec’s messages', async () => {
    const { accounts } = setup();
    accounts.users.set('U', { userId: 'U', username: 'Taken', walletAddress: WALLET, role: 'user', createdAt: '' });
    expect(await available('taken', accounts)).toEqual({
      available: false,
      message: 'Username is already taken',
    });
    expect(await available('fresh', accounts)).toEqual({
      available: true,
      message: 'Username is available!',
    });
    expect(await available('ab', accounts)).toEqual({
      available: false,
      message: 'Username must be at least 3 characters long',
    });
  });
});
