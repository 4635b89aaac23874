import './support/setup';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ListingShippingEstimate } from '../../shared/api/listings';
import { routes } from '../../web/src/app/router';
import { listingDetail, page } from './support/listing-fixture';
import { renderRoutes } from './support/render';
import { NEW_TOKEN, saveSession, sessionRoutes, stubApi, user, type ApiAnswer } from './support/api-stub';

const ESTIMATE_PATH = '/api/listings/L1/shipping-estimate';
const quoted: ListingShippingEstimate = {
  costCents: 1234,
  source: 'carrier',
  serviceName: 'FedEx Ground',
  fromZip: '78701',
  toZip: '80202',
  toDefaultZip: false,
};

/** The listing page of a calculated-shipping listing from Austin 78701, with the estimate answered by `estimate`. */
function show(estimate: () => ApiAnswer, signedIn = true, overrides: Parameters<typeof listingDetail>[0] = {}) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1280 });
  if (signedIn) saveSession();
  const rest = (req: { url: URL }): ApiAnswer | undefined => {
    const path = req.url.pathname;
    if (path === '/api/listings/L1')
      return { body: listingDetail({ id: 'L1', seller: { id: 'S9', username: 'sam' }, ...overrides }) };
    if (path === ESTIMATE_PATH) return estimate();
    if (path === '/api/listings') return { body: page([]) };
    if (path === '/api/me/wishlist') return { body: { items: [], count: 0 } };
    return undefined;
  };
  const api = stubApi(signedIn ? sessionRoutes(() => user(), rest) : rest);
  return { ...api, ...renderRoutes(routes, '/item/L1') };
}
const shipping = async () => within(await screen.findByRole('region', { name: 'Shipping and returns' }));

describe('the listing page shipping estimate (spec part 1, decision 051)', () => {
  it("shows the carrier's estimate to the viewer's ZIP, asked with the session token", async () => {
    const { find } = show(() => ({ body: quoted }));
    const panel = await shipping();
    expect(await panel.findByText('Calculated Shipping: $12.34 (estimate)')).toBeTruthy();
    expect(panel.getByText('FedEx Ground to ZIP 80202')).toBeTruthy();
    expect(find('GET', ESTIMATE_PATH).map((r) => r.token)).toEqual([NEW_TOKEN]);
  });

  it('says it is estimating while the answer is on its way', async () => {
    show(() => new Promise<never>(() => {}));
    const panel = await shipping();
    expect((await panel.findByRole('status')).textContent).toBe('Estimating shipping…');
    expect(panel.getByText('Calculated Shipping')).toBeTruthy();
  });

  it('shows $8.99 as an estimate when the carrier failed, or when the estimate could not be read', async () => {
    for (const answer of [
      { body: { ...quoted, costCents: 899, source: 'fallback', serviceName: null } },
      { status: 500, body: { error: { code: 'internal', message: 'x' } } },
    ]) {
      show(() => answer);
      const panel = await shipping();
      expect(await panel.findByText('Calculated Shipping: $8.99 (estimate)')).toBeTruthy();
      expect(panel.getByRole('status').textContent).toBe('Live carrier rates are unavailable right now');
      cleanup();
    }
  });

  it('points a viewer with no saved address to Settings (the estimate went to the default ZIP)', async () => {
    show(() => ({ body: { ...quoted, toZip: '90210', toDefaultZip: true } }));
    const panel = await shipping();
    expect(await panel.findByText(/FedEx Ground to ZIP 90210/)).toBeTruthy();
    expect(panel.getByRole('link', { name: 'Add your address' }).getAttribute('href')).toBe('/settings');
  });

  it('asks a visitor to sign in, and asks nothing of the server', async () => {
    const { find } = show(() => ({ body: quoted }), false);
    const panel = await shipping();
    expect(await panel.findByText('Sign in to see a shipping estimate')).toBeTruthy();
    expect(find('GET', ESTIMATE_PATH)).toEqual([]);
  });

  it('asks nothing for other shipping types or a seller location without a ZIP', async () => {
    const { find } = show(() => ({ body: quoted }), true, { shippingType: 'free' });
    const panel = await shipping();
    expect(await panel.findByText('Free Shipping')).toBeTruthy();
    await waitFor(() => expect(find('GET', '/api/me').length).toBeGreaterThan(0));
    expect(find('GET', ESTIMATE_PATH)).toEqual([]);
  });
});
