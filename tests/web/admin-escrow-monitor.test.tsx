import './support/setup';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import type { EscrowMonitor, EscrowRow } from '../../shared/api/admin-escrow';
import { EscrowMonitor as MonitorTab } from '../../web/src/features/admin/components/escrow-monitor/escrow-monitor';
import { stubApi, type ApiRequest } from './support/api-stub';
import { renderPage } from './support/render';

function row(over: Partial<EscrowRow> = {}): EscrowRow {
  return {
    orderId: 'O1',
    status: 'funded',
    bucket: 'pending',
    stuck: false,
    drift: null,
    retryable: false,
    releaseHold: null,
    buyer: { id: 'B', username: 'bea' },
    seller: { id: 'S', username: 'sal' },
    totalCents: 4500,
    fundedAt: '2026-11-20T10:00:00.000Z',
    deadline: '2026-11-27T10:00:00.000Z',
    transactions: [
      { kind: 'EscrowCreate', txid: 'CREATE1', explorerUrl: 'https://explorer.test/transactions/CREATE1' },
    ],
    timeline: [
      { at: '2026-11-20T09:59:00.000Z', label: 'Order placed' },
      { at: '2026-11-20T10:00:00.000Z', label: 'Escrow funded' },
    ],
    ...over,
  };
}

const monitor = (escrows: EscrowRow[]): EscrowMonitor => ({
  counts: { pending: 4, held: 1, completed: 7, cancelled: 2, stuck: 1 },
  escrows,
  itemsRead: 12,
});

function show(answer: (req: ApiRequest) => { status?: number; body: unknown } | undefined) {
  const api = stubApi(answer);
  renderPage('/admin', <MonitorTab token="T" />);
  return api;
}

const section = () => screen.findByRole('region', { name: 'Escrow Monitor' }, { timeout: 5_000 });

describe('The admin escrow monitor tab (decision 065)', () => {
  it('shows the counts, each escrow with its explorer links and timeline, and filters and searches', async () => {
    const api = show(() => ({
      body: monitor([row(), row({ orderId: 'O2', bucket: 'completed', status: 'completed' })]),
    }));
    const s = within(await section());
    const rows = within(await s.findByRole('list', { name: 'Latest escrows' }));
    expect(rows.getAllByRole('listitem', { name: /Order O/ })).toHaveLength(2);
    const figures = within(s.getByLabelText('Escrows by status'));
    expect(figures.getByText('Completed').nextSibling?.textContent).toBe('7');
    expect(figures.getByText('Stuck').nextSibling?.textContent).toBe('1');
    const link = s.getAllByRole('link', { name: /CREATE1/ })[0]!;
    expect(link.getAttribute('href')).toBe('https://explorer.test/transactions/CREATE1');
    expect(s.getAllByText('Escrow funded').length).toBeGreaterThan(0);
    expect(s.queryByRole('button', { name: 'Retry Settlement' })).toBeNull();

    fireEvent.change(s.getByLabelText('Status'), { target: { value: 'stuck' } });
    await waitFor(() => expect(api.requests.some((r) => r.url.searchParams.get('status') === 'stuck')).toBe(true));
    fireEvent.change(s.getByLabelText('Search by order id, buyer or seller'), { target: { value: ' bea ' } });
    fireEvent.click(s.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(api.requests.some((r) => r.url.searchParams.get('q') === 'bea')).toBe(true));
    expect(api.requests.every((r) => r.token === 'T')).toBe(true);
  });

  it('retries a stuck escrow’s settlement once per click, with an Idempotency-Key, and reads again', async () => {
    let stuck = true;
    const api = show((req) => {
      if (req.method === 'POST') {
        stuck = false;
        return { body: { orderId: 'O1', status: 'refunding', stuck: false } };
      }
      return { body: monitor([row({ stuck, retryable: stuck, status: stuck ? 'funded' : 'refunding' })]) };
    });
    const s = within(await section());
    fireEvent.click(await s.findByRole('button', { name: 'Retry Settlement' }));
    await waitFor(() => expect(s.queryByRole('button', { name: 'Retry Settlement' })).toBeNull());
    const posts = api.requests.filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.url.pathname).toBe('/api/admin/escrows/O1/settlement');
    expect(posts[0]!.idempotencyKey).toBeTruthy();
  });

  it('shows what the reconcile job found on a drifted escrow, and no Retry Settlement where settling cannot end it', async () => {
    const drift = {
      found: 'The escrow is gone from the ledger with no known finish or cancel',
      at: '2026-11-21T08:00:00.000Z',
    };
    show(() => ({ body: monitor([row({ stuck: true, retryable: false, drift })]) }));
    const s = within(await section());
    expect(await s.findByText(/The escrow is gone from the ledger with no known finish or cancel/)).toBeTruthy();
    expect(s.queryByRole('button', { name: 'Retry Settlement' })).toBeNull();
  });

  it('says so when there are none', async () => {
    show(() => ({ body: monitor([]) }));
    expect(await within(await section()).findByText('No escrows yet.')).toBeTruthy();
  });

  it("shows 'Failed to load escrow transactions' with Try Again when the read fails", async () => {
    const error = vi.spyOn(toast, 'error');
    show(() => ({ status: 500, body: { error: { code: 'internal', message: 'Something went wrong on our side' } } }));
    const alert = await within(await section()).findByRole('alert', {}, { timeout: 5_000 });
    expect(within(alert).getByText('Failed to load escrow transactions')).toBeTruthy();
    expect(within(alert).getByRole('button', { name: 'Try Again' })).toBeTruthy();
    expect(error).toHaveBeenCalledWith('Failed to load escrow transactions');
  });
});
