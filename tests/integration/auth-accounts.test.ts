import { SignJWT, UnsecuredJWT } from 'jose';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { Wallet } from 'xrpl';
import type { SignedIn, SignInCompletion } from '../../shared/api/auth';
import { approve, call, complete, newFundedWallet, startSignIn, uniqueName } from './auth-support';

const FROM = '127.0.4.2';

type Registration = Extract<SignInCompletion, { kind: 'registration' }>;

/** A registration ticket for a brand-new funded wallet, through the whole sign-in. */
async function newWalletTicket(): Promise<Registration> {
  const started = await startSignIn(FROM);
  const wallet = await newFundedWallet(started.deepLink);
  await approve(started.deepLink, wallet);
  const done = await complete(started.uuid, started.clientSecret, FROM);
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  expect(done.body.kind).toBe('registration');
  return done.body as Registration;
}

const createAccount = (username: string, ticket: string) =>
  call<SignedIn>('POST', '/api/users', { body: { username, ticket }, from: FROM });

const availability = (username: string) =>
  call<{ available: boolean; message: string }>(
    'GET',
    `/api/users/username-availability?username=${encodeURIComponent(username)}`,
    { from: FROM },
  );

describe('usernames and account creation', () => {
  let first: Registration;
  let second: Registration;
  /** The race winner's session token. */
  let sessionToken = '';

  beforeAll(async () => {
    [first, second] = await Promise.all([newWalletTicket(), newWalletTicket()]);
  }, 60_000);

  it('lets exactly one of two creators racing for the same name have it', async () => {
    const name = uniqueName('Race');
    expect(await availability(name)).toMatchObject({
      status: 200,
      body: { available: true, message: 'Username is available!' },
    });
    const [a, b] = await Promise.all([createAccount(name, first.ticket), createAccount(name, second.ticket)]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const loser = a.status === 409 ? a : b;
    sessionToken = (a.status === 201 ? a : b).body.session.token;
    expect(loser.body).toMatchObject({ error: { message: 'Username is already taken' } });
    // Case-insensitive: the name is taken in any case.
    expect((await availability(name.toUpperCase())).body).toEqual({
      available: false,
      message: 'Username is already taken',
    });
    expect((await availability(name.toLowerCase())).body.available).toBe(false);
    // The loser's ticket still works with another name.
    const loserTicket = a.status === 409 ? first.ticket : second.ticket;
    expect((await createAccount(uniqueName('Second'), loserTicket)).status).toBe(201);
  });

  it('reports the spec’s username rules and reserved names', async () => {
    expect((await availability('ab')).body).toEqual({
      available: false,
      message: 'Username must be at least 3 characters long',
    });
    expect((await availability('Admin')).body).toEqual({ available: false, message: 'Username is reserved' });
    expect((await availability('no spaces')).body.message).toBe(
      'Username can only contain letters, numbers, and underscores',
    );
    expect((await createAccount('ab', first.ticket)).status).toBe(400);
  });

  it('refuses forged tickets, unsigned tickets and session tokens used as tickets (401)', async () => {
    const wrongKey = new TextEncoder().encode('not-the-server-key-but-long-enough-for-hs256');
    const forged = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('marketplace')
      .setAudience('registration')
      .setSubject(first.walletAddress)
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(wrongKey);
    const unsigned = new UnsecuredJWT({})
      .setIssuer('marketplace')
      .setAudience('registration')
      .setSubject(first.walletAddress)
      .setIssuedAt()
      .setExpirationTime('10m')
      .encode();
    // A real token of the server, but for another audience.
    expect(sessionToken).toMatch(/^ey/);
    for (const ticket of [forged, unsigned, sessionToken, 'not-a-jwt']) {
      const res = await createAccount(uniqueName('Forge'), ticket);
      expect(res.status, ticket).toBe(401);
      expect(res.body).toMatchObject({ error: { code: 'unauthorized' } });
    }
    // A tampered real ticket (another wallet in its payload) fails the signature.
    const [h, p, s] = first.ticket.split('.');
    const claims = JSON.parse(Buffer.from(p!, 'base64url').toString()) as Record<string, unknown>;
    const tampered = `${h}.${Buffer.from(JSON.stringify({ ...claims, sub: 'rTampered' })).toString('base64url')}.${s}`;
    expect((await createAccount(uniqueName('Tamper'), tampered)).status).toBe(401);
  });

  it('refuses a ticket signed with the real key once its 10 minutes are over (401)', async () => {
    const key = new TextEncoder().encode(inject('sessionSigningKey'));
    const wallet = Wallet.generate().address;
    const issuedAt = Math.floor(Date.now() / 1000) - 11 * 60;
    const expired = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer('marketplace')
      .setAudience('registration')
      .setSubject(wallet)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + 10 * 60)
      .sign(key);
    const create = (ticket: string) =>
      call('POST', '/api/users', { body: { username: uniqueName('Ticket'), ticket }, from: '127.0.4.9' });
    const res = await create(expired);
    expect(res.status).toBe(401);
    // The same ticket, still within its 10 minutes, is accepted: the refusal above is the expiry's.
    const fresh = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer('marketplace')
      .setAudience('registration')
      .setSubject(wallet)
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(key);
    expect((await create(fresh)).status).toBe(201);
  });
});
