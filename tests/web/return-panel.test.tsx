import './support/setup';
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '../../shared/api/orders';
import type { ReturnView } from '../../shared/api/returns';
import { FakeSocket, type ApiAnswer, type ApiRequest } from './support/api-stub';
import { deliveredPurchase, showPurchase } from './support/purchase-page';

const main = () => within(screen.getByRole('main'));

/** A delivered order of bob's Oak Desk bought by alice_1, in its inspection period, inside a 30-day return window. */
function delivered(over: Partial<Order> = {}): Order {
  return deliveredPurchase({
    returnWindow: { policy: '30_days', endsAt: '2026-02-03T15:00:00.000Z', case: 'before_release' },
    returnRequest: null,
    ...over,
  });
}

function aReturn(over: Partial<ReturnView> = {}): ReturnView {
  return {
    case: 'before_release',
    status: 'pending',
    stage: 'pending',
    reason: 'damaged',
    description: 'The lid is cracked.',
    requestedAt: '2026-01-04T12:00:00.000Z',
    answerBy: '2026-01-06T12:00:00.000Z',
    decidedAt: null,
    sellerNote: null,
    returnAddress: null,
    shipBackBy: null,
    trackingNumber: null,
    deliveredBackAt: null,
    refundCents: 2500,
    refundDueBy: null,
    refundTxHash: null,
    resolution: null,
    canEscalate: false,
    ...over,
  };
}

/** The purchase page; return requests (POST /api/orders/P1/return...) answer `write(req)`. */
function show(read: () => Order, write?: (req: ApiRequest) => ApiAnswer) {
  return showPurchase(read, (req) =>
    req.url.pathname.startsWith('/api/orders/P1/return') && write ? write(req) : undefined,
  );
}

const panel = async () => within(await main().findByRole('region', { name: 'Return' }, { timeout: 5_000 }));

beforeEach(() => {
  vi.stubGlobal('WebSocket', FakeSocket);
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1280 });
});

describe('Request Return on /purchased/{id} (decision 054)', () => {
  it('says before asking that the payment stays in escrow, until the release or the window end', async () => {
    show(() => delivered());
    const p = await panel();
    expect(
      p.getByText(
        'If you request a return before Jan 5, 2026, the payment stays in escrow until the return is settled.',
      ),
    ).toBeTruthy();
    expect(p.getByText('Returns accepted until Feb 3, 2026.')).toBeTruthy();
    expect(p.getByRole('button', { name: 'Request Return' })).toBeTruthy();
  });

  it('says after release that the seller refunds from their wallet', async () => {
    show(() =>
      delivered({
        status: 'completed',
        escrowStatus: 'completed',
        releaseDueAt: null,
        returnWindow: { policy: '30_days', endsAt: '2026-02-03T15:00:00.000Z', case: 'after_release' },
      }),
    );
    const p = await panel();
    expect(
      p.getByText(
        'The payment has been released to the seller. If you return the item, the seller refunds you from their wallet.',
      ),
    ).toBeTruthy();
    expect(p.getByText('Returns accepted until Feb 3, 2026.')).toBeTruthy();
  });

  it('shows no Request Return when there is no window (no returns, or outside it)', async () => {
    show(() => delivered({ returnWindow: null }));
    expect(await main().findByRole('region', { name: 'Order' }, { timeout: 5_000 })).toBeTruthy();
    expect(main().queryByRole('region', { name: 'Return' })).toBeNull();
    expect(main().queryByRole('button', { name: 'Request Return' })).toBeNull();
  });

  it('sends the reason and description with a key, shows a field error, then the pending return', async () => {
    let current = delivered();
    const answers: ApiAnswer[] = [
      {
        status: 400,
        body: {
          error: {
            code: 'bad_request',
            message: 'Check the highlighted fields.',
            fields: { description: 'The description can be at most 2,000 characters.' },
          },
        },
      },
    ];
    const api = show(
      () => current,
      () => {
        const next = answers.shift();
        if (next) return next;
        current = delivered({ returnWindow: null, returnRequest: aReturn() });
        return { status: 201, body: current };
      },
    );
    fireEvent.click((await panel()).getByRole('button', { name: 'Request Return' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Request Return' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Request Return' }));
    expect(dialog.getByText('Please choose a reason.')).toBeTruthy();
    expect(dialog.getByText('Please describe why you are returning it.')).toBeTruthy();
    expect(api.find('POST', '/api/orders/P1/return')).toHaveLength(0);

    fireEvent.change(dialog.getByRole('combobox', { name: /Reason/ }), { target: { value: 'damaged' } });
    fireEvent.change(dialog.getByRole('textbox', { name: /Description/ }), {
      target: { value: 'The lid is cracked.' },
    });
    expect(dialog.getByText('19 / 2,000 characters')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Request Return' }));
    expect(await dialog.findByText('The description can be at most 2,000 characters.')).toBeTruthy();
    expect(dialog.getByRole('textbox', { name: /Description/ }).getAttribute('aria-invalid')).toBe('true');

    fireEvent.click(dialog.getByRole('button', { name: 'Request Return' }));
    expect(await screen.findByText('Return Requested')).toBeTruthy();
    const sent = api.find('POST', '/api/orders/P1/return');
    expect(sent).toHaveLength(2);
    expect(sent[1]!.body).toEqual({ reason: 'damaged', description: 'The lid is cracked.' });
    expect(sent[1]!.idempotencyKey).toEqual(expect.any(String));
    expect(sent[1]!.idempotencyKey).not.toBe(sent[0]!.idempotencyKey);

    const p = await panel();
    expect(await p.findByText("Waiting for the seller's answer (by Jan 6, 2026)")).toBeTruthy();
    expect(p.getByText('Pending')).toBeTruthy();
    expect(p.getByText('Damaged')).toBeTruthy();
    expect(p.queryByRole('button', { name: 'Request Return' })).toBeNull();
  });

  it('once approved, says where to send it and takes the tracking number (the carrier refusal at the field)', async () => {
    const approved = aReturn({
      status: 'approved',
      stage: 'approved',
      sellerNote: 'Sorry about that.',
      returnAddress: 'Bob Stone, 1 Elm St, Austin, TX 78701, US',
      shipBackBy: '2026-01-10T12:00:00.000Z',
    });
    let current = delivered({ returnWindow: null, returnRequest: approved });
    const answers: ApiAnswer[] = [
      { status: 409, body: { error: { code: 'tracking_in_use', message: 'This tracking number is already in use.' } } },
    ];
    const api = show(
      () => current,
      () => {
        const next = answers.shift();
        if (next) return next;
        current = delivered({
          returnWindow: null,
          returnRequest: { ...approved, stage: 'shipped', trackingNumber: '794612345678' },
        });
        return { body: current };
      },
    );
    const p = await panel();
    expect(
      p.getByText(
        'Send it back to: Bob Stone, 1 Elm St, Austin, TX 78701, US. Add the tracking number by Jan 10, 2026.',
      ),
    ).toBeTruthy();
    expect(p.getByText('Sorry about that.')).toBeTruthy();
    const form = within(p.getByRole('form', { name: 'Send back Oak Desk' }));
    fireEvent.click(form.getByRole('button', { name: 'Add Tracking' }));
    expect(form.getByText('Please enter a tracking number')).toBeTruthy();

    fireEvent.change(form.getByRole('textbox', { name: /FedEx Tracking Number/ }), {
      target: { value: ' 794612345678 ' },
    });
    fireEvent.click(form.getByRole('button', { name: 'Add Tracking' }));
    expect(await form.findByText('This tracking number is already in use.')).toBeTruthy();

    fireEvent.click(form.getByRole('button', { name: 'Add Tracking' }));
    expect(await p.findByText('On its way back: 794612345678')).toBeTruthy();
    const sent = api.find('POST', '/api/orders/P1/return/shipment');
    expect(sent.map((r) => r.body)).toEqual([{ trackingNumber: '794612345678' }, { trackingNumber: '794612345678' }]);
    expect(sent.every((r) => r.idempotencyKey)).toBe(true);
    expect(p.queryByRole('form', { name: 'Send back Oak Desk' })).toBeNull();
  });

  it('lets the buyer ask the marketplace to decide a rejection after release', async () => {
    const rejected = aReturn({
      case: 'after_release',
      status: 'rejected',
      stage: 'rejected',
      sellerNote: 'It was fine when it left.',
      canEscalate: true,
    });
    let current = delivered({ status: 'completed', escrowStatus: 'completed', returnRequest: rejected });
    const api = show(
      () => current,
      () => {
        current = { ...current, returnRequest: { ...rejected, stage: 'escalated', canEscalate: false } };
        return { body: current };
      },
    );
    const p = await panel();
    expect(p.getByText('It was fine when it left.')).toBeTruthy();
    fireEvent.click(p.getByRole('button', { name: 'Ask the marketplace to decide' }));
    expect(await p.findByText('With the marketplace team')).toBeTruthy();
    expect(api.find('POST', '/api/orders/P1/return/escalation')).toHaveLength(1);
    expect(p.queryByRole('button', { name: 'Ask the marketplace to decide' })).toBeNull();
  });

  it('tells the buyer of a rejection before release that Report Issue is still open', async () => {
    show(() => delivered({ returnWindow: null, returnRequest: aReturn({ status: 'rejected', stage: 'rejected' }) }));
    const p = await panel();
    expect(
      p.getByText(
        'The seller declined the return. If something is wrong with the item, use Report Issue before the payment is released on Jan 5, 2026.',
      ),
    ).toBeTruthy();
    expect(p.getByText('Rejected')).toBeTruthy();
    expect(p.queryByRole('button', { name: 'Ask the marketplace to decide' })).toBeNull();
    expect(main().getByRole('button', { name: 'Report Issue' })).toBeTruthy();
  });

  it("shows a refund after release with its transaction, and the marketplace team's note", async () => {
    const hash = 'CD'.repeat(32);
    show(() =>
      delivered({
        status: 'completed',
        escrowStatus: 'completed',
        returnWindow: null,
        returnRequest: aReturn({
          case: 'after_release',
          status: 'completed',
          stage: 'completed',
          refundTxHash: hash,
          resolution: {
            outcome: 'refund',
            note: 'The parcel tracking shows it arrived.',
            at: '2026-01-20T12:00:00.000Z',
          },
        }),
      }),
    );
    const p = await panel();
    expect(p.getByText('Refunded')).toBeTruthy();
    expect(p.getByText(hash)).toBeTruthy();
    expect(p.getByText('The parcel tracking shows it arrived.')).toBeTruthy();
  });
});
