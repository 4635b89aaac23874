import type { ReturnPolicy } from '../../../shared/domain/listing';
import { RETURN_POLICY_DAYS, type ReturnCase } from '../../../shared/domain/returns';
import type { OrderRecord } from '../orders/order';
import type { ReturnPolicies } from './ports';

const DAY_MS = 86_400_000;

/** The strictest of the order's listings' policies (an order of several items is returned as one). */
export function orderPolicy(policies: readonly (ReturnPolicy | null)[]): ReturnPolicy {
  let strictest: ReturnPolicy | null = null;
  for (const p of policies) {
    // A listing gone from the table leaves its order no policy to return it under.
    if (!p || RETURN_POLICY_DAYS[p] === null) return 'no_returns';
    if (!strictest || RETURN_POLICY_DAYS[p]! < RETURN_POLICY_DAYS[strictest]!) strictest = p;
  }
  return strictest ?? 'no_returns';
}

/** The order's policy: the strictest of its listings', as they say now. */
export async function policyOfOrder(order: { lines: { listingId: string }[] }, policies: ReturnPolicies) {
  const ids = [...new Set(order.lines.map((l) => l.listingId))];
  return orderPolicy(await Promise.all(ids.map((id) => policies.policyOf(id))));
}

/** When the buyer had the item: the carrier's delivery, or the pickup's approval. Null before. */
function receivedAt(order: OrderRecord): string | null {
  if (order.status === 'delivered') return order.shipment.deliveredAt;
  if (order.status === 'completed') return order.shipment.deliveredAt ?? order.completedAt;
  return null;
}

/**
 * What a return of the order would be now (decision 054), or null when none can be asked: no policy, outside its
 * window, a hold already on the release, or a release due and about to begin. Before release the request holds the
 * escrow; after it the seller refunds from their wallet.
 */
export function returnWindowOf(
  order: OrderRecord,
  policy: ReturnPolicy,
  now: Date,
): { policy: ReturnPolicy; endsAt: string; case: ReturnCase } | null {
  const days = RETURN_POLICY_DAYS[policy];
  const from = receivedAt(order);
  if (days === null || !from) return null;
  const endsAt = new Date(Date.parse(from) + days * DAY_MS).toISOString();
  if (Date.parse(endsAt) <= now.getTime()) return null;
  if (order.status === 'completed') return { policy, endsAt, case: 'after_release' };
  if (order.releaseHold || !order.releaseDueAt || Date.parse(order.releaseDueAt) <= now.getTime()) return null;
  return { policy, endsAt, case: 'before_release' };
}
