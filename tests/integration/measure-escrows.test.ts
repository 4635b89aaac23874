import { describe, expect, it } from 'vitest';
import type { EscrowMeasures } from '../../functions/core/admin-escrow/measure-escrows';
import type { EscrowMonitor } from '../../shared/api/admin-escrow';
import { call } from './auth-support';
import { signUp } from './route-support';
import { makeAdmin } from './table-support';

/** The measure-escrows schedule (decision 076) against the stack's table: the monitor's figures, read only. */
const runJob = async () => {
  const r = await call<{ result: EscrowMeasures }>('POST', '/_local/schedules/measure-escrows', { body: {} });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.result;
};

describe('measure-escrows', () => {
  it('measures what the escrow monitor shows, run after run', async () => {
    const admin = await signUp('127.0.9.76', 'measure');
    await makeAdmin(admin.userId);
    // Twice: it only reads, so a second run (a retry, or the timer's own) measures alike.
    await runJob();
    const m = await runJob();
    const shown = await call<EscrowMonitor>('GET', '/api/admin/escrows', { token: admin.token, from: admin.from });
    expect(shown.status).toBe(200);
    const { counts } = shown.body;
    expect(m).toMatchObject({
      pending: counts.pending,
      held: counts.held,
      completed: counts.completed,
      cancelled: counts.cancelled,
      stuck: counts.stuck,
    });
    expect(m.oldestReleasingMinutes).toBeGreaterThanOrEqual(0);
    expect(m.oldestRefundingOverdueMinutes).toBeGreaterThanOrEqual(0);
  });
});
