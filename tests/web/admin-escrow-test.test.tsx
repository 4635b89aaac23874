import './support/setup';
import { fireEvent, screen, within } from '@testing-library/react';
import { Toaster } from 'sonner';
import { describe, expect, it } from 'vitest';
import type { EscrowTestResult, EscrowTestStep } from '../../shared/api/admin-tools';
import { ToolsTab } from '../../web/src/features/admin/components/tools/tools-tab';
import { stubApi } from './support/api-stub';
import { renderPage } from './support/render';

const step = (over: Partial<EscrowTestStep> & Pick<EscrowTestStep, 'step'>): EscrowTestStep => ({
  status: 'ok',
  txid: null,
  ledgerIndex: null,
  explorerUrl: null,
  ms: 1200,
  detail: null,
  ...over,
});

const result = (over: Partial<EscrowTestResult> = {}): EscrowTestResult => ({
  passed: true,
  account: 'rPLATFORM',
  amountCents: 1,
  sequence: 41,
  earlierReturned: 0,
  steps: [
    step({ step: 'check', ms: 80 }),
    step({ step: 'create', txid: 'C'.repeat(64), ledgerIndex: 71, explorerUrl: 'https://x.test/transactions/C' }),
    step({ step: 'finish', txid: 'F'.repeat(64), ledgerIndex: 72, explorerUrl: 'https://x.test/transactions/F' }),
  ],
  totalMs: 2600,
  ...over,
});

const renderTools = () =>
  renderPage(
    '/admin',
    <>
      <Toaster />
      <ToolsTab token="T" />
    </>,
  );

describe('admin escrow test (decision 070)', () => {
  it('runs once per click with a loading state, then shows each step with its explorer link', async () => {
    let answer!: (r: Response) => void;
    const api = stubApi(() => new Promise<Response>((resolve) => (answer = resolve)) as Promise<never>);
    renderTools();
    fireEvent.click(screen.getByRole('button', { name: 'Run Escrow Test' }));
    const busy = await screen.findByRole('button', { name: 'Running escrow test...' });
    expect(busy).toHaveProperty('disabled', true);
    expect(api.requests[0]).toMatchObject({ method: 'POST', token: 'T', body: {} });
    expect(api.requests[0]!.url.pathname).toBe('/api/admin/tools/escrow-test');
    expect(api.requests[0]!.idempotencyKey).toBeTruthy();

    answer(new Response(JSON.stringify(result()), { headers: { 'content-type': 'application/json' } }));
    expect(await screen.findByText('Escrow test passed')).toBeTruthy();
    const steps = within(screen.getByRole('list', { name: 'Escrow test steps' })).getAllByRole('listitem');
    expect(steps).toHaveLength(3);
    expect(within(steps[1]!).getByText(/ledger 71/)).toBeTruthy();
    expect(within(steps[1]!).getByRole('link').getAttribute('href')).toBe('https://x.test/transactions/C');
    expect(within(steps[2]!).getByRole('link').textContent).toContain('F'.repeat(64));
    expect(screen.getByRole('button', { name: 'Run Escrow Test' })).toHaveProperty('disabled', false);
  });

  it("toasts a failed test with the failing step's reason, and a refused one with the server's words", async () => {
    const failedRun = result({
      passed: false,
      sequence: null,
      steps: [
        step({ step: 'check', status: 'failed', detail: 'The platform wallet holds $0.00 of RLUSD.' }),
        step({ step: 'create', status: 'skipped', ms: 0 }),
        step({ step: 'finish', status: 'skipped', ms: 0 }),
      ],
    });
    let refuse = false;
    stubApi(() =>
      refuse
        ? {
            status: 409,
            body: { error: { code: 'escrow_test_running', message: 'An escrow test is already running.' } },
          }
        : { body: failedRun },
    );
    renderTools();
    fireEvent.click(screen.getByRole('button', { name: 'Run Escrow Test' }));
    expect(await screen.findByText('Escrow test failed')).toBeTruthy();
    expect(screen.getAllByText('The platform wallet holds $0.00 of RLUSD.').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Skipped')).toHaveLength(2);

    refuse = true;
    fireEvent.click(screen.getByRole('button', { name: 'Run Escrow Test' }));
    expect(
      await screen.findByText('Escrow test failed: An escrow test is already running.', { selector: 'p' }),
    ).toBeTruthy();
  });
});
