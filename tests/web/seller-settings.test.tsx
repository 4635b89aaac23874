import './support/setup';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Store } from '../../shared/api/stores';
import { DEFAULT_SELLER_SETTINGS, TAX_ID_TEXTS, type SellerSettings } from '../../shared/domain/seller-settings';
import { routes } from '../../web/src/app/router';
import { pending } from './support/fetch-stub';
import { listingDetail, page, store } from './support/listing-fixture';
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

/** The app at `entry` for a signed-in seller, with the reads every page around it makes answered. */
function renderApp(entry: string, route: (req: ApiRequest) => ApiAnswer | undefined, shop: Store = store()) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1280 });
  saveSession();
  const api = stubApi(
    sessionRoutes(
      () => user({ isSeller: true }),
      (req) => {
        const answer = route(req);
        if (answer) return answer;
        const path = req.url.pathname;
        if (path === '/api/stores/alice_1') return { body: shop };
        if (path === '/api/listings') return { body: page([]) };
        if (path === '/api/wallet/balances') return { body: { walletAddress: 'r', balances: [], explorerUrl: 'x' } };
        if (path === '/api/me/wishlist') return { body: { items: [], count: 0 } };
        return undefined;
      },
    ),
  );
  return { ...api, ...renderRoutes(routes, entry) };
}

/** The Settings tab over a server holding `saved` (the defaults); `put` answers the saves. */
function renderTab(opts: { get?: () => ApiAnswer; put?: (req: ApiRequest) => ApiAnswer } = {}) {
  let saved: SellerSettings = structuredClone(DEFAULT_SELLER_SETTINGS);
  return renderApp('/seller-portal?tab=settings', (req) => {
    if (req.url.pathname !== '/api/me/seller-settings') return undefined;
    if (req.method === 'GET') return opts.get?.() ?? { body: saved };
    if (opts.put) return opts.put(req);
    saved = req.body as SellerSettings;
    return { body: saved };
  });
}

const tab = () => screen.getByRole('region', { name: 'Settings' });
/** The tab once the portal (loaded lazily) shows it. */
const opened = () => screen.findByRole('region', { name: 'Settings' }, { timeout: 5000 });
const group = (name: string) => within(tab()).getByRole('group', { name });
const toggle = (name: string) => within(tab()).getByRole('switch', { name }) as HTMLInputElement;
const save = () => fireEvent.click(within(tab()).getByRole('button', { name: 'Save Settings' }));

describe('the seller portal Settings tab', () => {
  it("reads the caller's settings on the Settings tab, 'Loading settings...' meanwhile", async () => {
    const { find } = renderTab({ get: () => pending() });
    await opened();
    expect(await within(tab()).findByText('Loading settings...')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Settings', selected: true })).toBeTruthy();
    expect(find('GET', '/api/me/seller-settings')[0]?.token).toBe(NEW_TOKEN);
  });

  it('shows them in three sections: switches with what each does, the business type and fields', async () => {
    renderTab();
    await opened();
    await within(tab()).findByRole('switch', { name: 'New messages' });
    expect(
      within(group('Notifications'))
        .getAllByRole('switch')
        .map((s) => [(s as HTMLInputElement).labels?.[0]?.textContent, (s as HTMLInputElement).checked]),
    ).toEqual([
      ['New messages', true],
      ['New offers', true],
      ['Sales updates', true],
      ['Weekly reports', false],
    ]);
    expect(
      within(group('Privacy'))
        .getAllByRole('switch')
        .map((s) => (s as HTMLInputElement).checked),
    ).toEqual([false, false, true]);
    expect(toggle('Allow direct contact').getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText(/Conversations about orders always stay open/)).toBeTruthy();
    const business = group('Business Information');
    expect((within(business).getByLabelText('Business type') as HTMLSelectElement).value).toBe('individual');
    expect(
      within(business)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Individual', 'Business', 'Corporation']);
    expect((within(business).getByLabelText('Business name') as HTMLInputElement).value).toBe('');
    expect(within(business).getByLabelText('Tax ID').getAttribute('aria-describedby')).toContain('hint');
  });

  it("saves every setting with Save Settings: a PUT of the form and 'Settings Saved'", async () => {
    const { find } = renderTab();
    await opened();
    fireEvent.click(await within(tab()).findByRole('switch', { name: 'Weekly reports' }));
    fireEvent.click(toggle('New messages'));
    fireEvent.click(toggle('Show email on my store page'));
    fireEvent.change(within(tab()).getByLabelText('Business type'), { target: { value: 'business' } });
    fireEvent.change(within(tab()).getByLabelText(/^Business name/), { target: { value: '  Alice & Co  ' } });
    fireEvent.change(within(tab()).getByLabelText('Tax ID'), { target: { value: '12-3456789' } });
    save();
    expect(await screen.findByText('Settings Saved')).toBeTruthy();
    const [put] = find('PUT', '/api/me/seller-settings');
    expect(put?.token).toBe(NEW_TOKEN);
    expect(put?.body).toEqual({
      notifications: { newMessages: false, newOffers: true, salesUpdates: true, weeklyReports: true },
      privacy: { showEmail: true, showPhone: false, allowDirectContact: true },
      business: { businessType: 'business', businessName: 'Alice & Co', taxId: '12-3456789' },
    });
    expect(toggle('Weekly reports').checked).toBe(true);
    expect((within(tab()).getByLabelText(/^Business name/) as HTMLInputElement).value).toBe('Alice & Co');
  });

  it('checks the business fields before sending: the error beside the field, focus on the first, nothing sent', async () => {
    const { find } = renderTab();
    await opened();
    const type = await within(tab()).findByLabelText('Business type');
    fireEvent.change(type, { target: { value: 'corporation' } });
    fireEvent.change(within(tab()).getByLabelText('Tax ID'), { target: { value: '12-34' } });
    save();
    const name = within(tab()).getByLabelText(/^Business name/);
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Please enter your business name.')).toBeTruthy();
    expect(screen.getByText(TAX_ID_TEXTS.shape)).toBeTruthy();
    expect(find('PUT', '/api/me/seller-settings')).toHaveLength(0);
    fireEvent.change(name, { target: { value: 'Alice Corp' } });
    expect(screen.queryByText('Please enter your business name.')).toBeNull();
  });

  it("a refused or failed save: the server's field error and 'Error' – 'Failed to save changes. Please try again.'", async () => {
    let answer: ApiAnswer = {
      status: 400,
      body: {
        error: {
          code: 'validation_failed',
          message: 'Invalid body',
          fields: { 'business.taxId': TAX_ID_TEXTS.invalid },
        },
      },
    };
    renderTab({ put: () => answer });
    await opened();
    fireEvent.change(await within(tab()).findByLabelText('Tax ID'), { target: { value: '123-45-6789' } });
    save();
    expect(await screen.findByText('Failed to save changes. Please try again.')).toBeTruthy();
    expect(screen.getByText('Error')).toBeTruthy();
    expect(screen.getByText(TAX_ID_TEXTS.invalid)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(within(tab()).getByLabelText('Tax ID')));
    answer = { status: 500, body: { error: { code: 'internal', message: 'Something went wrong' } } };
    save();
    await waitFor(() => expect(screen.getAllByText('Failed to save changes. Please try again.')).toHaveLength(2));
    expect(within(tab()).getByRole('button', { name: 'Save Settings' })).toHaveProperty('disabled', false);
  });

  it('a failed read says so and reads again on Try Again', async () => {
    let fail = true;
    renderTab({
      get: () =>
        fail
          ? { status: 500, body: { error: { code: 'internal', message: 'Something went wrong' } } }
          : { body: DEFAULT_SELLER_SETTINGS },
    });
    await opened();
    expect(await within(tab()).findByText('Failed to load settings')).toBeTruthy();
    fail = false;
    fireEvent.click(within(tab()).getByRole('button', { name: 'Try Again' }));
    expect(await within(tab()).findByRole('switch', { name: 'New messages' })).toBeTruthy();
  });
});

describe('what other pages show of the settings', () => {
  const refusal = 'This seller does not accept direct messages.';

  it("the store page: the email and phone the seller shows, Message disabled with the reason when they don't take messages", async () => {
    saveSession();
    const shop = store({
      userId: '01JOTHER',
      username: 'bob_2',
      contact: { email: 'bob@example.com', phone: '+1 512 555 0100', acceptsMessages: false },
    });
    renderApp('/user/bob_2', (req) => (req.url.pathname === '/api/stores/bob_2' ? { body: shop } : undefined));
    const email = await screen.findByRole('link', { name: 'Email: bob@example.com' });
    expect(email.getAttribute('href')).toBe('mailto:bob@example.com');
    expect(screen.getByRole('link', { name: 'Phone: +1 512 555 0100' }).getAttribute('href')).toBe('tel:+15125550100');
    const message = screen.getByRole('button', { name: 'Message' }) as HTMLButtonElement;
    expect(message.disabled).toBe(true);
    expect(message.getAttribute('aria-describedby')).toBe(screen.getByText(refusal).id);
  });

  it('the listing page: Contact Seller disabled with the reason; enabled for a seller who takes messages', async () => {
    const item = listingDetail({ id: 'L9' });
    const { unmount } = renderApp('/item/L9', (req) =>
      req.url.pathname === '/api/listings/L9'
        ? { body: { ...item, sellerInfo: { ...item.sellerInfo, acceptsMessages: false } } }
        : undefined,
    );
    const contact = (await screen.findByRole('button', { name: 'Contact Seller' })) as HTMLButtonElement;
    expect(contact.disabled).toBe(true);
    expect(screen.getByText(refusal)).toBeTruthy();
    unmount();
    renderApp('/item/L9', (req) => (req.url.pathname === '/api/listings/L9' ? { body: item } : undefined));
    expect(((await screen.findByRole('button', { name: 'Contact Seller' })) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByText(refusal)).toBeNull();
  });
});
