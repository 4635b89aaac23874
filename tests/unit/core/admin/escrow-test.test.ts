import { describe, expect, it, vi } from 'vitest';
import { runEscrowTest as contract } from '../../../../shared/api/admin-tools';
import type { AuditRecord } from '../../../../functions/core/admin/audit';
import {
  ESCROW_TEST_CANCEL_AFTER_MS,
  ESCROW_TEST_LEASE,
  ESCROW_TEST_MEMO_TYPE,
  runEscrowTest,
  type EscrowTestDeps,
} from '../../../../functions/core/admin-tools/run-escrow-test';
import type { SubmitOutcome } from '../../../../functions/core/ledger/ports';
import { preimageCondition, rippleTime } from '../../../../functions/core/orders/escrow-create';
import type { JobLeases } from '../../../../functions/lib/one-run-at-a-time';
import { ConflictError } from '../../../../functions/lib/errors';

const PLATFORM = 'rPLATFORMxxxxxxxxxxxxxxxxxxxxxxxxx';
const RLUSD = { currency: '524C555344000000000000000000000000000000', issuer: 'rISSUER' };
const NOW = new Date('2026-11-28T12:00:00.000Z');
const PREIMAGE = new Uint8Array(32).fill(0xab);
const { condition: CONDITION, fulfillment: FULFILLMENT } = preimageCondition(PREIMAGE);
const SECRET = /abababababababababababababababababababababababababababababababab/i;

function memoryLeases(): JobLeases & { held: Map<string, { holder: string; until: number }> } {
  const held = new Map<string, { holder: string; until: number }>();
  return {
    held,
    async acquire(job, holder, untilMs, nowMs) {
      const current = held.get(job);
      if (current && current.until > nowMs) return false;
      held.set(job, { holder, until: untilMs });
      return true;
    },
    async release(job, holder) {
      if (held.get(job)?.holder === holder) held.delete(job);
    },
  };
}

/** The ledger answers each submission in turn from `outcomes` (success by default). */
function deps(outcomes: ((blob: string) => Promise<SubmitOutcome>)[] = [], over: Partial<EscrowTestDeps> = {}) {
  const audit: AuditRecord[] = [];
  const prepared: Record<string, unknown>[] = [];
  const leases = memoryLeases();
  let ms = 1_000;
  const d: EscrowTestDeps = {
    ledger: {
      rlusdLine: vi.fn(async () => ({
        balanceCents: 500,
        balance: '5',
        limitCents: 100_000,
        limit: '1000',
        frozen: false,
      })),
      closeTime: async () => NOW,
      submitAndWait: vi.fn(async (blob: string): Promise<SubmitOutcome> => {
        const next = outcomes.shift();
        if (next) return next(blob);
        return { status: 'success', txid: `HASH-${blob}`, ledgerIndex: 70 + prepared.length, deliveredAmount: null };
      }),
    },
    readiness: { check: vi.fn(async () => null) },
    platform: {
      address: PLATFORM,
      prepare: vi.fn(async (tx) => {
        prepared.push(tx);
        return {
          blob: `B${prepared.length}`,
          txid: `HASH-B${prepared.length}`,
          sequence: 40 + prepared.length,
          lastLedgerSequence: 99,
        };
      }),
    },
    rlusd: RLUSD,
    earlierTests: vi.fn(async () => []),
    leases,
    randomBytes: () => PREIMAGE,
    newId: () => `run-${prepared.length}-${audit.length}`,
    transactionUrl: (hash) => `https://explorer.test/transactions/${hash}`,
    realMs: () => (ms += 250),
    audit: { record: async (entry) => void audit.push(entry) },
    clock: { now: () => NOW },
    ...over,
  };
  return { d, audit, prepared, leases };
}

describe('the admin escrow test (decision 070)', () => {
  it("locks a cent of RLUSD from the platform's wallet to itself and finishes it, reporting each step", async () => {
    const { d, audit, prepared, leases } = deps();
    const result = await runEscrowTest('ADMIN', d);

    expect(result).toMatchObject({ passed: true, account: PLATFORM, amountCents: 1, sequence: 41, earlierReturned: 0 });
    expect(result.steps.map((s) => [s.step, s.status])).toEqual([
      ['check', 'ok'],
      ['create', 'ok'],
      ['finish', 'ok'],
    ]);
    expect(result.steps[1]).toEqual({
      step: 'create',
      status: 'ok',
      txid: 'HASH-B1',
      ledgerIndex: 71,
      explorerUrl: 'https://explorer.test/transactions/HASH-B1',
      ms: 250,
      detail: null,
    });
    expect(result.steps[2]).toMatchObject({ txid: 'HASH-B2', ledgerIndex: 72 });
    expect(result.totalMs).toBeGreaterThan(0);

    // The order escrows' own shapes: a conditional RLUSD token escrow, then a finish by the escrow's sequence.
    expect(prepared[0]).toEqual({
      TransactionType: 'EscrowCreate',
      Account: PLATFORM,
      Destination: PLATFORM,
      Amount: { ...RLUSD, value: '0.01' },
      Condition: CONDITION,
      CancelAfter: rippleTime(new Date(NOW.getTime() + ESCROW_TEST_CANCEL_AFTER_MS).toISOString()),
      Memos: [{ Memo: { MemoType: ESCROW_TEST_MEMO_TYPE, MemoData: expect.any(String) } }],
    });
    expect(prepared[1]).toEqual({
      TransactionType: 'EscrowFinish',
      Owner: PLATFORM,
      OfferSequence: 41,
      Condition: CONDITION,
      Fulfillment: FULFILLMENT,
    });
    expect(d.readiness.check).toHaveBeenCalledWith(PLATFORM, [PLATFORM]);

    // Audited once; the fulfillment is in neither the answer nor the entry; the lease is given back.
    expect(audit).toEqual([
      { actorId: 'ADMIN', action: 'tool.escrow_test', subject: 'HASH-B1', before: null, after: result },
    ]);
    expect(JSON.stringify({ result, audit })).not.toMatch(SECRET);
    expect(leases.held.size).toBe(0);
  });

  it('refuses a second test while one runs, without touching the ledger or the audit log', async () => {
    let answer!: (o: SubmitOutcome) => void;
    const slow = () => new Promise<SubmitOutcome>((resolve) => (answer = resolve));
    const { d, audit, prepared, leases } = deps([slow]);
    const first = runEscrowTest('ADMIN', d);
    await vi.waitFor(() => expect(prepared).toHaveLength(1));

    await expect(runEscrowTest('ADMIN2', d)).rejects.toBeInstanceOf(ConflictError);
    expect(prepared).toHaveLength(1);
    expect(leases.held.get(ESCROW_TEST_LEASE)).toBeDefined();

    answer({ status: 'success', txid: 'HASH-B1', ledgerIndex: 71, deliveredAmount: null });
    expect((await first).passed).toBe(true);
    expect(audit.map((a) => a.actorId)).toEqual(['ADMIN']);
    // Free again: the next test runs.
    expect((await runEscrowTest('ADMIN2', d)).passed).toBe(true);
  });

  it('stops at the check when the platform wallet cannot lock the cent, and still audits the failed test', async () => {
    const { d, audit, prepared } = deps([], {});
    vi.mocked(d.ledger.rlusdLine).mockResolvedValueOnce({
      balanceCents: 0,
      balance: '0',
      limitCents: 100_000,
      limit: '1000',
      frozen: false,
    });
    const result = await runEscrowTest('ADMIN', d);
    expect(result.passed).toBe(false);
    expect(result.steps.map((s) => s.status)).toEqual(['failed', 'skipped', 'skipped']);
    expect(result.steps[0]!.detail).toBe('The platform wallet holds $0.00 of RLUSD; the test locks $0.01.');
    expect(result.sequence).toBeNull();
    expect(prepared).toHaveLength(0);
    expect(audit).toEqual([expect.objectContaining({ action: 'tool.escrow_test', subject: null })]);

    vi.mocked(d.readiness.check).mockResolvedValueOnce('feature_disabled');
    expect((await runEscrowTest('ADMIN', d)).steps[0]!.detail).toMatch(/TokenEscrow amendment/);
  });

  it('prepares a submission again once when it never applied, and reports a refused finish without its fulfillment', async () => {
    const { d, prepared } = deps([
      async (blob) => ({ status: 'rejected', code: 'tefPAST_SEQ', message: 'sequence used', txid: `HASH-${blob}` }),
      async (blob) => ({ status: 'success', txid: `HASH-${blob}`, ledgerIndex: 80, deliveredAmount: null }),
      async () => {
        throw new Error(`the node echoed Fulfillment ${FULFILLMENT} and ${FULFILLMENT.toLowerCase()}`);
      },
    ]);
    const result = await runEscrowTest('ADMIN', d);
    expect(prepared.map((t) => t.TransactionType)).toEqual(['EscrowCreate', 'EscrowCreate', 'EscrowFinish']);
    expect(result.sequence).toBe(42);
    expect(result.steps[1]).toMatchObject({ status: 'ok', txid: 'HASH-B2', ledgerIndex: 80 });
    expect(result.passed).toBe(false);
    expect(result.steps[2]!.status).toBe('failed');
    expect(result.steps[2]!.detail).toMatch(/\[fulfillment\].*stays locked until 2026-11-28T12:10:00.000Z/);
    expect(JSON.stringify(result)).not.toMatch(SECRET);
  });

  it("first returns an earlier test's escrow past its CancelAfter (its finish had failed); a failed read stops nothing", async () => {
    const { d, prepared } = deps();
    vi.mocked(d.earlierTests).mockResolvedValueOnce([
      { sequence: 7, cancelAfter: new Date(NOW.getTime() + 60_000).toISOString() },
      { sequence: 5, cancelAfter: new Date(NOW.getTime() - 60_000).toISOString() },
      { sequence: 6, cancelAfter: new Date(NOW.getTime() - 30_000).toISOString() },
    ]);
    const result = await runEscrowTest('ADMIN', d);
    expect(prepared[0]).toEqual({ TransactionType: 'EscrowCancel', Owner: PLATFORM, OfferSequence: 5 });
    expect(prepared.map((t) => t.TransactionType)).toEqual(['EscrowCancel', 'EscrowCreate', 'EscrowFinish']);
    expect(result).toMatchObject({ passed: true, earlierReturned: 1 });

    vi.mocked(d.earlierTests).mockRejectedValueOnce(new Error('node down'));
    expect(await runEscrowTest('ADMIN', d)).toMatchObject({ passed: true, earlierReturned: 0 });
  });

  it('takes no input, so it can never be aimed at an order', () => {
    expect(contract.body!.safeParse({}).success).toBe(true);
    expect(contract.body!.safeParse({ orderId: '01JORDER' }).success).toBe(false);
  });
});
