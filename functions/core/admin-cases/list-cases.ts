import { CASES_LIMIT, type CaseSummary } from '../../../shared/api/admin-cases';
import { NEVER } from '../returns/ports';
import { disputeCase, disputeNeedsAdmin, returnCase, returnNeedsAdmin, soonestFirst } from './case-rules';
import type { CaseDeps } from './ports';

/**
 * The admin case queue (decision 068): open disputes by their end (their sparse index) and escalated returns (the
 * returns schedule's `escalated` stage, where nothing is due), the soonest deadline first, at most CASES_LIMIT. One
 * more of each is read to say whether more are open.
 */
export async function listCases(
  deps: Pick<CaseDeps, 'disputes' | 'returns'>,
): Promise<{ items: CaseSummary[]; more: boolean }> {
  const [disputed, escalated] = await Promise.all([
    deps.disputes.openDisputes(CASES_LIMIT + 1),
    deps.returns.due('escalated', NEVER, CASES_LIMIT + 1),
  ]);
  const cases = [
    ...disputed.filter(disputeNeedsAdmin).map(disputeCase),
    ...escalated.filter(returnNeedsAdmin).map(returnCase),
  ].sort(soonestFirst);
  return { items: cases.slice(0, CASES_LIMIT), more: cases.length > CASES_LIMIT };
}
