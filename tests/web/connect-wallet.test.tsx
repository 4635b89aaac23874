import './support/setup';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../web/src/app/router';
import { SESSION_KEYS } from '../../web/src/lib/session/session-storage';
import { WALLET_USER_CHANGED } from '../../web/src/lib/session/session-events';
import { pending } from './support/fetch-stub';
import { page } from './support/listing-fixture';
import { renderRoutes } from './support/render';
import {
  ADDRESS,
  inHours,
  signingStatusFrame,
  stubApi,
  stubSocket,
  user,
  type ApiAnswer,
  type ApiRequest,
} from './support/api-stub';

const uuid = '6f1c1b9e-2f4e-4c61-9d7a-0a1b2c3d4e5f';
const signInRequest = {
  uuid,
  qrPngUrl: `http://xaman.test/sign/${uuid}/qr.png`,
  deepLink: `http://xaman.test/sign/${uuid}`,
  expiresAt: inHours(0.1),
  clientSecret: 's'.repeat(43),
  topic: `signing:${uuid}`,
  code: 'K7QM',
};
const session = { token: 'new.session.jwt', expiresAt: inHours(12) };

function api(extra: (req: ApiRequest) => ApiAnswer | undefined = () => undefined) {
  return stubApi((req) => {
    const answer = extra(req);
    if (answer) return answer;
    if (req.url.pathname === '/api/listings') return { body: page([]) };
    if (req.url.pathname === '/api/auth/sign-in' && req.method === 'POST') return { body: signInRequest };
    if (req.url.pathname === `/api/auth/sign-in/${uuid}`) return { body: { uuid, status: 'pending' } };
    if (req.url.pathname === '/api/wallet/balances') return pending();
    return undefined;
  });
}

async function openDialog() {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1280 });
  const view = renderRoutes(routes, '/');
  const connect = await screen.findByRole('button', { name: 'Connect Wallet' });
  // As a click or a key press does in a browser.
  connect.focus();
  fireEvent.click(connect);
  const dialog = await screen.findByRole('dialog', { name: 'Connect Your Wallet' });
  return { ...view, dialog };
}

async function toQrCode(dialog: HTMLElement) {
  fireEvent.click(within(dialog).getByRole('button', { name: /Xaman Wallet/ }));
  return screen.findByRole('img', { name: 'QR code to connect your wallet with Xaman' });
}

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('Connect Wallet dialog (spec part 1)', () => {
  it('step 1 offers Xaman; step 2 shows the spinner, then the QR code, the text and the deep link in a new tab', async () => {
    stubSocket();
    let answerStart!: () => void;
    const started = new Promise<void>((r) => (answerStart = r));
    const { find } = api((req) =>
      req.url.pathname === '/api/auth/sign-in' && req.method === 'POST'
        ? (started.then(() => new Response(JSON.stringify(signInRequest))) as never)
        : undefined,
    );
    const { dialog } = await openDialog();
    expect(within(dialog).getByText('Choose a wallet to connect to the marketplace')).toBeTruthy();
    expect(within(dialog).getByText('Connect with Xaman mobile app')).toBeTruthy();
    expect(within(dialog).getByText(/Terms of Service/)).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: /Xaman Wallet/ }));
    expect(await screen.findByRole('dialog', { name: 'Scan QR Code with Xaman' })).toBe(dialog);
    expect(within(dialog).getByText('Generating QR code...')).toBeTruthy();
    answerStart();

    const qr = await within(dialog).findByRole('img', { name: 'QR code to connect your wallet with Xaman' });
    expect(qr.getAttribute('src')).toBe(signInRequest.qrPngUrl);
    expect(within(dialog).getByText('Open Xaman app and scan this QR code to connect your wallet')).toBeTruthy();
    const open = within(dialog).getByRole('link', { name: 'Open in Xaman Wallet' });
    expect(open.getAttribute('href')).toBe(signInRequest.deepLink);
    expect(open.getAttribute('target')).toBe('_blank');
    expect(open.getAttribute('rel')).toContain('noopener');
    expect(find('POST', '/api/auth/sign-in')).toHaveLength(1);
    // The code Xaman shows too, with the site's name (decision 078).
    const code = within(dialog).getByText('K7QM');
    expect(code.closest('p')?.textContent).toBe(
      'Xaman will show RLUSD Marketplace and the code K7QM. Approve only if they match.',
    );

    fireEvent.click(within(dialog).getByRole('button', { name: 'Back to wallet selection' }));
    expect(await screen.findByRole('dialog', { name: 'Connect Your Wallet' })).toBeTruthy();
  });

  it('Escape closes the dialog and returns focus to Connect Wallet', async () => {
    stubSocket();
    api();
    const { dialog } = await openDialog();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Connect Wallet' }));
  });

  it("a request left on screen (Back, or the dialog closed) is cancelled with this browser's secret", async () => {
    stubSocket();
    const stub = api((req) =>
      req.url.pathname === `/api/auth/sign-in/${uuid}/cancel` ? { body: { uuid, status: 'cancelled' } } : undefined,
    );
    const cancels = () => stub.requests.filter((r) => r.url.pathname === `/api/auth/sign-in/${uuid}/cancel`);
    const { dialog } = await openDialog();
    await toQrCode(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Back to wallet selection' }));
    await waitFor(() => expect(cancels()).toHaveLength(1));
    expect(cancels()[0]!.body).toEqual({ clientSecret: signInRequest.clientSecret });

    await toQrCode(dialog);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(cancels()).toHaveLength(2));
  });

  it("a failed start shows the failure text with Try Again and toasts 'Connection Failed'", async () => {
    stubSocket();
    let fail = true;
    api((req) =>
      req.url.pathname === '/api/auth/sign-in' && req.method === 'POST' && fail
        ? { status: 502, body: { error: { code: 'signer_unavailable', message: 'Xaman is not reachable' } } }
        : undefined,
    );
    const { dialog } = await openDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: /Xaman Wallet/ }));
    expect(await within(dialog).findByText('Failed to generate QR code. Please try again.')).toBeTruthy();
    expect(await screen.findByText('Connection Failed')).toBeTruthy();
    expect(screen.getByText('Xaman is not reachable')).toBeTruthy();
    fail = false;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Try Again' }));
    expect(await within(dialog).findByRole('img', { name: /QR code/ })).toBeTruthy();
  });

  it('a QR image that does not load counts as no QR code', async () => {
    stubSocket();
    api();
    const { dialog } = await openDialog();
    const qr = await toQrCode(dialog);
    fireEvent.error(qr);
    expect(await within(dialog).findByText('Failed to generate QR code. Please try again.')).toBeTruthy();
  });

  it("signed on the socket by a known wallet: completes with this browser's secret, signs in, 'Wallet Connected'", async () => {
    const Socket = stubSocket();
    const { find } = api((req) =>
      req.url.pathname === `/api/auth/sign-in/${uuid}/complete`
        ? { body: { kind: 'session', session, user: user() } }
        : undefined,
    );
    const changes: unknown[] = [];
    const onChange = (e: Event) => changes.push((e as CustomEvent).detail);
    window.addEventListener(WALLET_USER_CHANGED, onChange);
    try {
      const { dialog } = await openDialog();
      await toQrCode(dialog);
      await waitFor(() =>
        expect(Socket.instances.at(-1)?.sent).toEqual([{ action: 'subscribe', topic: signInRequest.topic }]),
      );
      act(() => Socket.instances.at(-1)!.emit(signingStatusFrame(uuid, 'signed')));
      expect(await screen.findByText('Wallet Connected')).toBeTruthy();
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(await screen.findByRole('button', { name: 'alice_1 account' })).toBeTruthy();
      expect(find('POST', `/api/auth/sign-in/${uuid}/complete`)[0]?.body).toEqual({
        clientSecret: signInRequest.clientSecret,
      });
      expect(localStorage.getItem(SESSION_KEYS.token)).toBe(session.token);
      expect(changes).toEqual([{ walletAddress: ADDRESS }]);
    } finally {
      window.removeEventListener(WALLET_USER_CHANGED, onChange);
    }
  });

  it('a new wallet goes on to Create Your Username, and the created account is signed in', async () => {
    const Socket = stubSocket();
    const { find } = api((req) => {
      if (req.url.pathname === `/api/auth/sign-in/${uuid}/complete`) {
        return {
          body: {
            kind: 'registration',
            ticket: 'reg.ticket.jwt',
            ticketExpiresAt: inHours(0.1),
            walletAddress: ADDRESS,
          },
        };
      }
      if (req.url.pathname === '/api/users/username-availability') {
        return { body: { available: true, message: 'Username is available!' } };
      }
      if (req.url.pathname === '/api/users' && req.method === 'POST') {
        return { body: { kind: 'session', session, user: user({ username: 'new_seller' }) } };
      }
      return undefined;
    });
    const { dialog } = await openDialog();
    await toQrCode(dialog);
    await waitFor(() => expect(Socket.instances.at(-1)?.sent).toHaveLength(1));
    act(() => Socket.instances.at(-1)!.emit(signingStatusFrame(uuid, 'signed')));
    const create = await screen.findByRole('dialog', { name: 'Create Your Username' });
    expect(within(create).getByText(ADDRESS)).toBeTruthy();
    fireEvent.change(within(create).getByLabelText('Username'), { target: { value: 'new_seller' } });
    expect(await within(create).findByText('Username is available!')).toBeTruthy();
    fireEvent.click(within(create).getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByRole('button', { name: 'new_seller account' })).toBeTruthy();
    expect(find('POST', '/api/users')[0]?.body).toEqual({ username: 'new_seller', ticket: 'reg.ticket.jwt' });
  });

  it.each([
    ['cancelled', 'Connection Cancelled', null],
    ['expired', 'Connection Expired', 'The QR code has expired. Please try again.'],
    ['timed_out', 'Connection Timeout', 'Connection attempt timed out. Please try again.'],
  ])('%s (read by polling) ends the dialog with its toast', async (status, title, description) => {
    stubSocket();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    api((req) => (req.url.pathname === `/api/auth/sign-in/${uuid}` ? { body: { uuid, status } } : undefined));
    const { dialog } = await openDialog();
    await toQrCode(dialog);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2_000);
    });
    expect(await screen.findByText(title)).toBeTruthy();
    if (description) expect(screen.getByText(description)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: 'Connect Wallet' })).toBeTruthy();
  });

  it("status read failures give 'Connection Error'", async () => {
    stubSocket();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    api((req) =>
      req.url.pathname === `/api/auth/sign-in/${uuid}`
        ? { status: 404, body: { error: { code: 'not_found', message: 'Unknown request' } } }
        : undefined,
    );
    const { dialog } = await openDialog();
    await toQrCode(dialog);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2_000);
    });
    expect(await screen.findByText('Connection Error')).toBeTruthy();
    expect(screen.getByText('Failed to check wallet status. Please try again.')).toBeTruthy();
  });

  it("a failed completion gives 'Failed to complete wallet setup' and stays signed out", async () => {
    const Socket = stubSocket();
    api((req) =>
      req.url.pathname === `/api/auth/sign-in/${uuid}/complete`
        ? { status: 409, body: { error: { code: 'conflict', message: 'Already used' } } }
        : undefined,
    );
    const { dialog } = await openDialog();
    await toQrCode(dialog);
    await waitFor(() => expect(Socket.instances.at(-1)?.sent).toHaveLength(1));
    act(() => Socket.instances.at(-1)!.emit(signingStatusFrame(uuid, 'signed')));
    expect(await screen.findByText('Failed to complete wallet setup')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Connect Wallet' })).toBeTruthy();
    expect(localStorage.getItem(SESSION_KEYS.token)).toBeNull();
  });
});
