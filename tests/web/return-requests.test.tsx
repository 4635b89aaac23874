import './support/setup';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReturnRequest } from '../../shared/api/returns';
import { routes } from '../../web/src/app/router';
import { FakeSocket, pushEvent, subscribedTo, user, type ApiAnswer, type ApiRequest } from './support/api-stub';
import { funded, order } from './support/cart-fixture';
import { renderRoutes } from './support/render';
import { stubSignedIn } from './support/signed-in';

const main = () => within(screen.getByRole('main'));

/** What a decision answers: the order as its seller reads it. */
const sale = () => funded(order({ id: 'P1', role: 'seller' }));

function request(over: Partial<ReturnRequest> = {}): ReturnRequest {
  return {
    orderId: 'P1',
    listingId: 'DESK1',
    listingTitle: 'Oak Desk',
    listingImageUrl: 'http://media.test/desk.jpg',
    buyerId: 'B1',
    buyerUsername: 'carol',
    reason: 'damaged',
    description: 'The lid is cracked.',
    status: 'pending',
    stage: 'pending',
    case: 'before_release',
    refundCents: 2500,
    requestedAt: '2026-01-04T12:00:00.000Z',
    ...over,
  };
}

/**
 * /activity?tab=sales for the seller alice_1: GET /api/me/return-requests answers `list()`, the return's POSTs
 * (/api/orders/{id}/return/...) `write(req)`, GET /api/orders/P1 `readOrder()`; the sales themselves are none.
 */
function showSales(
  list: () => ReturnRequest[],
  write: (req: ApiRequest) => ApiAnswer | undefined = () => undefined,
  readOrder: () => ApiAnswer | undefined = () => undefined,
) {
  const api = stubSignedIn(
    () => user({ isSeller: true }),
    (req) => {
      const path = req.url.pathname;
      if (path === '/api/me/bids' || path === '/api/me/orders') return { body: { items: [], nextCursor: null } };
      if (path === '/api/me/offers') return { body: { items: [], cursor: null } };
      if (path === '/api/me/messages/unread') return { body: { unreadCount: 0 } };
      if (path === '/api/me/return-requests') return { body: { items: list(), nextCursor: null } };
      if (path === '/api/orders/P1' && req.method === 'GET') return readOrder();
      if (path.includes('/return')) return write(req);
      return undefined;
    },
  );
  renderRoutes(routes, '/activity?tab=sales');
  return api;
}

const section = async () => within(await main().findByRole('region', { name: 'Return Requests' }, { timeout: 5_000 }));
const row = async (title = 'Oak Desk') =>
  within(await (await section()).findByRole('article', { name: title }, { timeout: 5_000 }));

beforeEach(() => {
  vi.stubGlobal('WebSocket', FakeSocket);
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1280 });
});

describe("The seller's return requests on My Activity's Sales tab (decision 054)", () => {
  it("says 'No return requests found.' when there are none, above the sales", async () => {
    showSales(() => []);
    const s = await section();
    expect(await s.findByText('No return requests found.')).toBeTruthy();
  });

  it('shows each request with the item, buyer, reason, description and status; Approve and Reject only while pending', async () => {
    showSales(() => [
      request(),
      request({ orderId: 'P2', listingId: 'LAMP1', listingTitle: 'Brass Lamp', status: 'approved', stage: 'shipped' }),
    ]);
    const article = await (await section()).findByRole('article', { name: 'Oak Desk' });
    // The photo is decorative beside the title (alt ''), so it is found by its element.
    expect(article.querySelector('img')?.getAttribute('src')).toBe('http://media.test/desk.jpg');
    const pending = within(article);
    expect(pending.getByText('Buyer: carol')).toBeTruthy();
    expect(pending.getByText('Reason: Damaged')).toBeTruthy();
    expect(pending.getByText('The lid is cracked.')).toBeTruthy();
    expect(pending.getByText('Pending')).toBeTruthy();
    expect(pending.getByRole('link', { name: 'View Item' }).getAttribute('href')).toBe('/item/DESK1');
    expect(pending.getByRole('link', { name: 'Contact Buyer' }).getAttribute('href')).toBe('/messages?conversation=B1');
    expect(pending.getByRole('button', { name: 'Approve' })).toBeTruthy();
    expect(pending.getByRole('button', { name: 'Reject' })).toBeTruthy();

    const approved = await row('Brass Lamp');
    expect(approved.getByText('Approved')).toBeTruthy();
    expect(approved.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(approved.queryByRole('button', { name: 'Reject' })).toBeNull();
    expect(approved.queryByRole('button', { name: 'Refund buyer' })).toBeNull();
  });

  it('approves with a key and reads the list again', async () => {
    let items = [request()];
    const api = showSales(
      () => items,
      () => {
        items = [request({ status: 'approved', stage: 'approved' })];
        return { body: sale() };
      },
    );
    fireEvent.click((await row()).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Return Approved')).toBeTruthy();
    const [sent, ...more] = api.find('POST', '/api/orders/P1/return/decision');
    expect(more).toHaveLength(0);
    expect(sent!.body).toEqual({ decision: 'approve', note: '' });
    expect(sent!.idempotencyKey).toEqual(expect.any(String));
    const r = await row();
    await waitFor(() => expect(r.getByText('Approved')).toBeTruthy());
    expect(r.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(api.find('GET', '/api/me/return-requests').length).toBeGreaterThan(1);
  });

  it('rejects with an optional note asked for in a dialog', async () => {
    let items = [request()];
    const api = showSales(
      () => items,
      () => {
        items = [request({ status: 'rejected', stage: 'rejected' })];
        return { body: sale() };
      },
    );
    fireEvent.click((await row()).getByRole('button', { name: 'Reject' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Reject Return' }));
    const note = dialog.getByRole('textbox', { name: 'Note to the buyer (optional)' });
    await waitFor(() => expect(document.activeElement).toBe(note));
    expect(api.find('POST', '/api/orders/P1/return/decision')).toHaveLength(0);
    fireEvent.change(note, { target: { value: 'It left here intact.' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Reject Return' }));
    expect(await screen.findByText('Return Rejected')).toBeTruthy();
    expect(api.find('POST', '/api/orders/P1/return/decision')[0]!.body).toEqual({
      decision: 'reject',
      note: 'It left here intact.',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Reject Return' })).toBeNull());
    const r = await row();
    await waitFor(() => expect(r.getByText('Rejected')).toBeTruthy());
    expect(r.queryByRole('button', { name: 'Reject' })).toBeNull();
  });

  it('Refund buyer opens the signing dialog for the refund Payment, which ends once the ledger has it', async () => {
    const owed = request({ case: 'after_release', status: 'approved', stage: 'refund_due' });
    let items = [owed];
    let refunded = false;
    const view = (stage: 'refund_due' | 'completed') => ({
      ...sale(),
      status: 'completed' as const,
      returnRequest: {
        case: 'after_release' as const,
        status: stage === 'completed' ? ('completed' as const) : ('approved' as const),
        stage,
        reason: owed.reason,
        description: owed.description,
        requestedAt: owed.requestedAt,
        answerBy: null,
        decidedAt: null,
        sellerNote: null,
        returnAddress: null,
        shipBackBy: null,
        trackingNumber: '794612345678',
        deliveredBackAt: '2026-01-09T12:00:00.000Z',
        refundCents: 2500,
        refundDueBy: '2026-01-12T12:00:00.000Z',
        refundTxHash: stage === 'completed' ? 'CD'.repeat(32) : null,
        resolution: null,
        canEscalate: false,
      },
    });
    const api = showSales(
      () => items,
      (req) =>
        req.method === 'POST'
          ? {
              body: {
                status: 'signing',
                cents: 2500,
                uuid: 'R-UUID',
                signUrl: 'http://xaman.test/sign/refund',
                qrPngUrl: 'http://xaman.test/sign/refund_q.png',
                expiresAt: '2026-01-10T12:30:00.000Z',
              },
            }
          : undefined,
      () => ({ body: view(refunded ? 'completed' : 'refund_due') }),
    );
    const r = await row();
    expect(r.getByText('Delivered back: refund $25.00 RLUSD to carol.')).toBeTruthy();
    expect(r.queryByRole('button', { name: 'Approve' })).toBeNull();
    fireEvent.click(r.getByRole('button', { name: 'Refund buyer' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Refund the Buyer' }));
    expect(dialog.getByRole('img', { name: 'QR code to refund the buyer with Xaman' }).getAttribute('src')).toBe(
      'http://xaman.test/sign/refund_q.png',
    );
    expect(dialog.getByRole('link', { name: 'Open in Xaman Wallet' }).getAttribute('href')).toBe(
      'http://xaman.test/sign/refund',
    );
    expect(dialog.getByText('$25.00 RLUSD')).toBeTruthy();
    const [sent] = api.find('POST', '/api/orders/P1/return/refund');
    expect(sent!.body).toEqual({});
    expect(sent!.idempotencyKey).toEqual(expect.any(String));

    // The ledger validates the refund: the order says so on the seller's topic.
    await subscribedTo('user:01JUSER');
    refunded = true;
    items = [{ ...owed, status: 'completed', stage: 'completed' }];
    pushEvent('user:01JUSER', {
      id: 'order.updated:P1:completed',
      occurredAt: new Date().toISOString(),
      type: 'order.updated',
      data: { orderId: 'P1', status: 'completed' },
    });
    expect(await screen.findByText('Buyer Refunded')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Refund the Buyer' })).toBeNull());
    await waitFor(() => expect(r.getByText('Completed')).toBeTruthy());
    expect(r.queryByRole('button', { name: 'Refund buyer' })).toBeNull();
  });

  it('a refund already paid opens no dialog and reads the list again', async () => {
    let items = [request({ case: 'after_release', status: 'approved', stage: 'refund_owed' })];
    const api = showSales(
      () => items,
      () => {
        items = [request({ case: 'after_release', status: 'completed', stage: 'completed' })];
        return { body: { status: 'paid' } };
      },
    );
    fireEvent.click((await row()).getByRole('button', { name: 'Refund buyer' }));
    expect(await screen.findByText('Buyer Refunded')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Refund the Buyer' })).toBeNull();
    const r = await row();
    await waitFor(() => expect(r.getByText('Completed')).toBeTruthy());
    expect(r.queryByRole('button', { name: 'Refund buyer' })).toBeNull();
    expect(api.find('POST', '/api/orders/P1/return/refund')).toHaveLength(1);
  });
});
