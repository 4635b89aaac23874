import './support/setup';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Toaster } from 'sonner';
import { describe, expect, it } from 'vitest';
import { listingIdOf, ModerationTab } from '../../web/src/features/admin/components/moderation/moderation-tab';
import { ToolsTab } from '../../web/src/features/admin/components/tools/tools-tab';
import { stubApi } from './support/api-stub';
import { renderPage } from './support/render';

const withToasts = (tab: React.ReactNode) => (
  <>
    <Toaster />
    {tab}
  </>
);

describe('admin Tools tab (decision 066)', () => {
  it('asks for a tracking number before tracking, and sends nothing', async () => {
    const api = stubApi(() => undefined);
    renderPage('/admin', withToasts(<ToolsTab token="T" />));
    fireEvent.click(screen.getByRole('button', { name: 'Track Package' }));
    expect(await screen.findByText('Please enter a tracking number')).toBeTruthy();
    expect(api.requests).toHaveLength(0);
  });

  it("shows a failed carrier test's toast with the server's words", async () => {
    const api = stubApi(() => ({
      status: 502,
      body: { error: { code: 'carrier_unavailable', message: 'FedEx is down' } },
    }));
    renderPage('/admin', withToasts(<ToolsTab token="T" />));
    fireEvent.click(screen.getByRole('button', { name: 'Get Shipping Rates' }));
    expect(await screen.findAllByText(/Failed to get shipping rates/)).not.toHaveLength(0);
    expect(api.requests[0]).toMatchObject({
      method: 'POST',
      token: 'T',
      body: { tool: 'rates', fromZip: '38116', toZip: '75063', weightLb: 2 },
    });
    expect(api.requests[0]!.idempotencyKey).toBeTruthy();
  });

  it('creates a test label and keeps its number for the tracking tools', async () => {
    stubApi(() => ({
      body: {
        tool: 'label',
        trackingNumber: '794600000777',
        serviceType: 'FEDEX_GROUND',
        chargeCents: 1305,
        testParcel: true,
      },
    }));
    renderPage('/admin', withToasts(<ToolsTab token="T" />));
    fireEvent.click(screen.getByRole('button', { name: 'Create Test Label' }));
    expect(await screen.findByText(/Test parcel 794600000777/)).toBeTruthy();
    expect(screen.getByLabelText('Tracking number')).toHaveProperty('value', '794600000777');
  });
});

describe('admin Moderation tab (decision 066)', () => {
  it('takes a listing link, requires a reason, then features it', async () => {
    expect(listingIdOf(' https://shop.test/listing/01JABC?x=1 ')).toBe('01JABC');
    const api = stubApi(() => ({
      body: { listingId: '01JABC', title: 'Lamp', sellerId: 'S', status: 'active', featured: true, hidden: false },
    }));
    renderPage('/admin', withToasts(<ModerationTab token="T" />));
    const form = screen.getByRole('form', { name: 'Listing' });
    fireEvent.change(screen.getByLabelText(/Listing id or link/), {
      target: { value: 'https://shop.test/listing/01JABC' },
    });
    fireEvent.submit(form);
    expect(await screen.findByText('Please give a reason.')).toBeTruthy();
    expect(api.requests).toHaveLength(0);
    fireEvent.change(screen.getAllByLabelText(/Reason/)[0]!, { target: { value: 'Great photos.' } });
    fireEvent.submit(form);
    expect(await screen.findByText('Listing Updated')).toBeTruthy();
    await waitFor(() => expect(api.requests).toHaveLength(1));
    expect(api.requests[0]!.url.pathname).toBe('/api/admin/listings/01JABC/moderation');
    expect(api.requests[0]!.body).toEqual({ action: 'feature', reason: 'Great photos.' });
  });

  it('marks a seller verified by username with a reason (decision 069)', async () => {
    const api = stubApi(() => ({ body: { userId: 'U1', username: 'sam_seller', verified: true } }));
    renderPage('/admin', withToasts(<ModerationTab token="T" />));
    const form = screen.getByRole('form', { name: 'Seller verification' });
    fireEvent.submit(form);
    expect(await screen.findByText('Please enter a username.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Seller username/), { target: { value: ' sam_seller ' } });
    fireEvent.change(screen.getAllByLabelText(/Reason/)[2]!, { target: { value: 'ID checked.' } });
    fireEvent.submit(form);
    expect(await screen.findByText('Seller Updated')).toBeTruthy();
    expect(api.requests).toHaveLength(1);
    expect(api.requests[0]).toMatchObject({ method: 'PUT', body: { verified: true, reason: 'ID checked.' } });
    expect(api.requests[0]!.url.pathname).toBe('/api/admin/users/sam_seller/verification');
  });
});
