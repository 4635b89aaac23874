import './support/setup';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Toaster } from 'sonner';
import { describe, expect, it } from 'vitest';
import type { Store } from '../../shared/api/stores';
import { DangerZone } from '../../web/src/features/seller-portal/components/danger-zone';
import { routes } from '../../web/src/app/router';
import { RequireSignIn } from '../../web/src/lib/session/require-sign-in';
import { SessionProvider } from '../../web/src/lib/session/session-context';
import { SESSION_KEYS } from '../../web/src/lib/session/session-storage';
import { pending } from './support/fetch-stub';
import { store } from './support/listing-fixture';
import { renderPage, renderRoutes } from './support/render';
import {
  NEW_TOKEN,
  saveSession,
  sessionRoutes,
  stubApi,
  user,
  type ApiAnswer,
  type ApiRequest,
} from './support/api-stub';
import { emptyShellReads } from './support/signed-in';

const refused = (code: string, message: string, status = 409): ApiAnswer => ({
  status,
  body: { error: { code, message } },
});

/** DangerZone alone, for the signed-in seller alice_1: GET /api/stores/alice_1 answers `read()`, its POSTs `write`. */
async function renderZone(
  read: () => Store | ApiAnswer,
  write: (req: ApiRequest) => ApiAnswer | undefined = () => undefined,
) {
  saveSession();
  const api = stubApi(
    sessionRoutes(
      () => user({ isSeller: true }),
      (req) => {
        if (req.url.pathname === '/api/stores/alice_1') {
          const s = read();
          return 'userId' in s ? { body: s } : s;
        }
        return req.method === 'POST' ? write(req) : undefined;
      },
    ),
  );
  renderPage(
    '/seller-portal',
    <SessionProvider>
      <RequireSignIn>
        <DangerZone />
      </RequireSignIn>
      <Toaster />
    </SessionProvider>,
  );
  // Once the saved session is restored.
  await screen.findByRole('region', { name: 'Danger Zone' });
  return api;
}

const zone = () => within(screen.getByRole('region', { name: 'Danger Zone' }));

describe('DangerZone', () => {
  it('says it is loading the store status; Delete Data does not wait for it', async () => {
    await renderZone(() => pending());
    expect(await screen.findByText('Loading store status...')).toBeTruthy();
    expect(zone().getByRole('button', { name: 'Delete Data' })).toBeTruthy();
    expect(zone().queryByRole('button', { name: 'Deactivate' })).toBeNull();
  });

  it('says when the status failed to load, and Try Again reads it again', async () => {
    let answer: () => Store | ApiAnswer = () => refused('unavailable', 'down', 503);
    await renderZone(() => answer());
    expect(await screen.findByText('Failed to load store status')).toBeTruthy();
    answer = () => store();
    fireEvent.click(zone().getByRole('button', { name: 'Try Again' }));
    expect(await zone().findByText(/Your store is active/)).toBeTruthy();
    expect(zone().getByRole('button', { name: 'Deactivate' })).toBeTruthy();
  });

  it('asks before deactivating; a refusal shows in the dialog; confirmed, it says the store is deactivated', async () => {
    let status: Store['storeStatus'] = 'active';
    let refuse = true;
    const { find } = await renderZone(
      () => store({ storeStatus: status, deactivated: status === 'deactivated' }),
      (req) => {
        if (req.url.pathname !== '/api/me/store/deactivation') return undefined;
        if (refuse) return refused('open_orders', 'You have 1 order still open.');
        status = 'deactivated';
        return { body: { storeStatus: status } };
      },
    );
    fireEvent.click(await zone().findByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate Store' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(find('POST', '/api/me/store/deactivation')).toHaveLength(0);

    fireEvent.click(zone().getByRole('button', { name: 'Deactivate' }));
    const again = await screen.findByRole('dialog', { name: 'Deactivate Store' });
    fireEvent.click(within(again).getByRole('button', { name: 'Deactivate' }));
    expect((await within(again).findByRole('alert')).textContent).toBe('You have 1 order still open.');

    refuse = false;
    fireEvent.click(within(again).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Store Deactivated')).toBeTruthy();
    expect(await zone().findByText(/Your store is deactivated: it and its listings are hidden/)).toBeTruthy();
    const sent = find('POST', '/api/me/store/deactivation');
    expect(sent.map((r) => r.token)).toEqual([NEW_TOKEN, NEW_TOKEN]);
    expect(sent.every((r) => r.idempotencyKey)).toBe(true);
    expect(zone().getByRole('button', { name: 'Reactivate' })).toBeTruthy();
  });

  it('reactivates a deactivated store after its confirmation', async () => {
    let status: Store['storeStatus'] = 'deactivated';
    await renderZone(
      () => store({ storeStatus: status, deactivated: status === 'deactivated' }),
      (req) => {
        if (req.url.pathname !== '/api/me/store/reactivation') return undefined;
        status = 'active';
        return { body: { storeStatus: status } };
      },
    );
    fireEvent.click(await zone().findByRole('button', { name: 'Reactivate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reactivate Store' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reactivate' }));
    expect(await screen.findByText('Store Reactivated')).toBeTruthy();
    expect(await zone().findByRole('button', { name: 'Deactivate' })).toBeTruthy();
  });

  it('Delete Data stays disabled until the username is typed, shows a refusal, then signs out', async () => {
    let refuse = true;
    const { find } = await renderZone(
      () => store(),
      (req) => {
        if (req.url.pathname !== '/api/me/data-deletion') return undefined;
        if (refuse) return refused('open_escrows', 'You have 1 order whose escrow is still open.');
        return { body: { status: 'erased' } };
      },
    );
    fireEvent.click(await zone().findByRole('button', { name: 'Delete Data' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Data' });
    expect(within(dialog).getByText(/Kept, shown as .Deleted user./)).toBeTruthy();
    const input = within(dialog).getByLabelText(/Type your username, alice_1, to confirm/);
    const submit = within(dialog).getByRole('button', { name: 'Delete Data' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.change(input, { target: { value: 'Alice_1' } });
    expect(submit.disabled).toBe(true);
    fireEvent.change(input, { target: { value: 'alice_1' } });
    expect(submit.disabled).toBe(false);
    fireEvent.click(submit);
    expect((await within(dialog).findByRole('alert')).textContent).toBe('You have 1 order whose escrow is still open.');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(localStorage.getItem(SESSION_KEYS.token)).not.toBeNull();

    refuse = false;
    fireEvent.click(submit);
    expect(await screen.findByText('Your Data Was Deleted')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
    expect(localStorage.getItem(SESSION_KEYS.token)).toBeNull();
    expect(find('POST', '/api/me/data-deletion').map((r) => r.body)).toEqual([
      { confirmUsername: 'alice_1' },
      { confirmUsername: 'alice_1' },
    ]);
    // The server ended the session already; the sign-out call is the session context's own, best effort.
    expect(find('DELETE', '/api/auth/session')).toHaveLength(1);
  });
});

describe('the store page of a deactivated store', () => {
  it('says the store is deactivated instead of listing anything', async () => {
    stubApi((req) =>
      req.url.pathname === '/api/stores/alice_1'
        ? { body: store({ deactivated: true, storeStatus: 'deactivated' }) }
        : emptyShellReads(req),
    );
    renderRoutes(routes, '/user/alice_1');
    expect(await screen.findByText('This store is deactivated.')).toBeTruthy();
    expect(screen.getByText('Its listings are hidden until its seller reactivates it.')).toBeTruthy();
  });
});
