import './support/setup';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '../../shared/api/orders';
import { routes } from '../../web/src/app/router';
import { balances, FakeSocket, saveSession, sessionRoutes, stubApi, user, type ApiRequest } from './support/api-stub';
import { funded, order, serverCart } from './support/cart-fixture';
import { listingDetail, page } from './support/listing-fixture';
import { renderRoutes } from './support/render';

const main = () => within(screen.getByRole('main'));
const desk = listingDetail({ id: 'DESK1', title: 'Oak Desk', status: 'sold' });

/** A funded local pickup of the Oak Desk, seen by alice_1 (01JUSER) as its buyer or its seller. */
function pickup(role: Order['role'], over: Partial<Order> = {}): Order {
  const parties =
    role === 'buyer'
      ? {}
      : { buyer: { id: 'B1', username: 'buyer_bee' }, seller: { id: '01JUSER', username: 'alice_1' } };
  return funded(order({ id: 'P1', role, isLocalPickup: true, shipTo: null, ...parties, ...over }));
}

/** Signed in as alice_1; GET /api/orders/P1 answers `read()`, POST .../pickup `decide`. */
function signedIn(read: () => Order, decide?: (req: ApiRequest) => Order) {
  saveSession();
  return stubApi(
    sessionRoutes(
      () => user({ isSeller: true }),
      (req) => {
        const path = req.url.pathname;
        if (path === '/api/listings') return { body: page([]) };
        if (path === '/api/listings/DESK1') return { body: desk };
        if (path === '/api/me/notifications/summary') return { body: { unreadCount: 0, latest: [] } };
        if (path === '/api/me/messages/unread') return { body: { unreadCount: 0 } };
        if (path === '/api/me/wishlist') return { body: { items: [], count: 0 } };
        if (path === '/api/me/cart') return { body: serverCart([]) };
        if (path === '/api/wallet/balances') return { body: balances([]) };
        if (path === '/api/orders/P1' && req.method === 'GET') return { body: read() };
        if (path === '/api/orders/P1/pickup' && req.method === 'POST' && decide) return { body: decide(req) };
        return undefined;
      },
    ),
  );
}

beforeEach(() => {
  vi.stubGlobal('WebSocket', FakeSocket);
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1280 });
});

describe("the buyer's pickup code on /purchased/{id} (decision 040)", () => {
  it('shows the code in two groups, says when to show it, and draws its QR code', async () => {
    signedIn(() => pickup('buyer', { pickupCode: '48151623' }));
    renderRoutes(routes, '/purchased/P1');
    const panel = within(await main().findByRole('region', { name: 'Pickup code' }, { timeout: 5_000 }));
    expect(panel.getByText('4815 1623')).toBeTruthy();
    expect(panel.getByText('4 8 1 5 1 6 2 3')).toBeTruthy();
    expect(panel.getByText(/Show this code only at the hand-over, once you have the item\./)).toBeTruthy();
    const qr = await panel.findByRole('img', { name: 'QR code for the seller to scan' });
    const svg = decodeURIComponent(qr.getAttribute('src')!.replace('data:image/svg+xml;charset=utf-8,', ''));
    expect(svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    expect(panel.queryByText('Loading QR code...')).toBeNull();
  });

  it('shows no code panel without a code (not funded yet, released, or the seller reading)', async () => {
    for (const o of [
      pickup('buyer', { status: 'awaiting_signature', escrowStatus: null }),
      pickup('buyer', { status: 'completed', escrowStatus: 'completed' }),
      pickup('seller'),
    ]) {
      signedIn(() => o);
      const view = renderRoutes(routes, '/purchased/P1');
      expect(await main().findByRole('heading', { level: 1, name: 'Oak Desk' }, { timeout: 5_000 })).toBeTruthy();
      expect(main().queryByRole('region', { name: 'Pickup code' })).toBeNull();
      view.unmount();
    }
  });
});

describe("the seller's page opened from the buyer's QR code (decision 040)", () => {
  it('opens Approve Local Pickup with the code filled in; the seller confirms and the escrow is released', async () => {
    let current = pickup('seller', {
      platformFee: { cents: 63, percent: '2.5', paid: true, txHash: 'CD'.repeat(32) },
    });
    const api = signedIn(
      () => current,
      () => {
        current = { ...current, status: 'completed', escrowStatus: 'completed', completedAt: '2026-01-03T00:00:00Z' };
        return current;
      },
    );
    renderRoutes(routes, '/purchased/P1#pickup=48151623');
    const dialog = await screen.findByRole('dialog', { name: 'Approve Local Pickup' }, { timeout: 5_000 });
    const field = within(dialog).getByRole('textbox', { name: 'Pickup Code' }) as HTMLInputElement;
    expect(field.value).toBe('48151623');
    // Nothing is sent until the seller confirms.
    expect(api.find('POST', '/api/orders/P1/pickup')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve Pickup' }));
    expect(await screen.findByText('Escrow Completed')).toBeTruthy();
    expect(api.find('POST', '/api/orders/P1/pickup').map((r) => r.body)).toEqual([
      { decision: 'approve', pickupCode: '48151623' },
    ]);
    await waitFor(() => expect(main().getByText('The escrow was released to you on Jan 3, 2026.')).toBeTruthy());
  });

  it('a code arriving in the address of the open page opens Approve with it too', async () => {
    signedIn(() => pickup('seller'));
    const { router } = renderRoutes(routes, '/purchased/P1');
    expect(await main().findByRole('button', { name: 'Approve Pickup: Oak Desk' }, { timeout: 5_000 })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    await act(() => router.navigate('/purchased/P1#pickup=4815-1623'));
    const dialog = await screen.findByRole('dialog', { name: 'Approve Local Pickup' });
    expect((within(dialog).getByRole('textbox', { name: 'Pickup Code' }) as HTMLInputElement).value).toBe('48151623');
  });

  it('ignores a fragment that is not a code: Approve waits for the seller', async () => {
    signedIn(() => pickup('seller'));
    renderRoutes(routes, '/purchased/P1#pickup=12');
    expect(await main().findByRole('button', { name: 'Approve Pickup: Oak Desk' }, { timeout: 5_000 })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
