import './support/setup';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminMember } from '../../shared/api/admin-roles';
import type { AuditEntryView } from '../../shared/api/admin-audit';
import { routes } from '../../web/src/app/router';
import { FakeSocket, user, type ApiAnswer, type ApiRequest } from './support/api-stub';
import { renderRoutes } from './support/render';
import { stubSignedIn } from './support/signed-in';

const ME = user({ id: 'ADM1', username: 'alice_1', role: 'admin' });
const member = (userId: string, username: string, configured = false): AdminMember => ({
  userId,
  username,
  walletAddress: `r${username}Wallet`,
  configured,
});

function entry(id: string, over: Partial<AuditEntryView> = {}): AuditEntryView {
  return {
    id,
    at: '2026-11-28T12:00:00.000Z',
    actorId: 'ADM1',
    actorUsername: 'alice_1',
    action: 'role.grant',
    subject: 'bob',
    before: 'user',
    after: 'admin',
    ...over,
  };
}

/** /admin?tab=… as `current`; the admin routes answer `rest`. */
function open(tab: string, rest: (req: ApiRequest) => ApiAnswer | undefined, current = ME) {
  const api = stubSignedIn(
    () => current,
    (req) => {
      if (req.url.pathname === '/api/me/messages/unread') return { body: { unreadCount: 0 } };
      return rest(req);
    },
  );
  const view = renderRoutes(routes, `/admin?tab=${tab}`);
  return { api, view };
}

beforeEach(() => {
  vi.stubGlobal('WebSocket', FakeSocket);
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: 360 });
});

describe('the admin portal (decision 062)', () => {
  it("sends anyone but an administrator home with 'Access Denied'", async () => {
    const { view } = open('roles', () => undefined, user());
    expect(await screen.findByText('Access Denied')).toBeTruthy();
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/'));
  });

  it('offers Admin in the account menu to administrators only', async () => {
    open('roles', (req) => (req.url.pathname === '/api/admin/roles' ? { body: { items: [] } } : undefined));
    fireEvent.keyDown(await screen.findByRole('button', { name: /alice_1 account/ }), { key: 'Enter' });
    const admin = within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Admin' });
    expect(admin.getAttribute('href')).toBe('/admin');
  });
});

describe('the Roles tab', () => {
  it('lists administrators, grants by username and revokes after asking; a configured one cannot be revoked', async () => {
    let admins = [member('ADM1', 'alice_1'), member('CFG', 'root_admin', true)];
    const { api } = open('roles', (req) => {
      const path = req.url.pathname;
      if (path === '/api/admin/roles') return { body: { items: admins } };
      if (path === '/api/admin/roles/bob' && req.method === 'PUT') {
        admins = [...admins, member('B', 'bob')];
        return { body: { items: admins } };
      }
      if (path === '/api/admin/roles/bob' && req.method === 'DELETE') {
        admins = admins.filter((a) => a.userId !== 'B');
        return { body: { items: admins } };
      }
      if (path === '/api/admin/roles/nobody') {
        return { status: 404, body: { error: { code: 'user_not_found', message: 'No user is called nobody' } } };
      }
      return undefined;
    });
    const list = await screen.findByRole('list', { name: 'Administrators' }, { timeout: 5_000 });
    expect(within(list).getByText('alice_1 (you)')).toBeTruthy();
    expect(within(list).getByText('Configured')).toBeTruthy();
    expect(
      (within(list).getByRole('button', { name: 'Revoke admin role from root_admin' }) as HTMLButtonElement).disabled,
    ).toBe(true);

    const field = screen.getByLabelText('Username');
    fireEvent.click(screen.getByRole('button', { name: 'Grant Admin Role' }));
    expect(await screen.findByText('Username is required')).toBeTruthy();
    fireEvent.change(field, { target: { value: 'nobody' } });
    fireEvent.click(screen.getByRole('button', { name: 'Grant Admin Role' }));
    expect(await screen.findByText('No user is called nobody')).toBeTruthy();
    fireEvent.change(field, { target: { value: ' bob ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Grant Admin Role' }));
    expect(await screen.findByText('Admin Role Granted')).toBeTruthy();
    expect(await within(list).findByText('bob')).toBeTruthy();

    fireEvent.click(within(list).getByRole('button', { name: 'Revoke admin role from bob' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke admin role?' });
    expect(within(dialog).getByText('bob will lose access to the admin portal.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('Admin Role Revoked')).toBeTruthy();
    await waitFor(() => expect(within(list).queryByText('bob')).toBeNull());
    expect(api.find('DELETE', '/api/admin/roles/bob')).toHaveLength(1);
  });

  it("shows the server's refusal of the last administrator", async () => {
    open('roles', (req) => {
      if (req.method === 'GET') return { body: { items: [member('ADM1', 'alice_1')] } };
      return { status: 409, body: { error: { code: 'last_admin', message: 'You are the last administrator.' } } };
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke admin role from alice_1' }, { timeout: 5_000 }));
    expect(await screen.findByText('You will lose access to the admin portal.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('Failed to revoke the admin role')).toBeTruthy();
    expect(screen.getByText('You are the last administrator.')).toBeTruthy();
  });

  it("says 'Failed to load administrators' with Try Again when the read fails", async () => {
    let fail = true;
    open('roles', () =>
      fail ? { status: 500, body: { error: { code: 'internal', message: 'x' } } } : { body: { items: [] } },
    );
    expect(await screen.findByText('Failed to load administrators', {}, { timeout: 5_000 })).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('No administrators found.')).toBeTruthy();
  });
});

describe('the Audit tab', () => {
  it('shows who, when, what, on what and before → after (secrets as changed), newest first, paged', async () => {
    const { api } = open('audit', (req) => {
      if (req.url.pathname !== '/api/admin/audit') return undefined;
      if (req.url.searchParams.get('cursor') === 'C1') {
        return {
          body: { items: [entry('E3', { action: 'admin.sign_in', subject: null, before: 'admin' })], nextCursor: null },
        };
      }
      return {
        body: {
          items: [
            entry('E1', { action: 'secrets.update', subject: 'xamanApiSecret', before: 'changed', after: 'changed' }),
            entry('E2', { actorUsername: null, before: null, after: { fee: 2.5 } }),
          ],
          nextCursor: 'C1',
        },
      };
    });
    const list = await screen.findByRole('list', { name: 'Audit entries' }, { timeout: 5_000 });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringMatching(/^secrets\.update by alice_1.*On xamanApiSecretchanged → changed$/),
      expect.stringMatching(/^role\.grant by a deleted user.*On bob- → \{"fee":2\.5\}$/),
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Load More' }));
    expect(await within(list).findByText('admin.sign_in')).toBeTruthy();
    expect(api.find('GET', '/api/admin/audit').at(-1)!.url.searchParams.get('cursor')).toBe('C1');
  });

  it('filters by action prefix and actor; a wrong filter is named and not sent; none found is said', async () => {
    const { api } = open('audit', (req) =>
      req.url.pathname === '/api/admin/audit' ? { body: { items: [], nextCursor: null } } : undefined,
    );
    expect(await screen.findByText('No audit entries found.', {}, { timeout: 5_000 })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Action'), { target: { value: 'Role!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    expect(await screen.findByText('Use a dotted action, e.g. role.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Action'), { target: { value: 'role.' } });
    fireEvent.change(screen.getByLabelText('Actor'), { target: { value: 'bob' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(api.find('GET', '/api/admin/audit')).toHaveLength(2));
    const last = api.find('GET', '/api/admin/audit')[1]!.url.searchParams;
    expect([last.get('action'), last.get('actor')]).toEqual(['role.', 'bob']);
  });

  it("says 'Failed to load audit log' when the read fails", async () => {
    open('audit', () => ({ status: 500, body: { error: { code: 'internal', message: 'x' } } }));
    expect(await screen.findByText('Failed to load audit log', {}, { timeout: 5_000 })).toBeTruthy();
  });
});
