import '../../../../styles/admin-escrow-test.css';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import {
  ESCROW_TEST_CENTS,
  type EscrowTestResult,
  type EscrowTestStep,
} from '../../../../../../shared/api/admin-tools';
import { formatUsd } from '../../../../../../shared/domain/money';
import { ApiError } from '../../../../lib/api';
import { runEscrowTest } from '../../../../domains/admin/tools-api';

export const ESCROW_TEST_FAILED = 'Escrow test failed';
const ESCROW_TEST_PASSED = 'Escrow test passed';

const STEP_NAMES: Record<EscrowTestStep['step'], string> = {
  check: 'Check the platform wallet',
  create: 'Lock RLUSD (EscrowCreate)',
  finish: 'Release with the fulfillment (EscrowFinish)',
};

const STATUS_BADGE: Record<EscrowTestStep['status'], { text: string; className: string }> = {
  ok: { text: 'Passed', className: 'badge badge-accent' },
  failed: { text: 'Failed', className: 'badge badge-danger' },
  skipped: { text: 'Skipped', className: 'badge' },
};

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function StepView({ step }: { step: EscrowTestStep }) {
  const badge = STATUS_BADGE[step.status];
  return (
    <li className="escrow-test-step">
      <div className="escrow-test-step-head">
        <span>{STEP_NAMES[step.step]}</span>
        <span className={badge.className}>{badge.text}</span>
      </div>
      {step.status !== 'skipped' && (
        <p className="escrow-test-meta">
          {seconds(step.ms)}
          {step.ledgerIndex !== null && ` · ledger ${step.ledgerIndex}`}
        </p>
      )}
      {step.txid &&
        (step.explorerUrl ? (
          <a className="tx-hash" href={step.explorerUrl} target="_blank" rel="noopener noreferrer">
            {step.txid}
            <span className="sr-only"> (opens the ledger explorer in a new tab)</span>
          </a>
        ) : (
          <span className="tx-hash">{step.txid}</span>
        ))}
      {step.detail && <p>{step.detail}</p>}
    </li>
  );
}

function ResultView({ result }: { result: EscrowTestResult }) {
  return (
    <>
      <p>
        {result.passed ? 'Passed' : 'Failed'} in {seconds(result.totalMs)}: {formatUsd(result.amountCents)} of RLUSD
        from <span className="tx-hash">{result.account}</span> to itself.
      </p>
      {result.earlierReturned > 0 && (
        <p>An earlier test&apos;s escrow, whose release had failed, was returned first.</p>
      )}
      <ol className="escrow-test-steps" aria-label="Escrow test steps">
        {result.steps.map((s) => (
          <StepView key={s.step} step={s} />
        ))}
      </ol>
    </>
  );
}

/**
 * The escrow test (decision 070): the platform's wallet locks a cent of RLUSD in a conditional escrow to itself and
 * releases it, as orders' escrows are made and released; no order and no user's money is involved.
 */
export function EscrowTestPanel({ token }: { token: string }) {
  const id = useId();
  const [running, setRunning] = useState(false);
  const [result, setResult] = useState<EscrowTestResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  async function run() {
    setRunning(true);
    setFailure(null);
    try {
      const answer = await runEscrowTest(token);
      setResult(answer);
      if (answer.passed) {
        toast.success(ESCROW_TEST_PASSED);
      } else {
        const failed = answer.steps.find((s) => s.status === 'failed');
        toast.error(ESCROW_TEST_FAILED, { description: failed?.detail ?? undefined });
      }
    } catch (error) {
      const message = error instanceof ApiError ? error.message : 'Unexpected error';
      setResult(null);
      setFailure(`${ESCROW_TEST_FAILED}: ${message}`);
      toast.error(ESCROW_TEST_FAILED, { description: message });
    } finally {
      setRunning(false);
    }
  }

  return (
    <section className="escrow-test" aria-labelledby={`${id}-title`} aria-busy={running}>
      <h2 id={`${id}-title`} className="section-title">
        Escrow test
      </h2>
      <p className="muted">
        Locks {formatUsd(ESCROW_TEST_CENTS)} of RLUSD from the platform wallet in a conditional escrow to itself, then
        releases it with its fulfillment, the way orders are paid and released. No order or user funds are involved.
      </p>
      <div className="admin-tool-actions">
        <button type="button" className="btn btn-primary" disabled={running} onClick={() => void run()}>
          {running ? 'Running escrow test...' : 'Run Escrow Test'}
        </button>
      </div>
      <div className="admin-tool-result" role="status" aria-live="polite">
        {running ? (
          <p>Locking and releasing RLUSD on the ledger...</p>
        ) : failure ? (
          <p className="field-error">{failure}</p>
        ) : result ? (
          <ResultView result={result} />
        ) : (
          <p className="muted">Run the test to see each step here.</p>
        )}
      </div>
    </section>
  );
}
