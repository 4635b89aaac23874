import { afterEach, describe, expect, it } from 'vitest';
import { admitAdministrator } from '../../../../functions/core/admin-roles/admit-administrator';
import { grantAdminRole } from '../../../../functions/core/admin-roles/grant-admin-role';
import { REVOKE_MESSAGES, revokeAdminRole } from '../../../../functions/core/admin-roles/revoke-admin-role';
import type { UserRecord } from '../../../../functions/core/auth/ports';
import { adminWallets, resetConfigForTests } from '../../../../functions/lib/config';
import { adminSettings } from '../../../../infra/stacks/admin-settings';
import { parseAdminWallets } from '../../../../shared/domain/admin-wallets';
import { MemoryAdminRoles, MemoryAuditLog } from './memory-admin';

const A = 'r9Vsrg4qiSuUewGgfMA5a1TyL1oADgwFnN';
const B = 'rMrtq2augv49rUswu86p7voVC1FrRDMisS';
const NOW = new Date('2026-11-28T20:00:00.000Z');

const person = (userId: string, role: 'user' | 'admin', walletAddress = `r${userId}`): UserRecord => ({
  userId,
  username: userId.toLowerCase(),
  walletAddress,
  role,
  createdAt: NOW.toISOString(),
});

function setup(configuredWallets: string[] = []) {
  const roles = new MemoryAdminRoles();
  const audit = new MemoryAuditLog();
  return { roles, audit, deps: { roles, audit, configuredWallets, clock: { now: () => NOW } } };
}

async function refusal(p: Promise<unknown>) {
  try {
    await p;
  } catch (error) {
    return { status: (error as { status: number }).status, message: (error as Error).message };
  }
  throw new Error('not refused');
}

describe('configured administrators (ADMIN_WALLET_ADDRESSES, context adminWalletAddresses)', () => {
  afterEach(() => {
    delete process.env.ADMIN_WALLET_ADDRESSES;
    resetConfigForTests();
  });

  it('are comma-separated classic addresses, trimmed and once each; anything else is refused by name', () => {
    expect(parseAdminWallets(undefined)).toEqual([]);
    expect(parseAdminWallets(' ')).toEqual([]);
    expect(parseAdminWallets(` ${A} ,${B},${A},`)).toEqual([A, B]);
    expect(() => parseAdminWallets(`${A},rNotAnAddress`)).toThrow(/rNotAnAddress/);
    // A changed character breaks the checksum.
    expect(() => parseAdminWallets(A.slice(0, -1) + 'M')).toThrow(/not classic addresses/);
  });

  it('are read by the functions and checked by synthesis with the same rule', () => {
    process.env.ADMIN_WALLET_ADDRESSES = `${A}, ${B}`;
    expect(adminWallets()).toEqual([A, B]);
    process.env.ADMIN_WALLET_ADDRESSES = 'admin';
    resetConfigForTests();
    expect(() => adminWallets()).toThrow(/ADMIN_WALLET_ADDRESSES/);
    const ctx = (value?: string) => (key: string) => (key === 'adminWalletAddresses' ? value : undefined);
    expect(adminSettings(ctx(`${A} ,${B}`))).toEqual({ ADMIN_WALLET_ADDRESSES: `${A},${B}` });
    expect(adminSettings(ctx())).toEqual({ ADMIN_WALLET_ADDRESSES: '' });
    expect(() => adminSettings(ctx('admin'))).toThrow(/context adminWalletAddresses 'admin'/);
  });
});

describe('admission at sign-in', () => {
  it('makes a configured wallet an administrator and records every administrator sign-in, no one else', async () => {
    const { roles, audit, deps } = setup([A]);
    const configured = roles.add(person('C', 'user', A));
    const granted = roles.add(person('G', 'admin'));
    const plain = roles.add(person('P', 'user'));

    expect((await admitAdministrator(configured, deps, NOW)).role).toBe('admin');
    expect((await admitAdministrator(granted, deps, NOW)).role).toBe('admin');
    expect(await admitAdministrator(plain, deps, NOW)).toEqual(plain);

    expect((await roles.admins()).map((u) => u.userId).sort()).toEqual(['C', 'G']);
    expect(audit.entries).toEqual([
      { actorId: 'C', action: 'admin.sign_in', subject: A, before: 'user', after: 'admin', at: NOW },
      { actorId: 'G', action: 'admin.sign_in', subject: 'rG', before: 'admin', after: 'admin', at: NOW },
    ]);
  });
});

describe('granting and revoking the admin role', () => {
  it('grants by username once, audited; a grant to an administrator or to no one changes nothing', async () => {
    const { roles, audit, deps } = setup();
    roles.add(person('ADM', 'admin'));
    roles.add(person('U', 'user'));
    const after = await grantAdminRole('ADM', 'U', deps);
    expect(after.items.map((a) => a.username)).toEqual(['adm', 'u']);
    await grantAdminRole('ADM', 'u', deps);
    expect(audit.entries).toEqual([
      { actorId: 'ADM', action: 'role.grant', subject: 'u', before: 'user', after: 'admin', at: NOW },
    ]);
    expect(await refusal(grantAdminRole('ADM', 'nobody', deps))).toEqual({
      status: 404,
      message: 'No user is called nobody',
    });
  });

  it('revokes, audited; never from the last administrator, nor from a configured wallet', async () => {
    const { roles, audit, deps } = setup([A]);
    roles.add(person('ADM', 'admin'));
    roles.add(person('X', 'admin'));
    roles.add(person('CFG', 'admin', A));
    roles.add(person('U', 'user'));

    expect(await refusal(revokeAdminRole('ADM', 'cfg', deps))).toEqual({
      status: 409,
      message: REVOKE_MESSAGES.configured('cfg'),
    });
    expect((await revokeAdminRole('ADM', 'x', deps)).items.map((a) => a.username)).toEqual(['adm', 'cfg']);
    // Not an administrator: nothing to take, nothing recorded.
    await revokeAdminRole('ADM', 'u', deps);
    expect(audit.entries).toEqual([
      { actorId: 'ADM', action: 'role.revoke', subject: 'x', before: 'admin', after: 'user', at: NOW },
    ]);
  });

  it("refuses one's own role when one is the last, and the last administrator to anyone", async () => {
    const { roles, audit, deps } = setup();
    roles.add(person('ADM', 'admin'));
    expect(await refusal(revokeAdminRole('ADM', 'adm', deps))).toEqual({
      status: 409,
      message: REVOKE_MESSAGES.ownLast,
    });
    // An administrator the roster does not know yet (its role set in the table by hand) can't empty it either.
    roles.users.set('OUT', person('OUT', 'admin'));
    expect(await refusal(revokeAdminRole('OUT', 'adm', deps))).toEqual({
      status: 409,
      message: REVOKE_MESSAGES.lastAdmin('adm'),
    });
    expect(audit.entries).toEqual([]);
    expect((await roles.admins()).map((a) => a.userId)).toEqual(['ADM']);
  });
});
