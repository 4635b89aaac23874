import {
  ESCROW_TEST_CENTS,
  type EscrowTestResult,
  type EscrowTestStep,
  type EscrowTestStepName,
} from '../../../shared/api/admin-tools';
import { formatUsd } from '../../../shared/domain/money';
import { ConflictError } from '../../lib/errors';
import type { JobLeases } from '../../lib/one-run-at-a-time';
import type { AuditLog } from '../admin/audit';
import type { Clock } from '../clock/clock';
import type { LedgerGateway, PlatformAccount, SubmitOutcome } from '../ledger/ports';
import {
  escrowFinishTx,
  hexOf,
  preimageCondition,
  rlusdEscrowCreateTx,
  type TokenIssue,
} from '../orders/escrow-create';
import type { EscrowProblem, EscrowReadiness } from '../orders/escrow-readiness';
import type { TxJson } from '../signing/ports';

export interface EscrowTestDeps {
  ledger: Pick<LedgerGateway, 'rlusdLine' | 'closeTime' | 'submitAndWait'>;
  /** The checkout's own escrow preconditions (token escrow enabled, the issuer allows locking, trust lines). */
  readiness: EscrowReadiness;
  /** The platform's account, as settlement signs with it. */
  platform: PlatformAccount;
  rlusd: TokenIssue;
  /** Escrows the platform made to itself still on the ledger (earlier tests whose finish failed), with sequences. */
  earlierTests: () => Promise<{ sequence: number; cancelAfter: string | null }[]>;
  leases: JobLeases;
  randomBytes: (n: number) => Uint8Array;
  newId: () => string;
  transactionUrl: (hash: string) => string;
  /** Real milliseconds: the lease and the steps' timings are about real time, not the functions' (movable) clock. */
  realMs: () => number;
  audit: AuditLog;
  clock: Clock;
}

/** The lease that keeps to one test at a time (a job lease: a conditional item with a deadline). */
export const ESCROW_TEST_LEASE = 'admin-escrow-test';
/** Longer than the route's own time limit (29 s), so a run whose function was stopped frees the lease soon after. */
export const ESCROW_TEST_LEASE_MS = 60_000;
/** The test escrow's CancelAfter from the ledger's close time: should its finish fail, it is locked only this long. */
export const ESCROW_TEST_CANCEL_AFTER_MS = 10 * 60_000;
/** Each submission's wait for a validated ledger: both fit in the route's 29 s beside the checks. */
const SUBMIT_TIMEOUT_MS = 10_000;
/** Marks the escrow as a test on the ledger (orders' escrows carry 'marketplace/order'). */
export const ESCROW_TEST_MEMO_TYPE = hexOf('marketplace/escrow-test');

const PROBLEMS: Record<EscrowProblem, string> = {
  feature_disabled: 'Token escrow (the TokenEscrow amendment) is not enabled on this network.',
  issuer_locking: "RLUSD's issuer does not allow its tokens to be held in escrow (Allow Trust Line Locking is off).",
  buyer_no_line: 'The platform wallet has no RLUSD trust line.',
  seller_no_line: "The platform wallet's RLUSD trust line is missing or frozen.",
};

type Outcome = Omit<EscrowTestStep, 'step' | 'ms'>;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

const failed = (detail: string, txid: string | null = null): Outcome => ({
  status: 'failed',
  txid,
  ledgerIndex: null,
  explorerUrl: null,
  detail,
});

/**
 * The admin escrow test (decision 070): the platform's wallet locks one cent of RLUSD in a conditional escrow to itself
 * and finishes it with the fulfillment, through the order escrows' own transaction builders, the platform account that
 * settlement signs with and the same ledger gateway. Each step reports its transaction, ledger and time. The
 * fulfillment lives only in this call: it is in no result, log line, event or audit entry (every detail is scrubbed
 * of it). One test at a time, audited as `tool.escrow_test`.
 */
export async function runEscrowTest(actorId: string, deps: EscrowTestDeps): Promise<EscrowTestResult> {
  const runId = deps.newId();
  const start = deps.realMs();
  if (!(await deps.leases.acquire(ESCROW_TEST_LEASE, runId, start + ESCROW_TEST_LEASE_MS, start))) {
    throw new ConflictError(
      'An escrow test is already running. Try again when it has finished.',
      'escrow_test_running',
    );
  }
  try {
    const result = await run(runId, deps);
    const createTxid = result.steps.find((s) => s.step === 'create')?.txid ?? null;
    await deps.audit.record(
      { actorId, action: 'tool.escrow_test', subject: createTxid, before: null, after: result },
      deps.clock.now(),
    );
    return result;
  } finally {
    // Not given back (the table unreachable now): it expires at its deadline.
    await deps.leases.release(ESCROW_TEST_LEASE, runId).catch(() => undefined);
  }
}

async function run(runId: string, deps: EscrowTestDeps): Promise<EscrowTestResult> {
  const account = deps.platform.address;
  const start = deps.realMs();
  const { condition, fulfillment } = preimageCondition(deps.randomBytes(32));
  const secret = new RegExp(fulfillment.slice(-64), 'gi');
  const scrub = (text: string) => text.replace(secret, '[fulfillment]');
  const steps: EscrowTestStep[] = [];
  /** Runs a step unless an earlier one failed (then it is skipped); a throw is the step's failure, not the test's. */
  const step = async (name: EscrowTestStepName, body: () => Promise<Outcome>): Promise<void> => {
    if (steps.some((s) => s.status !== 'ok')) {
      steps.push({
        step: name,
        status: 'skipped',
        txid: null,
        ledgerIndex: null,
        explorerUrl: null,
        ms: 0,
        detail: null,
      });
      return;
    }
    const at = deps.realMs();
    const outcome = await body().catch((error: unknown) => failed(messageOf(error)));
    steps.push({ step: name, ...outcome, detail: outcome.detail && scrub(outcome.detail), ms: deps.realMs() - at });
  };

  // Best effort: a failure here must not stop the test, and the next run tries again.
  const earlierReturned = await returnEarlierTest(account, deps).catch(() => 0);
  let sequence: number | null = null;
  let cancelAfter = '';
  await step('check', async () => {
    const problem = await readinessProblem(account, deps);
    return problem ? failed(problem) : { status: 'ok', txid: null, ledgerIndex: null, explorerUrl: null, detail: null };
  });
  await step('create', async () => {
    cancelAfter = new Date((await deps.ledger.closeTime()).getTime() + ESCROW_TEST_CANCEL_AFTER_MS).toISOString();
    const tx = rlusdEscrowCreateTx(
      {
        account,
        destination: account,
        cents: ESCROW_TEST_CENTS,
        condition,
        cancelAfter,
        memo: { type: ESCROW_TEST_MEMO_TYPE, data: hexOf(runId) },
      },
      deps.rlusd,
    );
    const submitted = await submit(tx, deps);
    if (submitted.outcome.status === 'success') sequence = submitted.sequence;
    return outcomeOf(submitted.outcome, deps);
  });
  await step('finish', async () => {
    const outcome = await submit(escrowFinishTx(account, sequence!, condition, fulfillment), deps).then(
      (submitted) => outcomeOf(submitted.outcome, deps),
      (error: unknown) => failed(messageOf(error)),
    );
    if (outcome.status === 'ok') return outcome;
    const left = `Unless it was finished, the test escrow stays locked until ${cancelAfter}; the next test returns it.`;
    return { ...outcome, detail: `${outcome.detail} ${left}` };
  });
  return {
    passed: steps.every((s) => s.status === 'ok'),
    account,
    amountCents: ESCROW_TEST_CENTS,
    sequence,
    earlierReturned,
    steps,
    totalMs: deps.realMs() - start,
  };
}

/**
 * Returns one earlier test's escrow past its CancelAfter (by the ledger's clock) to the wallet: its finish failed and
 * its fulfillment is gone, so only a cancel ends it. One a run keeps the test within its time; 1 or 0.
 */
async function returnEarlierTest(account: string, deps: EscrowTestDeps): Promise<number> {
  const now = (await deps.ledger.closeTime()).getTime();
  const due = (await deps.earlierTests()).find((e) => e.cancelAfter !== null && Date.parse(e.cancelAfter) < now);
  if (!due) return 0;
  const { outcome } = await submit(
    { TransactionType: 'EscrowCancel', Owner: account, OfferSequence: due.sequence },
    deps,
  );
  return outcome.status === 'success' ? 1 : 0;
}

/** Why the platform wallet cannot lock the test's cent now, in an administrator's words; null when it can. */
async function readinessProblem(account: string, deps: EscrowTestDeps): Promise<string | null> {
  const problem = await deps.readiness.check(account, [account]);
  if (problem) return PROBLEMS[problem];
  const line = await deps.ledger.rlusdLine(account);
  if (!line || line.frozen) return PROBLEMS.seller_no_line;
  if (line.balanceCents < ESCROW_TEST_CENTS) {
    return `The platform wallet holds ${formatUsd(line.balanceCents)} of RLUSD; the test locks ${formatUsd(ESCROW_TEST_CENTS)}.`;
  }
  return null;
}

/**
 * Prepares, signs and submits as the platform account; once more when the first never applied (a sequence another
 * container took meanwhile), as settlement does.
 */
async function submit(tx: TxJson, deps: EscrowTestDeps): Promise<{ outcome: SubmitOutcome; sequence: number }> {
  for (let attempt = 1; ; attempt++) {
    const prepared = await deps.platform.prepare(tx);
    const outcome = await deps.ledger.submitAndWait(prepared.blob, { timeoutMs: SUBMIT_TIMEOUT_MS, pollMs: 250 });
    const neverApplied = outcome.status === 'rejected' || outcome.status === 'expired';
    if (!neverApplied || attempt === 2) return { outcome, sequence: prepared.sequence };
  }
}

function outcomeOf(outcome: SubmitOutcome, deps: EscrowTestDeps): Outcome {
  switch (outcome.status) {
    case 'success':
      return {
        status: 'ok',
        txid: outcome.txid,
        ledgerIndex: outcome.ledgerIndex,
        explorerUrl: deps.transactionUrl(outcome.txid),
        detail: null,
      };
    case 'failed':
      return {
        status: 'failed',
        txid: outcome.txid,
        ledgerIndex: outcome.ledgerIndex,
        explorerUrl: deps.transactionUrl(outcome.txid),
        detail: `The ledger refused it: ${outcome.code}.`,
      };
    case 'rejected':
      return failed(`The ledger did not apply it: ${outcome.code} (${outcome.message}).`, outcome.txid);
    case 'expired':
      return failed(`No validated ledger took it by ledger ${outcome.lastLedgerSequence}.`, outcome.txid);
    case 'timeout':
      return {
        ...failed(`Not validated within ${SUBMIT_TIMEOUT_MS / 1000} s; look it up by its hash.`, outcome.txid),
        explorerUrl: deps.transactionUrl(outcome.txid),
      };
  }
}
