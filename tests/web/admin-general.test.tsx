import './support/setup';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminSettingsView } from '../../shared/api/admin-settings';
import { DEFAULT_PLATFORM_SETTINGS, type PlatformSettings } from '../../shared/domain/admin-settings';
import { routes } from '../../web/src/app/router';
import { DISMISSED_KEY } from '../../web/src/domains/platform-settings/site-banners';
import { pending } from './support/fetch-stub';
import { page } from './support/listing-fixture';
import { renderRoutes } from './support/render';
import { saveSession, sessionRoutes, stubApi, user, type ApiAnswer, type ApiRequest } from './support/api-stub';

const PUBLIC = { maintenanceMode: false, announcementMessage: '', maxListingImages: 10, requireKyc: false };

/** The app at `entry` for a signed-in administrator; `route` answers first, then the reads every page makes. */
function renderApp(
  entry: string,
  route: (req: ApiRequest) => ApiAnswer | undefined = () => undefined,
  publicSettings = PUBLIC,
) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1280 });
  saveSession();
  const api = stubApi(
    sessionRoutes(
      () => user({ role: 'admin' }),
      (req) => {
        const answer = route(req);
        if (answer) return answer;
        const path = req.url.pathname;
        if (path === '/api/settings') return { body: publicSettings };
        if (path === '/api/listings') return { body: page([]) };
        if (path === '/api/wallet/balances') return { body: { walletAddress: 'r', balances: [], explorerUrl: 'x' } };
        if (path === '/api/me/wishlist') return { body: { items: [], count: 0 } };
        return undefined;
      },
    ),
  );
  return { ...api, ...renderRoutes(routes, entry) };
}

const view = (settings: PlatformSettings = DEFAULT_PLATFORM_SETTINGS): AdminSettingsView => ({
  settings,
  platformWalletAddress: 'rPLATFORMxxxxxxxxxxxxxxxxxxxxxxxx',
  upcServices: ['upcitemdb'],
  updatedAt: null,
});

/** The General tab over a server holding the defaults; `put` answers the saves. */
function renderTab(opts: { get?: () => ApiAnswer; put?: (req: ApiRequest) => ApiAnswer } = {}) {
  let saved: PlatformSettings = { ...DEFAULT_PLATFORM_SETTINGS, upcService: 'upcitemdb' };
  return renderApp('/admin?tab=general', (req) => {
    if (req.url.pathname !== '/api/admin/settings') return undefined;
    if (req.method === 'GET') return opts.get?.() ?? { body: view(saved) };
    if (opts.put) return opts.put(req);
    saved = { ...saved, ...(req.body as Partial<PlatformSettings>) };
    return { body: view(saved) };
  });
}

const opened = () => screen.findByRole('region', { name: 'General' }, { timeout: 5000 });
const tab = () => screen.getByRole('region', { name: 'General' });
const field = (name: string) => within(tab()).getByLabelText(name) as HTMLInputElement;
const save = () => fireEvent.click(within(tab()).getByRole('button', { name: 'Save Settings' }));

describe('the admin General tab', () => {
  it("shows 'Loading settings...' while the settings load", async () => {
    renderTab({ get: () => pending() });
    await opened();
    expect(await within(tab()).findByText('Loading settings...')).toBeTruthy();
  });

  it('shows the settings with the fee as a percent and the wallet address read-only', async () => {
    renderTab();
    await opened();
    await within(tab()).findByRole('switch', { name: 'Maintenance mode' });
    expect(field('Platform fee (%)').value).toBe('2.5');
    expect(field('Max listing images').value).toBe('10');
    expect(field('Platform wallet address').readOnly).toBe(true);
    expect(within(tab()).getByRole('option', { name: 'UPCitemdb' })).toBeTruthy();
  });

  it("says 'Failed to load admin settings' with Try Again when the read fails", async () => {
    renderTab({ get: () => ({ status: 500, body: { error: { code: 'x', message: 'x' } } }) });
    await opened();
    expect(await within(tab()).findByText('Failed to load admin settings')).toBeTruthy();
    expect(within(tab()).getByRole('button', { name: 'Try Again' })).toBeTruthy();
  });

  it('saves only what changed, the fee in whole basis points, and refuses out-of-range values before sending', async () => {
    const { find } = renderTab();
    await opened();
    await within(tab()).findByRole('switch', { name: 'Maintenance mode' });
    fireEvent.change(field('Max listing images'), { target: { value: '21' } });
    save();
    expect(await within(tab()).findByText('Max listing images must be a whole number from 1 to 20.')).toBeTruthy();
    expect(find('PUT', '/api/admin/settings')).toEqual([]);

    fireEvent.change(field('Max listing images'), { target: { value: '12' } });
    fireEvent.change(field('Platform fee (%)'), { target: { value: '3.1' } });
    fireEvent.change(field('Announcement message'), { target: { value: 'Welcome!' } });
    save();
    await waitFor(() => expect(find('PUT', '/api/admin/settings')).toHaveLength(1));
    expect(find('PUT', '/api/admin/settings')[0]!.body).toEqual({
      maxListingImages: 12,
      announcementMessage: 'Welcome!',
      platformFeeBasisPoints: 310,
    });
    expect(await screen.findByText('Settings Saved')).toBeTruthy();
  });

  it("toasts 'Failed to save settings' with the server's words when a save is refused", async () => {
    renderTab({
      put: () => ({
        status: 409,
        body: { error: { code: 'settings_changed', message: 'Reload them and try again.' } },
      }),
    });
    await opened();
    fireEvent.click(await within(tab()).findByRole('switch', { name: 'Require KYC' }));
    save();
    expect(await screen.findByText('Failed to save settings')).toBeTruthy();
    expect(screen.getByText('Reload them and try again.')).toBeTruthy();
  });
});

describe('the site banners', () => {
  it('show the announcement on every page until dismissed, remembered for that message in this browser', async () => {
    localStorage.removeItem(DISMISSED_KEY);
    const first = renderApp('/', undefined, { ...PUBLIC, announcementMessage: 'Fees drop on Monday' });
    const banner = await screen.findByRole('region', { name: 'Announcement' });
    expect(within(banner).getByText('Fees drop on Monday')).toBeTruthy();
    fireEvent.click(within(banner).getByRole('button', { name: 'Dismiss announcement' }));
    expect(screen.queryByRole('region', { name: 'Announcement' })).toBeNull();
    first.unmount();

    const again = renderApp('/', undefined, { ...PUBLIC, announcementMessage: 'Fees drop on Monday' });
    await waitFor(() => expect(again.find('GET', '/api/settings')).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'Announcement' })).toBeNull();
    again.unmount();

    renderApp('/', undefined, { ...PUBLIC, announcementMessage: 'A new message' });
    expect(await screen.findByText('A new message')).toBeTruthy();
  });

  it('show maintenance mode, which cannot be dismissed', async () => {
    renderApp('/', undefined, { ...PUBLIC, maintenanceMode: true });
    expect(await screen.findByText('Maintenance in progress.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Dismiss announcement' })).toBeNull();
  });
});
