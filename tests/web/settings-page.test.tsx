import './support/setup';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Profile } from '../../shared/api/profile';
import { routes } from '../../web/src/app/router';
import { SELLER_STATUS_CHANGED } from '../../web/src/lib/session/session-events';
import { pending } from './support/fetch-stub';
import { page } from './support/listing-fixture';
import { renderRoutes } from './support/render';
import {
  NEW_TOKEN,
  saveSession,
  sessionRoutes,
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
    const { find } = renderSettings(profile(), (req) =>
      req.method === 'PUT' && req.url.pathname === '/api/me/profile'
        ? { body: profile({ ...(req.body as object), isSeller: true }) }
        : undefined,
    );
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
      const uploadCalls = requests.filter((r) => r.method !== 'GET' && r.url.pathname !== '/api/auth/session');
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
