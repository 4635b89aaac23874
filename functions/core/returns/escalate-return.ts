import { InvalidStateError } from '../../lib/errors';
import { NEVER, type ReturnDeps } from './ports';
import { buyersReturn, returnChanged } from './return-rules';

/** After release, the buyer takes the seller's rejection to an administrator (decision 054). */
export async function escalateReturn(
  userId: string,
  orderId: string,
  deps: Pick<ReturnDeps, 'returns' | 'returnEvents' | 'clock'>,
): Promise<void> {
  const now = deps.clock.now();
  const ret = await buyersReturn(deps.returns, userId, orderId);
  if (ret.stage !== 'rejected' || ret.case !== 'after_release') {
    throw new InvalidStateError(
      'return_not_escalable',
      'Only a rejected return of a released payment can be escalated.',
    );
  }
  const at = now.toISOString();
  if (
    !(await deps.returns.advance(ret, {
      stage: 'escalated',
      escalatedAt: at,
      dueAt: NEVER,
      updatedAt: at,
    }))
  ) {
    throw returnChanged();
  }
  await deps.returnEvents.returnChanged({ ...ret, stage: 'escalated', escalatedAt: at }, now);
}
