import './support/setup';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Profile } from '../../shared/api/profile';
import { routes } from '../../web/src/app/router';
import { SELLER_STATUS_CHANGED } from '../../web/src/lib/session/session-events';
import { pending } from './support/fetch-stub';
import { page } from './support/listing-fixture';
import { renderRoutes } from './support/render';
import {
  FakeSocket,
  NEW_TOKEN,
  pageWrites,
  saveSession,
  sessionRoutes,
  signingStatusFrame,
  stubApi,
  user,
  type ApiAnswer,
  type ApiRequest,
} from './support/api-stub';

function profile(overrides: Partial<Profile> = {}): Profile {
  return {
    fullName: 'Alice Example',
    email: 'alice@example.com',
    phone: '+1 555 0100',
    address: { country: 'US', street: '1 Main St', city: 'Springfield', state: 'IL', postalCode: '62701' },
    returnAddress: null,
    useDifferentReturnAddress: false,
    isSeller: false,
    avatarUrl: null,
    profileComplete: true,
    ...overrides,
  };
}

function renderSettings(
  initial: Profile | ApiAnswer,
  route: (req: ApiRequest) => ApiAnswer | undefined = () => undefined,
) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1280 });
  saveSession();
  const api = stubApi(
    sessionRoutes(
      () => user(),
      (req) => {
        const answer = route(req);
        if (answer) return answer;
        if (req.url.pathname === '/api/me/profile' && req.method === 'GET') {
          return 'fullName' in initial ? { body: initial } : initial;
        }
        if (req.url.pathname === '/api/wallet/balances')
          return { body: { walletAddress: 'r', balances: [], explorerUrl: 'x' } };
        if (req.url.pathname === '/api/listings') return { body: page([]) };
        return undefined;
      },
    ),
  );
  return { ...api, ...renderRoutes(routes, '/settings') };
}

const main = () => screen.getByRole('main');
const field = (label: string) => within(main()).getByLabelText(new RegExp(`^${label}( \\*)?$`)) as HTMLInputElement;
const save = () => fireEvent.click(within(main()).getByRole('button', { name: 'Save Changes' }));
const labelsIn = (legend: string) =>
  within(within(main()).getByRole('group', { name: legend }))
    .getAllByRole('textbox')
    .map((el) => (el as HTMLInputElement).labels?.[0]?.textContent?.replace(' *', ''));

describe('/settings (spec part 3 "Profile settings")', () => {
  it('loads the profile into the form', async () => {
    const { find } = renderSettings(profile());
    expect(await within(main()).findByText('Loading profile...')).toBeTruthy();
    expect((await within(main()).findByDisplayValue('Alice Example')).id).toBe('fullName');
    expect(field('Email').value).toBe('alice@example.com');
    expect(field('Phone').value).toBe('+1 555 0100');
    expect((within(main()).getByLabelText(/^Country/) as HTMLSelectElement).value).toBe('US');
    expect(field('ZIP Code').value).toBe('62701');
    expect(find('GET', '/api/me/profile')[0]?.token).toBe(NEW_TOKEN);
  });

  it("a failed load says 'Failed to load user profile.' with Try Again", async () => {
    let fail = true;
    renderSettings(profile(), (req) =>
      req.url.pathname === '/api/me/profile' && fail
        ? { status: 500, body: { error: { code: 'internal', message: 'boom' } } }
        : undefined,
    );
    expect(await within(main()).findByText('Failed to load user profile.')).toBeTruthy();
    fail = false;
    fireEvent.click(within(main()).getByRole('button', { name: 'Try Again' }));
    expect(await within(main()).findByDisplayValue('Alice Example')).toBeTruthy();
  });

  it('requires full name, email and phone, and street and city once an address is started; nothing is sent', async () => {
    const { find } = renderSettings(profile({ fullName: '', email: '', phone: '', address: null }));
    await within(main()).findByText('Personal Information');
    fireEvent.change(field('City'), { target: { value: 'Paris' } });
    save();
    expect(await within(main()).findByText('Full name is required')).toBeTruthy();
    expect(within(main()).getByText('Enter a valid email address')).toBeTruthy();
    expect(within(main()).getByText('Phone is required')).toBeTruthy();
    expect(within(main()).getByText('Country is required')).toBeTruthy();
    expect(within(main()).getByText('Street is required')).toBeTruthy();
    expect(field('Full Name').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field('Full Name'));
    expect(find('PUT', '/api/me/profile')).toHaveLength(0);
  });

  it("the address editor follows the country's labels and order of parts", async () => {
    renderSettings(profile());
    await within(main()).findByDisplayValue('Alice Example');
    expect(labelsIn('Shipping address')).toEqual(['Street Address', 'City', 'State', 'ZIP Code']);
    const country = within(main()).getByLabelText(/^Country/) as HTMLSelectElement;
    expect(within(country).getAllByRole('option')).toHaveLength(16);
    fireEvent.change(country, { target: { value: 'JP' } });
    expect(labelsIn('Shipping address')).toEqual(['Postal Code', 'Prefecture', 'City', 'Street Address']);
    fireEvent.change(country, { target: { value: 'SG' } });
    expect(labelsIn('Shipping address')).toEqual(['Street Address', 'City', 'Postal Code']);
    fireEvent.change(country, { target: { value: 'DE' } });
    expect(labelsIn('Shipping address')).toEqual(['Street Address', 'Postal Code', 'City', 'State']);
  });

  it('saves: PUT with the token, the return address while toggled on, toast and the header sell icon at once', async () => {
    const seen: unknown[] = [];
    window.addEventListener(SELLER_STATUS_CHANGED, (e) => seen.push((e as CustomEvent).detail), { once: true });
    const { find } = renderSettings(profile(), (req) => {
      if (req.method === 'PUT' && req.url.pathname === '/api/me/profile') {
        return { body: profile({ ...(req.body as object), isSeller: true }) };
      }
      return req.url.pathname === '/api/me/rlusd-trust-line' ? { body: { hasLine: true } } : undefined;
    });
    await within(main()).findByDisplayValue('Alice Example');
    expect(screen.queryByRole('link', { name: 'Sell an item' })).toBeNull();
    fireEvent.click(within(main()).getByLabelText('Use a different return address'));
    expect(within(main()).getByRole('group', { name: 'Return address' })).toBeTruthy();
    save();
    expect(await within(main()).findAllByText('Street is required')).toHaveLength(1);
    const returns = within(within(main()).getByRole('group', { name: 'Return address' }));
    fireEvent.change(returns.getByLabelText(/^Country/), { target: { value: 'GB' } });
    fireEvent.change(returns.getByLabelText(/^Street Address/), { target: { value: '2 High St' } });
    fireEvent.change(returns.getByLabelText(/^City/), { target: { value: 'London' } });
    fireEvent.change(returns.getByLabelText('Postcode'), { target: { value: 'SW1A 1AA' } });
    fireEvent.click(within(main()).getByLabelText('I want to sell items on the marketplace'));
    save();
    expect(await screen.findByText('Profile Updated')).toBeTruthy();
    const put = find('PUT', '/api/me/profile')[0]!;
    expect(put.token).toBe(NEW_TOKEN);
    expect(put.body).toEqual({
      fullName: 'Alice Example',
      email: 'alice@example.com',
      phone: '+1 555 0100',
      address: { country: 'US', street: '1 Main St', city: 'Springfield', state: 'IL', postalCode: '62701' },
      returnAddress: { country: 'GB', street: '2 High St', city: 'London', state: '', postalCode: 'SW1A 1AA' },
      useDifferentReturnAddress: true,
      isSeller: true,
    });
    expect(seen).toEqual([{ isSeller: true }]);
    expect(await screen.findByRole('link', { name: 'Sell an item' })).toBeTruthy();
    // The wallet has its RLUSD trust line already: nothing to sign.
    expect(
      await within(main()).findByText('Your wallet has an RLUSD trust line: buyers can pay you in RLUSD.'),
    ).toBeTruthy();
    expect(find('POST', '/api/me/rlusd-trust-line')).toHaveLength(0);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("shows the server's field errors next to the fields with the spec's error toast", async () => {
    renderSettings(profile(), (req) =>
      req.method === 'PUT'
        ? {
            status: 400,
            body: {
              error: { code: 'bad_request', message: 'Invalid body', fields: { email: 'Email is already in use' } },
            },
          }
        : undefined,
    );
    await within(main()).findByDisplayValue('Alice Example');
    save();
    expect(await screen.findByText('Failed to save profile. Please try again.')).toBeTruthy();
    expect(screen.getByText('Error')).toBeTruthy();
    expect(within(main()).getByText('Email is already in use')).toBeTruthy();
    expect(field('Email').getAttribute('aria-describedby')).toBe('email-error');
  });

  it('keeps unsaved edits when the session token is renewed, and saves with the new token', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1280 });
      saveSession();
      let refreshes = 0;
      const { find } = stubApi((req) => {
        if (req.url.pathname === '/api/auth/session' && req.method === 'POST') {
          refreshes += 1;
          const expiresAt = new Date(Date.now() + (refreshes === 1 ? 20 * 60_000 : 12 * 3_600_000)).toISOString();
          return { body: { token: `t${refreshes}.b.c`, expiresAt } };
        }
        if (req.url.pathname === '/api/me') return { body: user() };
        if (req.url.pathname === '/api/me/profile') return { body: profile() };
        if (req.url.pathname === '/api/wallet/balances') return pending();
        return undefined;
      });
      renderRoutes(routes, '/settings');
      await within(main()).findByDisplayValue('Alice Example');
      fireEvent.change(field('Full Name'), { target: { value: 'Alice Edited' } });
      await act(async () => {
        await vi.advanceTimersByTimeAsync(11 * 60_000);
      });
      await waitFor(() => expect(find('POST', '/api/auth/session')).toHaveLength(2));
      expect(field('Full Name').value).toBe('Alice Edited');
      save();
      await waitFor(() => expect(find('PUT', '/api/me/profile')).toHaveLength(1));
      expect(find('PUT', '/api/me/profile')[0]?.token).toBe('t2.b.c');
    } finally {
      vi.useRealTimers();
    }
  });

  describe('avatar', () => {
    const choose = (file: File) =>
      fireEvent.change(within(main()).getByLabelText('Avatar image file'), { target: { files: [file] } });

    it("refuses a file that is not an image: 'Invalid File'", async () => {
      const { find } = renderSettings(profile());
      await within(main()).findByDisplayValue('Alice Example');
      choose(new File(['hello'], 'notes.txt', { type: 'text/plain' }));
      expect(await screen.findByText('Invalid File')).toBeTruthy();
      expect(screen.getByText('Please select an image file.')).toBeTruthy();
      expect(find('POST', '/api/me/avatar-upload')).toHaveLength(0);
    });

    it("refuses an image over 5 MB: 'File Too Large'", async () => {
      const { find } = renderSettings(profile());
      await within(main()).findByDisplayValue('Alice Example');
      choose(new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' }));
      expect(await screen.findByText('File Too Large')).toBeTruthy();
      expect(screen.getByText('Please select an image smaller than 5MB.')).toBeTruthy();
      expect(find('POST', '/api/me/avatar-upload')).toHaveLength(0);
    });

    it("uploads to the presigned POST, sets the avatar, toasts 'Avatar Updated' and updates the header", async () => {
      const avatarUrl = '/media/avatars/01JUSER/a.png';
      const { requests } = renderSettings(profile(), (req) => {
        if (req.url.pathname === '/api/me/avatar-upload') {
          return {
            body: {
              url: 'http://s3.test/media-bucket',
              fields: { key: 'avatars/01JUSER/a.png', policy: 'p' },
              key: 'avatars/01JUSER/a.png',
            },
          };
        }
        if (req.url.href === 'http://s3.test/media-bucket') return { status: 204, body: null };
        if (req.url.pathname === '/api/me/avatar') return { body: profile({ avatarUrl }) };
        return undefined;
      });
      await within(main()).findByDisplayValue('Alice Example');
      const file = new File([new Uint8Array(1000)], 'me.png', { type: 'image/png' });
      choose(file);
      expect(await screen.findByText('Avatar Updated')).toBeTruthy();
      // The session's refresh and the page socket's ticket (decision 078) are not the upload's.
      const uploadCalls = pageWrites(requests);
      expect(uploadCalls.map((r) => `${r.method} ${r.url.href}`)).toEqual([
        'POST http://app.test/api/me/avatar-upload',
        'POST http://s3.test/media-bucket',
        'PUT http://app.test/api/me/avatar',
      ]);
      expect(uploadCalls[0]?.body).toEqual({ contentType: 'image/png', size: 1000 });
      const form = uploadCalls[1]?.body as FormData;
      expect([...form.keys()]).toEqual(['key', 'policy', 'file']);
      expect(uploadCalls[2]?.body).toEqual({ key: 'avatars/01JUSER/a.png' });
      expect(within(main()).getByRole('img', { name: 'Your avatar' }).getAttribute('src')).toBe(avatarUrl);
      const header = screen.getByRole('banner');
      await waitFor(() => expect(header.querySelector(`img[src="${avatarUrl}"]`)).not.toBeNull());
    });

    it("a refused upload gives 'Upload Failed'", async () => {
      vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      renderSettings(profile(), (req) => {
        if (req.url.pathname === '/api/me/avatar-upload') {
          return { body: { url: 'http://s3.test/media-bucket', fields: {}, key: 'k' } };
        }
        if (req.url.href === 'http://s3.test/media-bucket') return { status: 403, body: {} };
        return undefined;
      });
      await within(main()).findByDisplayValue('Alice Example');
      choose(new File([new Uint8Array(10)], 'me.png', { type: 'image/png' }));
      expect(await screen.findByText('Upload Failed')).toBeTruthy();
    });
  });
});

describe('RLUSD trust line when selling is turned on (a TrustSet signed in Xaman)', () => {
  const UUID = '00000000-0000-4000-8000-0000000000a1';
  const TOPIC = `signing:${UUID}`;
  const dialogName = 'Add an RLUSD Trust Line';
  const WHY = 'Buyers pay you in RLUSD: your wallet needs an RLUSD trust line. Signing it moves no funds.';

  beforeEach(() => {
    // Not emptied between tests: the page's one socket may still be the one an earlier test opened.
    vi.stubGlobal('WebSocket', FakeSocket);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const signingAnswer = (uuid = UUID): ApiAnswer => ({
    body: {
      status: 'signing',
      uuid,
      signUrl: `http://xaman.test/sign/${uuid}`,
      qrPngUrl: `http://xaman.test/sign/${uuid}_q.png`,
      expiresAt: new Date(Date.now() + 5 * 60_000).toISOString(),
      topic: `signing:${uuid}`,
    },
  });

  interface Line {
    /** GET's answer: the line, or a failure. */
    get: () => ApiAnswer;
    post?: (req: ApiRequest) => ApiAnswer;
  }

  /** /settings with a profile (a seller or not); a save answers as the server does, the trust-line routes per `line`. */
  function settingsWithLine(line: Line, initial = profile()) {
    return renderSettings(initial, (req) => {
      if (req.url.pathname === '/api/me/profile' && req.method === 'PUT') {
        return { body: profile({ ...(req.body as Partial<Profile>) }) };
      }
      if (req.url.pathname !== '/api/me/rlusd-trust-line') return undefined;
      return req.method === 'GET' ? line.get() : (line.post?.(req) ?? signingAnswer());
    });
  }

  async function saveAsSeller() {
    await within(main()).findByDisplayValue('Alice Example');
    const selling = within(main()).getByLabelText('I want to sell items on the marketplace') as HTMLInputElement;
    if (!selling.checked) fireEvent.click(selling);
    save();
    expect(await screen.findByText('Profile Updated')).toBeTruthy();
  }

  const subscribed = (topic = TOPIC) =>
    waitFor(() =>
      expect(
        FakeSocket.instances.some((s) =>
          s.sent.some((m) => JSON.stringify(m) === JSON.stringify({ action: 'subscribe', topic })),
        ),
      ).toBe(true),
    );

  function push(frame: unknown) {
    for (const socket of FakeSocket.instances) act(() => socket.emit(frame));
  }

  it('asks for the line after a save as a seller when the wallet has none, and follows it until the ledger shows it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let hasLine = false;
    const { find } = settingsWithLine({ get: () => ({ body: { hasLine } }) });
    await saveAsSeller();

    const dialog = await screen.findByRole('dialog', { name: dialogName });
    expect(within(dialog).getByText(WHY)).toBeTruthy();
    const describedBy = dialog.getAttribute('aria-describedby')!.split(' ');
    expect(describedBy.map((id) => document.getElementById(id)?.textContent).join(' ')).toBe(WHY);
    const qr = await within(dialog).findByRole('img', { name: 'QR code to add the RLUSD trust line with Xaman' });
    expect(qr.getAttribute('src')).toBe(`http://xaman.test/sign/${UUID}_q.png`);
    const open = within(dialog).getByRole('link', { name: 'Open in Xaman Wallet' });
    expect(open.getAttribute('href')).toBe(`http://xaman.test/sign/${UUID}`);
    expect(open.getAttribute('target')).toBe('_blank');
    expect(open.getAttribute('rel')).toContain('noopener');
    await waitFor(() => expect(document.activeElement).toBe(open));
    expect(within(dialog).getByText(/^To cancel, reject the request in Xaman\. It expires at /)).toBeTruthy();

    const [post] = find('POST', '/api/me/rlusd-trust-line');
    expect(post?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(post?.body).toEqual({});
    expect(post?.token).toBe(NEW_TOKEN);
    expect(find('GET', '/api/me/rlusd-trust-line')).toHaveLength(1);

    // While it waits for the signature, neither Escape nor a Close button ends it.
    expect(within(dialog).queryByRole('button', { name: 'Close' })).toBeNull();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.getByRole('dialog', { name: dialogName })).toBe(dialog);

    // Signed: the server submits the TrustSet; the page reads the line (at once, then on the schedule) until it shows.
    await subscribed();
    push(signingStatusFrame(UUID, 'signed', 'trust-line'));
    expect(await within(dialog).findByText('Signed. Adding the trust line on the ledger...')).toBeTruthy();
    await waitFor(() => expect(find('GET', '/api/me/rlusd-trust-line')).toHaveLength(2));
    hasLine = true;
    await act(() => vi.advanceTimersByTimeAsync(2_100));
    expect(await screen.findByText('RLUSD Trust Line Added')).toBeTruthy();
    expect(screen.getByText('Buyers can now pay you in RLUSD.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(main()).getByText('Your wallet has an RLUSD trust line: buyers can pay you in RLUSD.')).toBeTruthy();
    // Nothing is followed any more.
    const reads = find('GET', '/api/me/rlusd-trust-line').length;
    await act(() => vi.advanceTimersByTimeAsync(20_000));
    expect(find('GET', '/api/me/rlusd-trust-line')).toHaveLength(reads);
  });

  it('checks an existing seller on every save, and asks nothing of a wallet that has the line', async () => {
    const { find } = settingsWithLine({ get: () => ({ body: { hasLine: true } }) }, profile({ isSeller: true }));
    await within(main()).findByDisplayValue('Alice Example');
    // Reading the page asks nothing.
    expect(find('GET', '/api/me/rlusd-trust-line')).toHaveLength(0);
    await saveAsSeller();
    expect(
      await within(main()).findByText('Your wallet has an RLUSD trust line: buyers can pay you in RLUSD.'),
    ).toBeTruthy();
    expect(find('GET', '/api/me/rlusd-trust-line')).toHaveLength(1);
    expect(find('POST', '/api/me/rlusd-trust-line')).toHaveLength(0);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks nothing when the save leaves selling off', async () => {
    const { find } = settingsWithLine({ get: () => ({ body: { hasLine: false } }) });
    await within(main()).findByDisplayValue('Alice Example');
    save();
    expect(await screen.findByText('Profile Updated')).toBeTruthy();
    expect(find('GET', '/api/me/rlusd-trust-line')).toHaveLength(0);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it.each([
    ['cancelled', 'Transaction Cancelled', 'The trust line request was rejected in Xaman.'],
    ['expired', 'Transaction Expired', 'The trust line request expired before it was signed.'],
  ])(
    "a %s request says '%s'; 'Add RLUSD Trust Line' asks again with a new request",
    async (status, title, description) => {
      let n = 0;
      const { find } = settingsWithLine({
        get: () => ({ body: { hasLine: false } }),
        post: () => signingAnswer(`00000000-0000-4000-8000-0000000000b${++n}`),
      });
      await saveAsSeller();
      const dialog = await screen.findByRole('dialog', { name: dialogName });
      await within(dialog).findByRole('link', { name: 'Open in Xaman Wallet' });
      const first = '00000000-0000-4000-8000-0000000000b1';
      await subscribed(`signing:${first}`);
      push(signingStatusFrame(first, status, 'trust-line'));
      expect(await screen.findByText(title)).toBeTruthy();
      expect(screen.getByText(description)).toBeTruthy();
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

      fireEvent.click(await within(main()).findByRole('button', { name: 'Add RLUSD Trust Line' }));
      const again = await screen.findByRole('dialog', { name: dialogName });
      expect((await within(again).findByRole('link', { name: 'Open in Xaman Wallet' })).getAttribute('href')).toBe(
        'http://xaman.test/sign/00000000-0000-4000-8000-0000000000b2',
      );
      const posts = find('POST', '/api/me/rlusd-trust-line');
      expect(posts).toHaveLength(2);
      expect(posts[1]?.idempotencyKey).not.toBe(posts[0]?.idempotencyKey);
    },
  );

  it("reads the line on the sign-in schedule (2 s, then every 5 s) and gives up after 60 reads: 'Transaction Timeout'", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { find } = settingsWithLine({ get: () => ({ body: { hasLine: false } }) });
    await saveAsSeller();
    await within(await screen.findByRole('dialog', { name: dialogName })).findByRole('link', {
      name: 'Open in Xaman Wallet',
    });
    // One read by the save's check, then the schedule.
    const scheduled = () => find('GET', '/api/me/rlusd-trust-line').length - 1;
    expect(scheduled()).toBe(0);
    await act(() => vi.advanceTimersByTimeAsync(1_500));
    expect(scheduled()).toBe(0);
    await act(() => vi.advanceTimersByTimeAsync(600));
    await waitFor(() => expect(scheduled()).toBe(1));
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    await waitFor(() => expect(scheduled()).toBe(2));
    for (let i = 0; i < 120 && !screen.queryByText('Transaction Timeout'); i++) {
      const before = scheduled();
      await act(() => vi.advanceTimersByTimeAsync(5_000));
      await waitFor(() => expect(scheduled() > before || !!screen.queryByText('Transaction Timeout')).toBe(true));
    }
    expect(await screen.findByText('Transaction Timeout')).toBeTruthy();
    expect(screen.getByText('Transaction signing timed out. Please try again.')).toBeTruthy();
    expect(scheduled()).toBe(60);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(main()).getByRole('button', { name: 'Add RLUSD Trust Line' })).toBeTruthy();
  });

  it('closes at once when the server finds the line already there', async () => {
    settingsWithLine({ get: () => ({ body: { hasLine: false } }), post: () => ({ body: { status: 'exists' } }) });
    await saveAsSeller();
    expect(
      await within(main()).findByText('Your wallet has an RLUSD trust line: buyers can pay you in RLUSD.'),
    ).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows a refused request in the dialog with Try Again; Escape and Close work when nothing waits', async () => {
    let refuse = true;
    const { find } = settingsWithLine({
      get: () => ({ body: { hasLine: false } }),
      post: () =>
        refuse
          ? { status: 503, body: { error: { code: 'unavailable', message: 'The wallet service is unavailable' } } }
          : signingAnswer(),
    });
    await saveAsSeller();
    const dialog = await screen.findByRole('dialog', { name: dialogName });
    const alert = await within(dialog).findByRole('alert');
    expect(within(alert).getByText('The wallet service is unavailable')).toBeTruthy();
    const retry = within(alert).getByRole('button', { name: 'Try Again' });
    await waitFor(() => expect(document.activeElement).toBe(retry));
    refuse = false;
    fireEvent.click(retry);
    expect(await within(dialog).findByRole('link', { name: 'Open in Xaman Wallet' })).toBeTruthy();
    const [a, b] = find('POST', '/api/me/rlusd-trust-line');
    expect(b?.idempotencyKey).not.toBe(a?.idempotencyKey);
    await subscribed();
    cleanupDialog();

    refuse = true;
    fireEvent.click(await within(main()).findByRole('button', { name: 'Add RLUSD Trust Line' }));
    const failed = await screen.findByRole('dialog', { name: dialogName });
    await within(failed).findByRole('alert');
    fireEvent.keyDown(failed, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(await within(main()).findByRole('button', { name: 'Add RLUSD Trust Line' }));
    const closing = await screen.findByRole('dialog', { name: dialogName });
    await within(closing).findByRole('alert');
    fireEvent.click(within(closing).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("says when the line can't be checked, with Check Again", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    let fail = true;
    settingsWithLine({
      get: () =>
        fail ? { status: 500, body: { error: { code: 'internal', message: 'boom' } } } : { body: { hasLine: false } },
    });
    await saveAsSeller();
    expect(await within(main()).findByText('Could not check your wallet for an RLUSD trust line.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    fail = false;
    fireEvent.click(within(main()).getByRole('button', { name: 'Check Again' }));
    expect(await screen.findByRole('dialog', { name: dialogName })).toBeTruthy();
  });

  /** Ends the open request as rejected, so the next part of a test starts without a dialog. */
  function cleanupDialog() {
    push(signingStatusFrame(UUID, 'cancelled', 'trust-line'));
  }
});
