import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { describe, expect, inject, it } from 'vitest';
import type { AdminMember } from '../../shared/api/admin-roles';
import type { AuditEntryView } from '../../shared/api/admin-audit';
import type { SignInCompletion } from '../../shared/api/auth';
import { adminRoleStore } from '../../functions/adapters/db/admin-role-store';
import { serviceFor } from '../../functions/adapters/db/service';
import { ensureTable } from '../../infra/local/dynamodb';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../../infra/local/env';
import { localAdminWallet } from '../../infra/local/seed/admin-wallet';
import { approve, call, complete, startSignIn, uniqueName, waitForStatus } from './auth-support';
import { until } from './message-support';
import { signUp, type Account } from './route-support';

/** Admin roles and the audit log (decision 062), on the local stack whose configured admin is the 'admin' dev wallet. */
const NET = '127.0.206';
const ADMIN_WALLET = localAdminWallet().classicAddress;
type Session = Extract<SignInCompletion, { kind: 'session' }>;

/** Signs in with the stand-in's 'admin' dev wallet (adopted as the stack starts), creating its account the first time. */
async function signInAsConfiguredAdmin(from: string): Promise<Session> {
  const started = await startSignIn(from);
  // The stand-in knows the wallet once it has adopted it, after its own dev wallets at start.
  await until(async () => (await (await fetch(started.deepLink)).text()).includes(ADMIN_WALLET), 60_000);
  await approve(started.deepLink, ADMIN_WALLET);
  expect(await waitForStatus(started.uuid, from)).toBe('signed');
  const done = await complete(started.uuid, started.clientSecret, from);
  expect(done.status).toBe(200);
  if (done.body.kind === 'session') return done.body;
  const created = await call<Session>('POST', '/api/users', {
    body: { username: uniqueName('cfgadm'), ticket: done.body.ticket },
    from,
  });
  expect(created.status).toBe(201);
  return created.body;
}

const as = (a: { token: string; from: string }) => ({ token: a.token, from: a.from });
const admins = (a: { token: string; from: string }) => call<{ items: AdminMember[] }>('GET', '/api/admin/roles', as(a));
const audit = (a: { token: string; from: string }, query: string) =>
  call<{ items: AuditEntryView[]; nextCursor: string | null }>('GET', `/api/admin/audit?${query}`, as(a));

describe('admin roles (decision 062)', () => {
  it('a configured wallet signs in as an administrator, and each of its sign-ins is audited', async () => {
    const from = `${NET}.1`;
    const first = await signInAsConfiguredAdmin(from);
    expect(first.user.role).toBe('admin');
    const me = { token: first.session.token, from };
    const listed = await admins(me);
    expect(listed.status).toBe(200);
    expect(listed.body.items).toContainEqual({
      userId: first.user.id,
      username: first.user.username,
      walletAddress: ADMIN_WALLET,
      configured: true,
    });
    const signIns = async () =>
      (await audit(me, `action=admin.sign_in&actor=${first.user.username}&limit=50`)).body.items;
    const before = await signIns();
    expect(before[0]).toMatchObject({ actorUsername: first.user.username, subject: ADMIN_WALLET, after: 'admin' });

    await signInAsConfiguredAdmin(from);
    const after = await signIns();
    expect(after).toHaveLength(before.length + 1);
    expect(after[0]!.at > before[0]!.at).toBe(true);
  });

  it('grants and revokes by username, audited; a configured admin is not revoked; a non-admin is refused (403)', async () => {
    const adminSession = await signInAsConfiguredAdmin(`${NET}.2`);
    const admin = { token: adminSession.session.token, from: `${NET}.2` };
    const [bob, eve]: [Account, Account] = await Promise.all([
      signUp(`${NET}.3`, 'rlbob'),
      signUp(`${NET}.4`, 'rleve'),
    ]);

    for (const [method, path] of [
      ['GET', '/api/admin/roles'],
      ['PUT', `/api/admin/roles/${eve.username}`],
      ['DELETE', `/api/admin/roles/${adminSession.user.username}`],
      ['GET', '/api/admin/audit'],
    ] as const) {
      expect((await call(method, path, as(eve))).status, `${method} ${path}`).toBe(403);
    }

    const granted = await call<{ items: AdminMember[] }>('PUT', `/api/admin/roles/${bob.username}`, as(admin));
    expect(granted.status).toBe(200);
    expect(granted.body.items.map((m) => m.username)).toContain(bob.username);
    // Bob is an administrator at once: the admin routes read the role on every request.
    expect((await admins(bob)).status).toBe(200);
    expect((await call('PUT', `/api/admin/roles/${bob.username}`, as(admin))).status).toBe(200);

    const refused = await call<{ error: { code: string } }>(
      'DELETE',
      `/api/admin/roles/${adminSession.user.username}`,
      as(bob),
    );
    expect([refused.status, refused.body.error.code]).toEqual([409, 'configured_admin']);
    expect((await call('DELETE', '/api/admin/roles/nobody_here', as(admin))).status).toBe(404);

    const revoked = await call<{ items: AdminMember[] }>('DELETE', `/api/admin/roles/${bob.username}`, as(admin));
    expect(revoked.status).toBe(200);
    expect(revoked.body.items.map((m) => m.username)).not.toContain(bob.username);
    expect((await admins(bob)).status).toBe(403);

    const log = await audit(admin, `action=role.&actor=${adminSession.user.username}&limit=50`);
    const mine = log.body.items.filter((e) => e.subject === bob.username);
    // The second grant and the refused revoke changed nothing, so recorded nothing.
    expect(mine.map((e) => [e.action, e.before, e.after])).toEqual([
      ['role.revoke', 'admin', 'user'],
      ['role.grant', 'user', 'admin'],
    ]);
  });

  it('never revokes the last administrator, however many revoke at once (the roster condition, in DynamoDB)', async () => {
    // A table of its own: the stack's always has other administrators.
    const client = new DynamoDBClient({
      region: LOCAL_REGION,
      endpoint: inject('dynamoEndpoint'),
      credentials: LOCAL_CREDENTIALS,
    });
    try {
      const table = `admin-roles-${Date.now().toString(36)}`;
      await ensureTable(client, table);
      const db = serviceFor(DynamoDBDocumentClient.from(client), table);
      const at = new Date().toISOString();
      for (const userId of ['A', 'B', 'C']) {
        await db.entities.user
          .create({ userId, username: `u${userId}`, walletAddress: `r${userId}`, createdAt: at, updatedAt: at })
          .go();
      }
      const roles = adminRoleStore(db);
      expect(await Promise.all(['A', 'B', 'C'].map((id) => roles.grant(id, new Date())))).toEqual([true, true, true]);
      expect(await roles.grant('A', new Date())).toBe(false);
      const outcomes = await Promise.all(['A', 'B', 'C'].map((id) => roles.revoke(id, new Date())));
      expect(outcomes.filter((o) => o === 'revoked')).toHaveLength(2);
      expect(outcomes.filter((o) => o === 'last_admin')).toHaveLength(1);
      const left = await roles.admins();
      expect(left).toHaveLength(1);
      expect(await roles.revoke(left[0]!.userId, new Date())).toBe('last_admin');
      expect(await roles.revoke(left[0]!.userId === 'A' ? 'B' : 'A', new Date())).toBe('not_admin');
    } finally {
      client.destroy();
    }
  });
});
