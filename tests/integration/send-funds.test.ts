import { beforeAll, describe, expect, it } from 'vitest';
import { Wallet } from 'xrpl';
import type { Send } from '../../shared/api/sends';
import type { WalletBalance } from '../../shared/api/wallet';
import { approve, call } from './auth-support';
import { withLedger } from './checkout-support';
import { until } from './message-support';
import { signUp, type Account } from './route-support';

/**
 * Send Funds through the gateway against the local ledger (decision 060): the refusals read from the ledger, and
 * sends signed in the Xaman stand-in, checked, submitted and validated.
 */
const FROM = '127.0.31.1';
let alice: Account;
let bob: Account;

type Answer = {
  sendId: string;
  signUrl: string;
  error?: { code: string; message: string; fields?: Record<string, string> };
};

beforeAll(async () => {
  [alice, bob] = await Promise.all([signUp(FROM, 'snda'), signUp(FROM, 'sndb')]);
}, 60_000);

const send = (from: Account, body: Record<string, unknown>) =>
  call<Answer>('POST', '/api/wallet/sends', { token: from.token, from: from.from, body });

const readSend = (a: Account, sendId: string) =>
  call<Send>('GET', `/api/wallet/sends/${sendId}`, { token: a.token, from: a.from });

async function rlusdCents(a: Account): Promise<number> {
  const r = await call<{ balances: WalletBalance[] }>('GET', '/api/wallet/balances', { token: a.token, from: a.from });
  return r.body.balances.find((b) => b.currency === 'RLUSD')?.cents ?? 0;
}

/** Approves the send in the wallet and waits until the ledger's result is recorded. */
async function signed(a: Account, made: Answer): Promise<Send> {
  await approve(made.signUrl, a.wallet);
  let found: Send | undefined;
  await until(async () => {
    found = (await readSend(a, made.sendId)).body;
    return found.status !== 'signing' && found.status !== 'submitting';
  }, 20_000);
  return found!;
}

describe('Send Funds', () => {
  it('refuses what cannot go: to oneself, above the balance, to an account that cannot take it, a bad address', async () => {
    const fresh = Wallet.generate().classicAddress;
    const balance = await rlusdCents(alice);
    const cases: [Record<string, unknown>, number, string][] = [
      [{ currency: 'RLUSD', amountCents: 1, destination: alice.wallet }, 400, 'send_to_self'],
      [{ currency: 'RLUSD', amountCents: balance + 1, destination: bob.wallet }, 422, 'insufficient_funds'],
      [{ currency: 'XRP', amountDrops: '99000000000000000', destination: bob.wallet }, 422, 'insufficient_funds'],
      [{ currency: 'RLUSD', amountCents: 1, destination: fresh }, 422, 'destination_not_found'],
      [{ currency: 'XRP', amountDrops: '999999', destination: fresh }, 422, 'destination_needs_reserve'],
      [{ currency: 'RLUSD', amountCents: 1, destination: `${bob.wallet.slice(0, -1)}x` }, 400, 'validation_failed'],
    ];
    const answers = await Promise.all(cases.map(([body]) => send(alice, body)));
    expect(answers.map((r) => [r.status, r.body.error?.code])).toEqual(cases.map(([, status, code]) => [status, code]));
    expect(answers[1]!.body.error?.fields?.amountCents).toMatch(/^Not enough RLUSD: you can send at most \$/);
    expect(answers[5]!.body.error?.fields?.destination).toBe('Enter a valid XRP Ledger address (r...)');
  });

  it('sends RLUSD to an account with a trust line: signed, checked, validated; only its sender reads it', async () => {
    const before = await rlusdCents(bob);
    const made = await send(alice, {
      currency: 'RLUSD',
      amountCents: 123,
      destination: bob.wallet,
      destinationTag: 42,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect((await readSend(bob, made.body.sendId)).status).toBe(404);
    const done = await signed(alice, made.body);
    expect(done).toMatchObject({
      status: 'sent',
      currency: 'RLUSD',
      amountCents: 123,
      destinationTag: 42,
      failure: null,
    });
    expect(done.txHash).toMatch(/^[0-9A-F]{64}$/);
    expect(done.explorerUrl).toContain(done.txHash);
    expect(await rlusdCents(bob)).toBe(before + 123);
  }, 30_000);

  it('sends XRP, which creates a new account; RLUSD to that account is refused: it has no trust line', async () => {
    const fresh = Wallet.generate().classicAddress;
    const made = await send(alice, { currency: 'XRP', amountDrops: '2000000', destination: fresh });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(await signed(alice, made.body)).toMatchObject({ status: 'sent', currency: 'XRP', amountDrops: '2000000' });
    const info = await withLedger((c) =>
      c.request({ command: 'account_info', account: fresh, ledger_index: 'validated' }),
    );
    expect(info.result.account_data.Balance).toBe('2000000');
    const refused = await send(alice, { currency: 'RLUSD', amountCents: 1, destination: fresh });
    expect([refused.status, refused.body.error?.code]).toEqual([422, 'destination_no_trust_line']);
  }, 30_000);
});
