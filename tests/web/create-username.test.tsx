import './support/setup';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Toaster } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { CreateUsernameDialog } from '../../web/src/features/auth/components/create-username-dialog';
import { pending } from './support/fetch-stub';
import { ADDRESS, inHours, stubApi, user, type ApiAnswer } from './support/api-stub';

function renderDialog(route: (username: string | null, method: string) => ApiAnswer | undefined) {
  const api = stubApi((req) => route(req.url.searchParams.get('username'), req.method));
  const onCreated = vi.fn();
  const onClose = vi.fn();
  render(
    <>
      <CreateUsernameDialog walletAddress={ADDRESS} ticket="reg.ticket.jwt" onCreated={onCreated} onClose={onClose} />
      <Toaster />
    </>,
  );
  const input = screen.getByLabelText('Username') as HTMLInputElement;
  const create = () => screen.getByRole('button', { name: /Create Account|Creating.../ }) as HTMLButtonElement;
  const type = (value: string) => fireEvent.change(input, { target: { value } });
  return { ...api, input, create, type, onCreated, onClose };
}

const available = (name: string | null) =>
  name === 'taken_name'
    ? { body: { available: false, message: 'Username is already taken' } }
    : { body: { available: true, message: 'Username is available!' } };

describe('Create Your Username dialog (spec part 1)', () => {
  it('explains the username, shows the connected wallet, and limits the input to 3..20 characters', () => {
    const { input, create } = renderDialog(available);
    expect(screen.getByRole('dialog', { name: 'Create Your Username' })).toBeTruthy();
    expect(screen.getByText(/unique username/i)).toBeTruthy();
    expect(screen.getByText(ADDRESS)).toBeTruthy();
    expect(input.maxLength).toBe(20);
    expect(input.minLength).toBe(3);
    expect(create().disabled).toBe(true);
  });

  it('under 3 characters: the hint, no request, Create Account disabled', () => {
    const { type, find, create } = renderDialog(available);
    type('ab');
    expect(screen.getByText('Username must be at least 3 characters')).toBeTruthy();
    expect(find('GET', '/api/users/username-availability')).toHaveLength(0);
    expect(create().disabled).toBe(true);
  });

  it("a name breaking a rule gets the rule's message without a request", () => {
    const { type, find, create } = renderDialog(available);
    type('bad name');
    expect(screen.getByText('Username can only contain letters, numbers, and underscores')).toBeTruthy();
    type('Admin');
    expect(screen.getByText('Username is reserved')).toBeTruthy();
    expect(find('GET', '/api/users/username-availability')).toHaveLength(0);
    expect(create().disabled).toBe(true);
  });

  it('checks every change from 3 characters: checking, then available (enabled) or taken (disabled)', async () => {
    const { type, find, create } = renderDialog((name) => (name === 'slow' ? pending() : available(name)));
    type('slow');
    expect(await screen.findByText('Checking availability...')).toBeTruthy();
    expect(create().disabled).toBe(true);
    type('taken_name');
    expect(await screen.findByText('Username is already taken')).toBeTruthy();
    expect(create().disabled).toBe(true);
    type('free_name');
    expect(await screen.findByText('Username is available!')).toBeTruthy();
    expect(create().disabled).toBe(false);
    expect(find('GET', '/api/users/username-availability').map((r) => r.url.searchParams.get('username'))).toEqual([
      'slow',
      'taken_name',
      'free_name',
    ]);
  });

  it("creates the account with the ticket, showing 'Creating...' meanwhile", async () => {
    let answer!: () => void;
    const created = new Promise<void>((r) => (answer = r));
    const signedIn = { kind: 'session', session: { token: 'a.b.c', expiresAt: inHours(12) }, user: user() };
    const { type, create, find, onCreated } = renderDialog((name, method) =>
      method === 'POST' ? (created.then(() => new Response(JSON.stringify(signedIn))) as never) : available(name),
    );
    type(' alice_1 ');
    await screen.findByText('Username is available!');
    fireEvent.click(create());
    expect(create().textContent).toBe('Creating...');
    expect(create().disabled).toBe(true);
    answer();
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(signedIn));
    expect(find('POST', '/api/users')[0]?.body).toEqual({ username: 'alice_1', ticket: 'reg.ticket.jwt' });
  });

  it("a name lost in a race shows as taken with the 'Error' toast", async () => {
    const { type, create, onCreated } = renderDialog((name, method) =>
      method === 'POST'
        ? { status: 409, body: { error: { code: 'username_taken', message: 'Username is already taken' } } }
        : available(name),
    );
    type('racer');
    await screen.findByText('Username is available!');
    fireEvent.click(create());
    expect(await screen.findByText('Error')).toBeTruthy();
    await waitFor(() => expect(create().disabled).toBe(true));
    expect(screen.getAllByText('Username is already taken').length).toBeGreaterThan(0);
    expect(onCreated).not.toHaveBeenCalled();
  });

  it("another creation failure shows 'Error' with the server's message", async () => {
    const { type, create } = renderDialog((name, method) =>
      method === 'POST'
        ? { status: 401, body: { error: { code: 'unauthorized', message: 'Registration ticket expired' } } }
        : available(name),
    );
    type('alice_2');
    await screen.findByText('Username is available!');
    fireEvent.click(create());
    expect(await screen.findByText('Registration ticket expired')).toBeTruthy();
    expect(create().textContent).toBe('Create Account');
  });

  it('Cancel closes (dropping the pending wallet)', () => {
    const { onClose } = renderDialog(available);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
