import { InvalidStateError, NotFoundError } from '../../lib/errors';
import type { AuditLog } from '../admin/audit';
import { NEVER, type ReturnDeps, type ReturnRecord } from './ports';
import { returnChanged } from './return-rules';

/**
 * An administrator decides an escalated return (decision 054) with a written reason both parties see: `refund` says
 * the seller owes it (their store shows 'Unresolved return' and new listings wait until the refund validates),
 * `close` ends it. Recorded in the audit log as `case.return_refund` or `case.return_close` (decision 068).
 */
export async function resolveReturn(
  actorId: string,
  orderId: string,
  body: { outcome: 'refund' | 'close'; note: string },
  deps: Pick<ReturnDeps, 'returns' | 'returnEvents' | 'clock'> & { audit: AuditLog },
): Promise<ReturnRecord> {
  const now = deps.clock.now();
  const ret = await deps.returns.get(orderId);
  if (!ret) throw new NotFoundError('Return request not found');
  if (ret.stage !== 'escalated') {
    throw new InvalidStateError('return_not_escalated', 'Only an escalated return can be resolved.');
  }
  const at = now.toISOString();
  const resolution = { outcome: body.outcome, note: body.note.trim(), at };
  const stage = body.outcome === 'refund' ? ('refund_owed' as const) : ('closed' as const);
  if (!(await deps.returns.advance(ret, { stage, resolution, dueAt: NEVER, updatedAt: at }))) {
    throw returnChanged();
  }
  await deps.audit.record(
    {
      actorId,
      action: `case.return_${body.outcome}`,
      subject: orderId,
      before: { kind: 'return', stage: ret.stage },
      after: { kind: 'return', stage, reason: resolution.note },
    },
    now,
  );
  const after = (await deps.returns.get(orderId))!;
  await deps.returnEvents.returnChanged(after, now);
  return after;
}
