import './support/setup';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SellerAnalytics } from '../../shared/api/analytics';
import { routes } from '../../web/src/app/router';
import { pending } from './support/fetch-stub';
import { listingDetail, store } from './support/listing-fixture';
import { renderRoutes } from './support/render';
import { NEW_TOKEN, saveSession, sessionRoutes, stubApi, user, type ApiAnswer } from './support/api-stub';

const DAYS = ['2030-03-04', '2030-03-05', '2030-03-06', '2030-03-07', '2030-03-08', '2030-03-09', '2030-03-10'];

function figures(over: Partial<SellerAnalytics> = {}): SellerAnalytics {
  return {
    range: 7,
    from: DAYS[0]!,
    to: DAYS[6]!,
    figures: {
      views: 1_234,
      uniqueViewers: 800,
      messages: 12,
      offers: 3,
      sales: 5,
      revenueCents: 25_990,
      feeCents: 650,
      activeListings: 42,
      followers: 7,
    },
    daily: DAYS.map((day, i) => ({ day, views: i * 10, sales: i === 6 ? 5 : 0, revenueCents: i === 6 ? 25_990 : 0 })),
    topByViews: [
      { listingId: 'L1', title: 'Brass Lamp', imageUrl: '/media/l1.webp', views: 900, revenueCents: 25_990 },
      { listingId: 'L2', title: null, imageUrl: null, views: 1, revenueCents: 0 },
    ],
    topByRevenue: [{ listingId: 'L1', title: 'Brass Lamp', imageUrl: null, views: 900, revenueCents: 25_990 }],
    activity: [
      {
        id: 'sale:O1',
        kind: 'sale',
        at: new Date(Date.now() - 2 * 3_600_000).toISOString(),
        username: 'bob',
        subject: 'Brass Lamp',
        listingId: 'L1',
        amountCents: 5_198,
      },
      {
        id: 'offer:F1',
        kind: 'offer',
        at: new Date(Date.now() - 3 * 86_400_000).toISOString(),
        username: 'carol',
        subject: 'Oak Desk',
        listingId: 'L3',
        amountCents: 4_000,
      },
      {
        id: 'message:M1',
        kind: 'message',
        at: new Date(Date.now() - 4 * 86_400_000).toISOString(),
        username: 'dave',
        subject: null,
        listingId: null,
        amountCents: null,
      },
    ],
    ...over,
  };
}

const empty = (range: number): SellerAnalytics =>
  figures({
    range,
    figures: {
      ...figures().figures,
      views: 0,
      uniqueViewers: 0,
      messages: 0,
      offers: 0,
      sales: 0,
      revenueCents: 0,
      feeCents: 0,
    },
    daily: DAYS.map((day) => ({ day, views: 0, sales: 0, revenueCents: 0 })),
    topByViews: [],
    topByRevenue: [],
    activity: [],
  });

function renderTab(answer: (range: string) => ApiAnswer) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: 360 });
  saveSession();
  const api = stubApi(
    sessionRoutes(
      () => user({ isSeller: true }),
      (req) => {
        if (req.url.pathname === '/api/me/analytics') return answer(req.url.searchParams.get('range') ?? '');
        if (req.url.pathname === '/api/stores/alice_1') return { body: store() };
        return undefined;
      },
    ),
  );
  renderRoutes(routes, '/seller-portal?tab=analytics');
  return api;
}

const card = (label: string) => screen.getByText(label, { selector: 'dt' }).parentElement!;

describe('/seller-portal?tab=analytics', () => {
  it('loads the 30 days first, then shows the figures, the trend as a table, the top lists and the activity', async () => {
    const { find } = renderTab((range) => (range === '30' ? pending() : { body: figures() }));
    expect(await screen.findByText('Loading analytics...')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Analytics', selected: true })).toBeTruthy();
    expect(find('GET', '/api/me/analytics')[0]?.url.searchParams.get('range')).toBe('30');
    expect(find('GET', '/api/me/analytics')[0]?.token).toBe(NEW_TOKEN);

    fireEvent.click(screen.getByRole('radio', { name: '7 days' }));
    expect(await screen.findByText('Mar 4, 2030 – Mar 10, 2030 (UTC days)')).toBeTruthy();
    expect(within(card('Views')).getByText('1,234')).toBeTruthy();
    expect(within(card('Unique viewers')).getByText('800')).toBeTruthy();
    expect(within(card('Revenue')).getByText('$259.90')).toBeTruthy();
    expect(within(card('Platform fees')).getByText('$6.50')).toBeTruthy();
    // 5 sales in 1,234 views: 0.405... per 100, shown to two decimals.
    expect(within(card('Conversion')).getByText('0.41')).toBeTruthy();
    expect(within(card('Conversion')).getByText('sales per 100 views')).toBeTruthy();
    expect(within(card('Active listings')).getByText('42')).toBeTruthy();
    expect(within(card('Followers')).getByText('7')).toBeTruthy();

    // No canvas here: the trend's table is shown (it is also the chart's alternative for screen readers).
    const table = screen.getByRole('table', { name: 'Daily figures of the last 7 days (UTC)' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(8);
    expect(
      within(rows[7]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['60', '5', '$259.90']);
    expect(within(rows[7]!).getByRole('rowheader').textContent).toBe('Mar 10, 2030');

    const viewed = screen.getByRole('list', { name: 'Most viewed' });
    expect(within(viewed).getByRole('link', { name: 'Brass Lamp' }).getAttribute('href')).toBe('/item/L1');
    expect(within(viewed).getByText('900 views')).toBeTruthy();
    expect(within(viewed).getByText('A removed listing')).toBeTruthy();
    expect(within(viewed).getByText('1 view')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Top revenue' })).getByText('$259.90')).toBeTruthy();

    const activity = within(screen.getByRole('list', { name: 'Recent activity' })).getAllByRole('listitem');
    expect(activity.map((li) => li.querySelector('.analytics-activity-text')?.textContent)).toEqual([
      'Sold Brass Lamp to bob: $51.98 released',
      'Offer of $40.00 from carol on Oak Desk',
      'Message from dave',
    ]);
    expect(within(activity[0]!).getByText('2h ago')).toBeTruthy();
  });

  it('says when nothing happened in the range, and keeps the cards', async () => {
    renderTab((range) => ({ body: empty(Number(range)) }));
    expect(await screen.findByText('No views, messages, offers or sales in the last 30 days yet.')).toBeTruthy();
    expect(within(card('Conversion')).getByText('—')).toBeTruthy();
    expect(within(card('Active listings')).getByText('42')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText('No messages, offers or sales yet.')).toBeTruthy();
  });

  it('says when the figures could not be read, and reads them again on Try Again', async () => {
    let fail = true;
    const { find } = renderTab(() =>
      fail ? { status: 500, body: { error: { code: 'internal', message: 'Internal error' } } } : { body: figures() },
    );
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Failed to load analytics')).toBeTruthy();
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('list', { name: 'Most viewed' })).toBeTruthy();
    expect(find('GET', '/api/me/analytics').length).toBeGreaterThanOrEqual(2);
  });
});

describe('the listing page view beacon', () => {
  it('tells the server once that the page showed the listing, with the session', async () => {
    saveSession();
    const { find } = stubApi(
      sessionRoutes(
        () => user(),
        (req) => {
          if (req.url.pathname === '/api/listings/L1')
            return { body: listingDetail({ id: 'L1', title: 'Brass Lamp' }) };
          if (req.url.pathname === '/api/listings/L1/views') return { status: 202, body: {} };
          return undefined;
        },
      ),
    );
    renderRoutes(routes, '/item/L1');
    expect(await screen.findByRole('heading', { name: 'Brass Lamp', level: 1 })).toBeTruthy();
    await waitFor(() => expect(find('POST', '/api/listings/L1/views')).toHaveLength(1));
    expect(find('POST', '/api/listings/L1/views')[0]).toMatchObject({ token: NEW_TOKEN, body: {} });
  });
});
