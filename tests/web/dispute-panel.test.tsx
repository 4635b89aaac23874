import './support/setup';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '../../shared/api/orders';
import { FakeSocket, type ApiAnswer, type ApiRequest } from './support/api-stub';
import { funded, order } from './support/cart-fixture';
import { deliveredPurchase, showPurchase } from './support/purchase-page';

const main = () => within(screen.getByRole('main'));

/** A delivered order of bob's Oak Desk bought by alice_1 (01JUSER), in its inspection period. */
function delivered(over: Partial<Order> = {}): Order {
  return deliveredPurchase({ escrow: { ...funded(order()).escrow, cancelAfter: '2026-01-08T00:00:00.000Z' }, ...over });
}

const OPEN: NonNullable<Order['dispute']> = {
  reason: 'damaged',
  description: 'The lid is cracked.',
  photoUrls: [],
  responses: [],
  status: 'open',
  openedAt: '2026-01-04T10:00:00.000Z',
  endsAt: '2026-01-07T12:00:00.000Z',
  resolution: null,
};

/** The purchase page; dispute requests answer `write()`, anything else `more`. */
function show(read: () => Order, write?: () => ApiAnswer, more?: (req: ApiRequest) => ApiAnswer | undefined) {
  return showPurchase(read, (req) =>
    req.url.pathname.startsWith('/api/orders/P1/dispute') && write ? write() : more?.(req),
  );
}

const section = async () => within(await main().findByRole('region', { name: 'Issue' }, { timeout: 5_000 }));

beforeEach(() => {
  vi.stubGlobal('WebSocket', FakeSocket);
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1280 });
});

describe('Report Issue on /purchased/{id} (decision 053)', () => {
  it('asks for a reason and a description, sends them once with a key, and shows the open issue', async () => {
    let current = delivered();
    const api = show(
      () => current,
      () => {
        current = delivered({ dispute: OPEN });
        return { status: 201, body: current };
      },
    );
    expect(await main().findByText('Delivered – funds release to the seller on Jan 5, 2026')).toBeTruthy();
    fireEvent.click((await section()).getByRole('button', { name: 'Report Issue' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Report Issue' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Report Issue' }));
    expect(dialog.getByText('Please choose a reason.')).toBeTruthy();
    expect(dialog.getByText('Please describe the issue.')).toBeTruthy();
    expect(api.find('POST', '/api/orders/P1/dispute')).toHaveLength(0);

    fireEvent.click(dialog.getByRole('radio', { name: 'Damaged' }));
    fireEvent.change(dialog.getByRole('textbox', { name: /Description/ }), {
      target: { value: 'The lid is cracked.' },
    });
    expect(dialog.getByText('19 / 2,000 characters')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Report Issue' }));
    expect(await screen.findByText('Issue Reported')).toBeTruthy();
    const sent = api.find('POST', '/api/orders/P1/dispute');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toEqual({ reason: 'damaged', description: 'The lid is cracked.', photoKeys: [] });
    expect(sent[0]!.idempotencyKey).toEqual(expect.any(String));

    const issue = await section();
    await waitFor(() => expect(issue.getByText('The lid is cracked.')).toBeTruthy());
    expect(
      issue.getByText(
        'Open: the payment stays in escrow. Unless it is resolved before Jan 7, 2026, it comes back to you on Jan 8, 2026.',
      ),
    ).toBeTruthy();
    expect(issue.queryByRole('button', { name: 'Report Issue' })).toBeNull();
    expect(issue.getByRole('button', { name: 'Withdraw Issue' })).toBeTruthy();
  });

  it('uploads the chosen photos first and sends their keys; refuses a file that is not an image', async () => {
    let current = delivered();
    const api = show(
      () => current,
      () => {
        current = delivered({ dispute: { ...OPEN, photoUrls: ['/media/dispute-photos/P1/01A.png'] } });
        return { status: 201, body: current };
      },
      (req) => {
        if (req.url.pathname === '/api/me/dispute-photo-upload') {
          return {
            status: 201,
            body: { url: 'http://s3.test/media', fields: { key: 'k' }, key: 'uploads/01JUSER/01A.png' },
          };
        }
        if (req.url.href === 'http://s3.test/media') return { status: 204, body: null };
        return undefined;
      },
    );
    fireEvent.click((await section()).getByRole('button', { name: 'Report Issue' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Report Issue' }));
    const input = dialog.getByLabelText('Photos (optional, up to 4)');
    fireEvent.change(input, { target: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] } });
    expect(dialog.getByText('notes.txt is not an image file')).toBeTruthy();
    fireEvent.change(input, { target: { files: [new File([new Uint8Array(10)], 'lid.png', { type: 'image/png' })] } });
    expect(dialog.getByRole('list', { name: 'Photos to send' }).textContent).toContain('lid.png');
    fireEvent.click(dialog.getByRole('radio', { name: 'Damaged' }));
    fireEvent.change(dialog.getByRole('textbox', { name: /Description/ }), { target: { value: 'Cracked.' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Report Issue' }));
    expect(await screen.findByText('Issue Reported')).toBeTruthy();
    expect(api.find('POST', '/api/me/dispute-photo-upload')[0]!.body).toEqual({ contentType: 'image/png', size: 10 });
    expect(api.find('POST', '/api/orders/P1/dispute')[0]!.body).toEqual({
      reason: 'damaged',
      description: 'Cracked.',
      photoKeys: ['uploads/01JUSER/01A.png'],
    });
    expect(await (await section()).findByRole('img', { name: 'Photo 1 of the issue' })).toBeTruthy();
  });

  it("shows the seller the issue with Refund Buyer, asked first; an administrator's reason is shown to both", async () => {
    let current = delivered({ role: 'seller', dispute: OPEN });
    const api = show(
      () => current,
      () => {
        current = delivered({
          role: 'seller',
          status: 'refunding',
          dispute: { ...OPEN, status: 'refunded', resolution: { by: 'seller', note: null, at: OPEN.openedAt } },
        });
        return { body: current };
      },
    );
    const issue = await section();
    fireEvent.click(issue.getByRole('button', { name: 'Refund Buyer' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Refund alice_1?' }));
    expect(api.find('POST', '/api/orders/P1/dispute/refund')).toHaveLength(0);
    fireEvent.click(confirm.getByRole('button', { name: 'Refund Buyer' }));
    expect(await screen.findByText('Refund Started')).toBeTruthy();
    expect(api.find('POST', '/api/orders/P1/dispute/refund')).toHaveLength(1);
    await waitFor(() =>
      expect(within(screen.getByRole('main')).getByText(/^Resolved with a refund to alice_1/)).toBeTruthy(),
    );
  });

  it('lets the seller answer with a message, shown to both with its date', async () => {
    let current = delivered({ role: 'seller', dispute: OPEN });
    const api = show(
      () => current,
      () => {
        current = delivered({
          role: 'seller',
          dispute: {
            ...OPEN,
            responses: [{ message: 'Packed with care.', photoUrls: [], at: '2026-01-05T09:00:00.000Z' }],
          },
        });
        return { status: 201, body: current };
      },
    );
    const issue = await section();
    fireEvent.click(issue.getByRole('button', { name: 'Send Answer' }));
    expect(issue.getByText('Please write your answer.')).toBeTruthy();
    fireEvent.change(issue.getByRole('textbox', { name: /Your answer/ }), { target: { value: 'Packed with care.' } });
    fireEvent.click(issue.getByRole('button', { name: 'Send Answer' }));
    expect(await screen.findByText('Answer Sent')).toBeTruthy();
    expect(api.find('POST', '/api/orders/P1/dispute/responses')[0]!.body).toEqual({
      message: 'Packed with care.',
      photoKeys: [],
    });
    expect(await issue.findByText('bob’s answer (Jan 5, 2026)')).toBeTruthy();
    expect(issue.getByText('Packed with care.')).toBeTruthy();
  });

  it('shows neither the button nor the panel once the escrow was released without an issue', async () => {
    show(() => delivered({ status: 'completed', escrowStatus: 'completed', releaseDueAt: null }));
    expect(await main().findByRole('region', { name: 'Order' }, { timeout: 5_000 })).toBeTruthy();
    expect(main().queryByRole('region', { name: 'Issue' })).toBeNull();
  });
});
