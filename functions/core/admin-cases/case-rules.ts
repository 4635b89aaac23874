import { CASE_OUTCOMES, type CaseSummary, type CaseView } from '../../../shared/api/admin-cases';
import { DISPUTE_REASON_LABELS, type DisputeStatus } from '../../../shared/domain/disputes';
import { RETURN_REASON_LABELS } from '../../../shared/domain/returns';
import { timelineOf, type TimelineEntry } from '../admin-escrow/escrow-rules';
import type { MediaUrl } from '../listings/to-card';
import { holdEnd, type OrderRecord } from '../orders/order';
import type { ReturnRecord } from '../returns/ports';

/**
 * Which disputes and returns are an administrator's cases, and how they read (decision 068). A dispute waits for one
 * while it is open (it ends by itself as a refund at the release deadline); a return once the buyer or the returns
 * schedule escalated it (after release nothing ends it by itself).
 */
export const disputeNeedsAdmin = (o: OrderRecord): boolean => holdEnd(o) !== null;
export const returnNeedsAdmin = (r: ReturnRecord): boolean => r.stage === 'escalated';

const titleOf = (o: OrderRecord) => o.lines.map((l) => l.title).join(', ');

/** The order's dispute as a case summary: its deadline while it is open. */
export function disputeCase(o: OrderRecord): CaseSummary {
  const d = o.dispute!;
  return {
    orderId: o.orderId,
    kind: 'dispute',
    title: titleOf(o),
    buyer: { id: o.buyerId, username: o.buyerUsername },
    seller: { id: o.sellerId, username: o.sellerUsername },
    amountCents: o.totalCents,
    reason: DISPUTE_REASON_LABELS[d.reason],
    openedAt: d.openedAt,
    deadline: holdEnd(o),
  };
}

/** A return as a case summary: it has no deadline (the money was released; only an administrator ends it). */
export function returnCase(r: ReturnRecord): CaseSummary {
  return {
    orderId: r.orderId,
    kind: 'return',
    title: r.listingTitle,
    buyer: { id: r.buyerId, username: r.buyerUsername },
    seller: { id: r.sellerId, username: r.sellerUsername },
    amountCents: r.refundCents,
    reason: RETURN_REASON_LABELS[r.reason],
    openedAt: r.escalatedAt ?? r.requestedAt,
    deadline: null,
  };
}

/** The queue's order: the soonest deadline first, then cases without one, the longest waiting first. */
export function soonestFirst(a: CaseSummary, b: CaseSummary): number {
  if (a.deadline && b.deadline) return a.deadline.localeCompare(b.deadline) || a.orderId.localeCompare(b.orderId);
  if (a.deadline || b.deadline) return a.deadline ? -1 : 1;
  return a.openedAt.localeCompare(b.openedAt) || a.orderId.localeCompare(b.orderId);
}

/** Both sides' words with their photos, oldest first. */
export function disputeStatements(o: OrderRecord, mediaUrl: MediaUrl): CaseView['statements'] {
  const d = o.dispute!;
  return [
    { by: 'buyer', text: d.description, photoUrls: d.photoKeys.map((k) => mediaUrl(k)), at: d.openedAt },
    ...(d.responses ?? []).map((r) => ({
      by: 'seller' as const,
      text: r.message,
      photoUrls: r.photoKeys.map((k) => mediaUrl(k)),
      at: r.at,
    })),
  ];
}

export function returnStatements(r: ReturnRecord): CaseView['statements'] {
  const decision = r.approved ? 'Approved.' : 'Rejected.';
  return [
    { by: 'buyer', text: r.description, photoUrls: [], at: r.requestedAt },
    ...(r.decidedAt
      ? [
          {
            by: 'seller' as const,
            text: r.sellerNote ? `${decision} ${r.sellerNote}` : decision,
            photoUrls: [],
            at: r.decidedAt,
          },
        ]
      : []),
  ];
}

const DISPUTE_ENDS: Record<Exclude<DisputeStatus, 'open'>, string> = {
  withdrawn: 'Dispute withdrawn by the buyer',
  released: 'Dispute resolved: released to the seller',
  refunded: 'Dispute resolved: refunded to the buyer',
  expired: 'Dispute not resolved in time: refunded',
};

/** The order's dated steps (the escrow monitor's) with its dispute's and return's, oldest first. */
export function caseTimeline(o: OrderRecord, r: ReturnRecord | null): TimelineEntry[] {
  const d = o.dispute;
  const steps: [string | null | undefined, string][] = [
    ...(d?.responses ?? []).map((a): [string, string] => [a.at, 'Seller answered the dispute']),
    [d && d.status !== 'open' ? d.resolution?.at : null, d && d.status !== 'open' ? DISPUTE_ENDS[d.status] : ''],
    [r?.requestedAt, 'Return requested'],
    [r?.decidedAt, r?.approved ? 'Return approved' : 'Return rejected'],
    [r?.shippedAt, 'Return shipped back'],
    [r?.deliveredBackAt, 'Return delivered back'],
    [r?.escalatedAt, 'Return sent to the marketplace'],
    [r?.resolution?.at, `Return decided: ${r?.resolution?.outcome === 'refund' ? 'the seller refunds' : 'closed'}`],
  ];
  const extra = steps.filter((s): s is [string, string] => Boolean(s[0])).map(([at, label]) => ({ at, label }));
  return [...timelineOf(o), ...extra].sort((a, b) => a.at.localeCompare(b.at));
}

/** What an administrator may decide on the case now (nothing once it is decided). */
export const outcomesOf = (summary: CaseSummary, open: boolean): CaseView['outcomes'] =>
  open ? [...CASE_OUTCOMES[summary.kind]] : [];
