import './support/setup';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Profile } from '../../shared/api/profile';
import type { Store } from '../../shared/api/stores';
import { routes } from '../../web/src/app/router';
import { pending } from './support/fetch-stub';
import { listing, page, store } from './support/listing-fixture';
import { renderRoutes } from './support/render';
import {
  pageWrites,
  saveSession,
  sessionRoutes,
  stubApi,
  user,
  type ApiAnswer,
  type ApiRequest,
} from './support/api-stub';

const profile = (overrides: Partial<Profile> = {}): Profile => ({
  fullName: 'Alice Example',
  email: 'alice@example.com',
  phone: '+1 555 0100',
  address: null,
  returnAddress: null,
  useDifferentReturnAddress: false,
  isSeller: true,
  avatarUrl: null,
  profileComplete: true,
  ...overrides,
});

const answer = (a: Store | ApiAnswer | (() => ApiAnswer)): ApiAnswer =>
  typeof a === 'function' ? a() : 'userId' in a ? { body: a } : a;

/** The seller portal on a tab, for a signed-in seller whose server answers the store, profile and writes. */
function portal(
  tab: 'customize' | 'preview',
  opts: {
    store?: Store | ApiAnswer | (() => ApiAnswer);
    profile?: ApiAnswer;
    seller?: boolean;
    route?: (req: ApiRequest) => ApiAnswer | undefined;
  } = {},
) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1280 });
  saveSession();
  const api = stubApi(
    sessionRoutes(
      () => user({ isSeller: opts.seller ?? true }),
      (req) => {
        const path = req.url.pathname;
        const own = opts.route?.(req);
        if (own) return own;
        if (path === '/api/stores/alice_1') return answer(opts.store ?? store());
        if (path === '/api/me/profile') return opts.profile ?? { body: profile() };
        if (path === '/api/listings') return { body: page([]) };
        if (path === '/api/wallet/balances') return { body: { walletAddress: 'r', balances: [], explorerUrl: 'x' } };
        if (path === '/api/me/wishlist') return { body: { items: [], count: 0 } };
        if (path === '/api/me/notifications/summary') return { body: { unreadCount: 0, latest: [] } };
        if (path === '/api/me/messages/unread') return { body: { unreadCount: 0 } };
        return undefined;
      },
    ),
  );
  return { ...api, ...renderRoutes(routes, `/seller-portal?tab=${tab}`) };
}

const panel = () => within(screen.getByRole('tabpanel'));
/** The panel once the portal has rendered it (after the session restores). */
const tabpanel = async () => within(await screen.findByRole('tabpanel'));
const saved = (body: Record<string, unknown>) => ({
  body: {
    storeName: null,
    storeDescription: null,
    bio: null,
    bannerUrl: null,
    fullName: 'Alice Example',
    theme: 'default',
    ...body,
  },
});
const themeOfPage = () => document.querySelector('.store-theme-page')?.getAttribute('data-theme');

describe('seller portal Customize tab', () => {
  it('shows loading while the store is read, and the error with Try Again when the profile cannot be', async () => {
    portal('customize', { store: pending() });
    expect(await (await tabpanel()).findByText('Loading your store...')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Customize' }).getAttribute('aria-selected')).toBe('true');
  });

  it('shows the error with Try Again when the profile cannot be read, then the form', async () => {
    let calls = 0;
    portal('customize', {
      route: (req) => {
        if (req.url.pathname !== '/api/me/profile') return undefined;
        calls += 1;
        return calls === 1 ? { status: 500, body: { error: { code: 'internal', message: 'x' } } } : { body: profile() };
      },
    });
    expect(await (await tabpanel()).findByText('Failed to load user profile.')).toBeTruthy();
    fireEvent.click(panel().getByRole('button', { name: 'Try Again' }));
    expect(((await (await tabpanel()).findByLabelText(/Your Name/)) as HTMLInputElement).value).toBe('Alice Example');
  });

  it('previews the chosen theme and texts live, saves them all, toasts Store Saved and repaints the portal', async () => {
    const { find } = portal('customize', {
      route: (req) =>
        req.url.pathname === '/api/me/store' && req.method === 'PUT'
          ? saved({ ...(req.body as object), storeDescription: 'Old things, loved again.', bio: null })
          : undefined,
    });
    const name = (await (await tabpanel()).findByLabelText(/Your Name/)) as HTMLInputElement;
    expect(name.value).toBe('Alice Example');
    expect((panel().getByLabelText('Store Name') as HTMLInputElement).value).toBe('Alice Antiques');
    expect(themeOfPage()).toBe('default');

    const preview = within(panel().getByRole('region', { name: 'Live Preview' }));
    fireEvent.change(panel().getByLabelText('Store Theme'), { target: { value: 'sunset' } });
    fireEvent.change(panel().getByLabelText('Store Name'), { target: { value: 'Alice & Co' } });
    expect(preview.getByRole('heading', { level: 3, name: 'Alice & Co' })).toBeTruthy();
    expect(preview.getByText('Sunset Blaze (not saved yet)')).toBeTruthy();
    const area = panel().getByRole('region', { name: 'Live Preview' }).querySelector('.store-theme')!;
    expect(area.getAttribute('data-theme')).toBe('sunset');
    expect((area as HTMLElement).style.getPropertyValue('--color-primary')).toBe('#b03a12');
    // Not saved yet: the portal keeps the store's theme.
    expect(themeOfPage()).toBe('default');
    expect(find('PUT', '/api/me/store')).toHaveLength(0);

    fireEvent.change(name, { target: { value: '  Alice Q. Example ' } });
    fireEvent.click(panel().getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Store Saved')).toBeTruthy();
    expect(find('PUT', '/api/me/store')[0]!.body).toEqual({
      fullName: 'Alice Q. Example',
      storeName: 'Alice & Co',
      storeDescription: 'Old things, loved again.',
      bio: '',
      theme: 'sunset',
    });
    await waitFor(() => expect(themeOfPage()).toBe('sunset'));
    expect(name.value).toBe('Alice Q. Example');
  });

  it('requires Your Name before sending; a refused save shows the field and the Error toast', async () => {
    const { find } = portal('customize', {
      route: (req) =>
        req.url.pathname === '/api/me/store' && req.method === 'PUT'
          ? {
              status: 400,
              body: {
                error: {
                  code: 'bad_request',
                  message: 'Invalid request',
                  fields: { storeName: 'Store name must be 60 characters or fewer' },
                },
              },
            }
          : undefined,
    });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const name = await (await tabpanel()).findByLabelText(/Your Name/);
    fireEvent.change(name, { target: { value: '   ' } });
    fireEvent.click(panel().getByRole('button', { name: 'Save Changes' }));
    expect(await (await tabpanel()).findByText('Full name is required')).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(name);
    expect(find('PUT', '/api/me/store')).toHaveLength(0);

    fireEvent.change(name, { target: { value: 'Alice' } });
    fireEvent.click(panel().getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Failed to save changes. Please try again.')).toBeTruthy();
    expect(screen.getByText('Error')).toBeTruthy();
    expect(panel().getByText('Store name must be 60 characters or fewer')).toBeTruthy();
  });

  it("refuses a banner that is not an image or over 5 MB with the spec's toasts, and saves a good one at once", async () => {
    const bannerUrl = '/media/store-banners/01JUSER/b.png';
    const { requests, find } = portal('customize', {
      route: (req) => {
        if (req.url.pathname === '/api/listing-photos/uploads') {
          return {
            status: 201,
            body: {
              url: 'http://s3.test/media',
              fields: { key: 'uploads/01JUSER/b.png' },
              key: 'uploads/01JUSER/b.png',
            },
          };
        }
        if (req.url.href === 'http://s3.test/media') return { status: 204, body: null };
        if (req.url.pathname === '/api/me/store') return saved({ bannerUrl });
        return undefined;
      },
    });
    const input = await (await tabpanel()).findByLabelText('Banner image file');
    const pick = (file: File) => fireEvent.change(input, { target: { files: [file] } });
    pick(new File(['<svg/>'], 'banner.svg', { type: 'image/svg+xml' }));
    expect(await screen.findByText('Invalid File')).toBeTruthy();
    expect(screen.getByText('Please select an image file.')).toBeTruthy();
    const big = new File(['x'], 'banner.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: 5 * 1024 * 1024 + 1 });
    pick(big);
    expect(await screen.findByText('File Too Large')).toBeTruthy();
    expect(screen.getByText('Please select an image smaller than 5MB.')).toBeTruthy();
    expect(pageWrites(requests)).toEqual([]);

    pick(new File([new Uint8Array(100)], 'banner.png', { type: 'image/png' }));
    expect(await screen.findByText('Banner Updated')).toBeTruthy();
    expect(find('POST', '/api/listing-photos/uploads')[0]!.body).toEqual({ contentType: 'image/png', size: 100 });
    expect(find('PUT', '/api/me/store')[0]!.body).toEqual({ bannerKey: 'uploads/01JUSER/b.png' });
    expect(panel().getByRole('img', { name: 'Your banner' }).getAttribute('src')).toBe(bannerUrl);
    // The live preview shows it too.
    const preview = panel().getByRole('region', { name: 'Live Preview' });
    await waitFor(() => expect(preview.querySelector(`img[src="${bannerUrl}"]`)).not.toBeNull());
  });

  it("uploads the avatar through the presigned path and toasts 'Avatar Updated'", async () => {
    const avatarUrl = '/media/avatars/01JUSER/a.png';
    const { find } = portal('customize', {
      route: (req) => {
        if (req.url.pathname === '/api/me/avatar-upload') {
          return { status: 201, body: { url: 'http://s3.test/media', fields: {}, key: 'uploads/01JUSER/a.png' } };
        }
        if (req.url.href === 'http://s3.test/media') return { status: 204, body: null };
        if (req.url.pathname === '/api/me/avatar') return { body: profile({ avatarUrl }) };
        return undefined;
      },
    });
    fireEvent.change(await (await tabpanel()).findByLabelText('Avatar image file'), {
      target: { files: [new File([new Uint8Array(10)], 'me.png', { type: 'image/png' })] },
    });
    expect(await screen.findByText('Avatar Updated')).toBeTruthy();
    expect(find('PUT', '/api/me/avatar')[0]!.body).toEqual({ key: 'uploads/01JUSER/a.png' });
    await waitFor(() => expect(panel().getByRole('img', { name: 'Your avatar' }).getAttribute('src')).toBe(avatarUrl));
  });

  it('tells a user who does not sell how to get a banner, without the upload', async () => {
    portal('customize', { seller: false });
    expect(await (await tabpanel()).findByText(/to add a banner\./)).toBeTruthy();
    expect(panel().getByRole('link', { name: 'Turn on selling in Settings' }).getAttribute('href')).toBe('/settings');
    expect(panel().queryByRole('button', { name: 'Upload Banner' })).toBeNull();
  });
});

describe('seller portal Preview tab', () => {
  it('shows loading, then the error with Try Again, then the store', async () => {
    let calls = 0;
    portal('preview', {
      store: () => {
        calls += 1;
        if (calls === 1) return { status: 500, body: { error: { code: 'internal', message: 'x' } } };
        return { body: store({ bio: 'Picker since 1999.' }) };
      },
    });
    // The summary card and the tab share one read: both fail, then both recover.
    expect(await (await tabpanel()).findByText('Failed to load user profile.')).toBeTruthy();
    fireEvent.click(panel().getByRole('button', { name: 'Try Again' }));
    expect(await (await tabpanel()).findByRole('heading', { level: 3, name: 'Alice Antiques' })).toBeTruthy();
  });

  it('shows the loading state while the store is read', async () => {
    portal('preview', { store: pending() });
    expect(await (await tabpanel()).findByText('Loading your store...')).toBeTruthy();
  });

  it('says there is nothing to feature for a store without active listings', async () => {
    portal('preview');
    expect(await (await tabpanel()).findByText('No featured items yet')).toBeTruthy();
    expect(panel().getByRole('link', { name: 'Create New Listing' }).getAttribute('href')).toBe('/sell');
    expect(panel().queryByRole('button', { name: 'Choose Featured Items' })).toBeNull();
  });

  it('shows the header as visitors see it and the newest items; pins up to four in order', async () => {
    const items = [1, 2, 3, 4, 5].map((n) => listing({ id: `P${n}`, title: `Item ${n}` }));
    const { find } = portal('preview', {
      store: store({ bio: 'Picker since 1999.', listings: items, featured: items.slice(0, 4) }),
      route: (req) =>
        req.url.pathname === '/api/me/store/featured'
          ? { body: { listingIds: (req.body as { listingIds: string[] }).listingIds } }
          : undefined,
    });
    expect(await (await tabpanel()).findByText('Verified Seller')).toBeTruthy();
    expect(panel().getByText('Picker since 1999.')).toBeTruthy();
    expect(panel().getByText('Old things, loved again.')).toBeTruthy();
    expect(panel().getByText('Joined January 2025')).toBeTruthy();
    expect(panel().getByText('Your newest listings. Choose your own to pin them here.')).toBeTruthy();
    expect(within(panel().getByRole('list', { name: 'Featured items' })).getAllByRole('listitem')).toHaveLength(4);

    fireEvent.click(panel().getByRole('button', { name: 'Choose Featured Items' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Choose Featured Items' }));
    for (const n of [5, 2, 3, 1]) fireEvent.click(dialog.getByRole('checkbox', { name: new RegExp(`Item ${n}`) }));
    expect(dialog.getByText('4 of 4 chosen')).toBeTruthy();
    expect((dialog.getByRole('checkbox', { name: /Item 4/ }) as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(dialog.getByRole('checkbox', { name: /Item 2/ }));
    fireEvent.click(dialog.getByRole('button', { name: 'Save Featured Items' }));
    expect(await screen.findByText('Store Updated')).toBeTruthy();
    expect(find('PUT', '/api/me/store/featured')[0]!.body).toEqual({ listingIds: ['P5', 'P3', 'P1'] });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("says 'Error' when the pins are refused", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const items = [listing({ id: 'P1', title: 'Item 1' })];
    portal('preview', {
      store: store({ listings: items, featured: items, featuredPinned: true }),
      route: (req) =>
        req.url.pathname === '/api/me/store/featured'
          ? { status: 400, body: { error: { code: 'bad_request', message: 'Only active listings can be featured' } } }
          : undefined,
    });
    expect(await (await tabpanel()).findByText('Your picks, in order.')).toBeTruthy();
    fireEvent.click(panel().getByRole('button', { name: 'Choose Featured Items' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Choose Featured Items' }));
    expect((dialog.getByRole('checkbox', { name: /Item 1/ }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(dialog.getByRole('button', { name: 'Save Featured Items' }));
    expect(await screen.findByText('Failed to save changes. Please try again.')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Choose Featured Items' })).toBeTruthy();
  });
});
