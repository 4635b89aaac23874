import './support/setup';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import type { CaseSummary, CaseView } from '../../shared/api/admin-cases';
import type { Dispute } from '../../shared/api/disputes';
import { toReturnView } from '../../functions/core/returns/return-view';
import type { ReturnRecord } from '../../functions/core/returns/ports';
import { CasesTab } from '../../web/src/features/admin/components/cases/cases-tab';
import { stubApi, type ApiRequest } from './support/api-stub';
import { renderPage } from './support/render';

const summary = (over: Partial<CaseSummary> = {}): CaseSummary => ({
  orderId: 'O1',
  kind: 'dispute',
  title: 'Blue Radio',
  buyer: { id: 'B', username: 'bea' },
  seller: { id: 'S', username: 'sal' },
  amountCents: 3_000,
  reason: 'Not as described',
  openedAt: '2026-11-24T10:00:00.000Z',
  deadline: '2026-11-30T22:00:00.000Z',
  ...over,
});

const RELEASED: Dispute = {
  reason: 'not_as_described',
  description: 'It does not turn on.',
  photoUrls: [],
  status: 'released',
  openedAt: '2026-11-24T10:00:00.000Z',
  endsAt: '2026-11-30T22:00:00.000Z',
  responses: [],
  resolution: { by: 'admin', note: 'The seller showed it working.', at: '2026-11-25T10:00:00.000Z' },
};
const CLOSED = toReturnView({
  case: 'after_release',
  stage: 'closed',
  approved: false,
  reason: 'other',
  description: 'x',
  refundCents: 3_000,
  requestedAt: '2026-11-24T10:00:00.000Z',
  answerBy: '2026-11-26T10:00:00.000Z',
  decidedAt: '2026-11-24T12:00:00.000Z',
  sellerNote: null,
  returnTo: null,
  shipBackBy: null,
  trackingNumber: null,
  deliveredBackAt: null,
  refundDueBy: null,
  refundTxid: null,
  refundedAt: null,
  resolution: { outcome: 'close', note: 'Photos show no fault.', at: '2026-11-25T10:00:00.000Z' },
} as ReturnRecord);

const detail = (over: Partial<CaseView> = {}): CaseView => ({
  ...summary(),
  status: 'open',
  open: true,
  outcomes: ['release', 'refund'],
  statements: [
    {
      by: 'buyer',
      text: 'It does not turn on.',
      photoUrls: ['https://media.test/p1.jpg'],
      at: '2026-11-24T10:00:00.000Z',
    },
    { by: 'seller', text: 'It worked when packed.', photoUrls: [], at: '2026-11-24T12:00:00.000Z' },
  ],
  resolution: null,
  messages: [
    { id: 'M1', senderUsername: 'bea', type: 'text', content: 'Is it tested?', createdAt: '2026-11-20T10:00:00.000Z' },
    {
      id: 'M2',
      senderUsername: 'bea',
      type: 'system',
      content: 'Issue reported: Not as described.',
      createdAt: '2026-11-24T10:00:00.000Z',
    },
  ],
  moreMessages: false,
  timeline: [
    { at: '2026-11-20T10:00:00.000Z', label: 'Order placed' },
    { at: '2026-11-24T10:00:00.000Z', label: 'Dispute opened' },
  ],
  ...over,
});

function show(answer: (req: ApiRequest) => { status?: number; body: unknown } | undefined) {
  const api = stubApi(answer);
  renderPage('/admin', <CasesTab token="T" userId="A" />);
  return api;
}

const section = () => screen.findByRole('region', { name: 'Cases' }, { timeout: 5_000 });

describe('The admin Cases tab (decision 068)', () => {
  it('lists the open cases; a case shows both sides, photos, messages and timeline; Release needs a reason and a confirmation', async () => {
    let decided = false;
    const success = vi.spyOn(toast, 'success');
    const api = show((req) => {
      if (req.url.pathname === '/api/admin/cases') {
        return {
          body: {
            items: decided
              ? []
              : [summary(), summary({ orderId: 'O2', kind: 'return', deadline: null, title: 'Lamp' })],
            more: false,
          },
        };
      }
      if (req.url.pathname === '/api/admin/cases/O1') return { body: detail() };
      if (req.method === 'POST' && req.url.pathname === '/api/admin/orders/O1/dispute/resolution') {
        if ((req.body as { note: string }).note.length < 5) {
          return {
            status: 400,
            body: { error: { code: 'validation', message: 'Invalid input', fields: { note: 'Say a little more.' } } },
          };
        }
        decided = true;
        return { body: { orderId: 'O1', status: 'completed', dispute: RELEASED } };
      }
      return undefined;
    });
    const s = within(await section());
    const rows = within(await s.findByRole('list', { name: 'Open cases' }));
    expect(rows.getAllByRole('listitem')).toHaveLength(2);
    expect(rows.getByText(/^Refunded to the buyer by itself on Nov 30, 2026/)).toBeTruthy();
    expect(rows.getByText('No deadline: it waits for a decision')).toBeTruthy();

    fireEvent.click(rows.getByRole('button', { name: 'Review dispute: Blue Radio' }));
    const c = within(await s.findByRole('article', { name: 'Dispute: Blue Radio' }));
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Dispute: Blue Radio'));
    expect(c.getByText('It does not turn on.')).toBeTruthy();
    expect(c.getByText('It worked when packed.')).toBeTruthy();
    expect(c.getByRole('img', { name: 'Photo 1 from bea' }).getAttribute('src')).toBe('https://media.test/p1.jpg');
    expect(c.getByText('Is it tested?')).toBeTruthy();
    expect(c.getByText('Issue reported: Not as described.')).toBeTruthy();
    expect(c.getByText('Dispute opened')).toBeTruthy();

    // No reason: refused at the field, nothing sent.
    fireEvent.click(c.getByRole('button', { name: 'Release' }));
    const reason = c.getByRole('textbox', { name: /Reason \(both parties see it\)/ });
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(c.getByText('Please write the reason.')).toBeTruthy();
    expect(api.requests.filter((r) => r.method === 'POST')).toHaveLength(0);

    // The server's refusal of the reason shows at the field.
    fireEvent.change(reason, { target: { value: 'Ok.' } });
    fireEvent.click(c.getByRole('button', { name: 'Release' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'Release the payment to sal?' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Release' }));
    expect(await c.findByText('Say a little more.')).toBeTruthy();

    fireEvent.change(reason, { target: { value: 'The seller showed it working.' } });
    fireEvent.click(c.getByRole('button', { name: 'Release' }));
    dialog = within(await screen.findByRole('dialog', { name: 'Release the payment to sal?' }));
    expect(dialog.getByText('Reason: The seller showed it working.')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Release' }));
    expect(await s.findByText('No open cases.')).toBeTruthy();
    expect(success).toHaveBeenCalledWith('Case Resolved', { description: 'The payment is released to sal.' });
    const posts = api.requests.filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(2);
    expect(posts[1]!.body).toEqual({ outcome: 'release', note: 'The seller showed it working.' });
    expect(posts[1]!.idempotencyKey).toBeTruthy();
    expect(api.requests.every((r) => r.token === 'T')).toBe(true);
  });

  it('an escalated return is refunded or closed through the return route', async () => {
    const success = vi.spyOn(toast, 'success');
    const api = show((req) => {
      if (req.url.pathname === '/api/admin/cases') {
        return {
          body: { items: [summary({ orderId: 'O2', kind: 'return', deadline: null, title: 'Lamp' })], more: true },
        };
      }
      if (req.url.pathname === '/api/admin/cases/O2') {
        return {
          body: detail({ orderId: 'O2', kind: 'return', title: 'Lamp', deadline: null, outcomes: ['refund', 'close'] }),
        };
      }
      if (req.url.pathname === '/api/admin/orders/O2/return/resolution')
        return { body: { orderId: 'O2', return: CLOSED } };
      return undefined;
    });
    const s = within(await section());
    expect(await s.findByText(/The 1 soonest are shown/)).toBeTruthy();
    fireEvent.click(await s.findByRole('button', { name: 'Review return: Lamp' }));
    const c = within(await s.findByRole('article', { name: 'Return: Lamp' }));
    fireEvent.change(c.getByRole('textbox', { name: /Reason/ }), { target: { value: 'Photos show no fault.' } });
    fireEvent.click(c.getByRole('button', { name: 'Close' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Close the return without a refund?' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(api.find('POST', '/api/admin/orders/O2/return/resolution')).toHaveLength(1));
    expect(api.find('POST', '/api/admin/orders/O2/return/resolution')[0]!.body).toEqual({
      outcome: 'close',
      note: 'Photos show no fault.',
    });
    await waitFor(() =>
      expect(success).toHaveBeenCalledWith('Case Resolved', { description: 'The return is closed.' }),
    );
  });

  it("says 'No open cases.' when there are none", async () => {
    show(() => ({ body: { items: [], more: false } }));
    expect(await within(await section()).findByText('No open cases.')).toBeTruthy();
  });

  it('shows the failure with Try Again', async () => {
    const error = vi.spyOn(toast, 'error');
    show(() => ({ status: 500, body: { error: { code: 'internal', message: 'Something went wrong on our side' } } }));
    const alert = await within(await section()).findByRole('alert', {}, { timeout: 5_000 });
    expect(within(alert).getByText('Failed to load cases')).toBeTruthy();
    expect(within(alert).getByRole('button', { name: 'Try Again' })).toBeTruthy();
    expect(error).toHaveBeenCalledWith('Failed to load cases');
  });
});
