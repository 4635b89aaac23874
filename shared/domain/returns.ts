import type { ReturnPolicy } from './listing';

/** Request Return on a purchase, within the listing's return policy (decision 054). */
export const RETURN_REASONS = ['not_as_described', 'damaged', 'wrong_item', 'changed_mind', 'other'] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

export const RETURN_REASON_LABELS: Record<ReturnReason, string> = {
  not_as_described: 'Not as described',
  damaged: 'Damaged',
  wrong_item: 'Wrong item',
  changed_mind: 'Changed my mind',
  other: 'Other',
};

export const RETURN_DESCRIPTION_MAX = 2_000;
export const RETURN_NOTE_MAX = 1_000;

/** The days a policy gives from delivery or pickup; null for no_returns. */
export const RETURN_POLICY_DAYS: Record<ReturnPolicy, number | null> = {
  no_returns: null,
  '7_days': 7,
  '14_days': 14,
  '30_days': 30,
  '60_days': 60,
};

/** The statuses the return-requests list shows (spec part 3). */
export const RETURN_STATUSES = ['pending', 'approved', 'rejected', 'completed'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

/**
 * Where a return is (decision 054). Before release (`case` before_release) the request holds the escrow's release:
 * pending -> approved -> shipped -> completed (the escrow is refunded) or lapsed (not shipped back in time: released);
 * rejected ends the hold. After release the money is the seller's: approved -> shipped -> refund_due (delivered back,
 * the seller signs a refund Payment) -> completed; a seller who does not refund in time, or a rejection the buyer
 * disputes, is escalated to an administrator, whose decision is refund_owed (the store shows 'Unresolved return' and
 * new listings wait until the refund validates) or closed.
 */
export const RETURN_STAGES = [
  'pending',
  'approved',
  'shipped',
  'refund_due',
  'escalated',
  'refund_owed',
  'rejected',
  'lapsed',
  'closed',
  'completed',
] as const;
export type ReturnStage = (typeof RETURN_STAGES)[number];

export const RETURN_CASES = ['before_release', 'after_release'] as const;
export type ReturnCase = (typeof RETURN_CASES)[number];

/** A stage as one of the four statuses the list shows; `escalated` shows what the seller decided before it. */
export function returnStatusOf(stage: ReturnStage, approved: boolean): ReturnStatus {
  switch (stage) {
    case 'pending':
      return 'pending';
    case 'completed':
      return 'completed';
    case 'rejected':
    case 'closed':
      return 'rejected';
    case 'escalated':
      return approved ? 'approved' : 'rejected';
    default:
      return 'approved';
  }
}

export const RETURN_STATUS_LABELS: Record<ReturnStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
  completed: 'Completed',
};

/** Hours the seller has to answer a request before it is approved for them (their silence is not a refusal). */
export const RETURN_ANSWER_HOURS = 48;
/** Before release, an approved return must be on its way back this long before the release deadline, or it lapses. */
export const RETURN_LAPSE_BEFORE_DEADLINE_HOURS = 24;
/** After a rejection before release, the buyer has this long to report an issue before the release goes ahead. */
export const RETURN_REJECTION_GRACE_HOURS = 24;
/** After release: days the buyer has to ship an approved return back. */
export const RETURN_SHIP_DAYS = 7;
/** After release: days a return may travel back before it goes to an administrator as lost. */
export const RETURN_TRANSIT_DAYS = 30;
/** After release: days the seller has to sign the refund once the return is delivered back. */
export const RETURN_REFUND_DAYS = 3;
