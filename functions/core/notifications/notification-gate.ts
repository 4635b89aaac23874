import type { NotificationType } from '../../../shared/domain/notification';
import type { NotificationToggle } from '../../../shared/domain/seller-settings';

/**
 * Which of the user's notification toggles may mute a notification (decision 057): `toggle`, for every recipient, or
 * (`sellerOnly`) only when the recipient is the seller of the order it names (both parties get those under one key,
 * and the buyer's copy is about their purchase, not a sale).
 */
export interface NotificationGate {
  toggle: NotificationToggle;
  sellerOnly: boolean;
}

/** A notification's kind: its dedupe key's first part (every producer makes its keys `<kind>:<ids>`). */
export const kindOf = (dedupeKey: string): string => dedupeKey.split(':', 1)[0]!;

/**
 * Kinds no toggle mutes: each asks the user to act before a deadline on their money or tells them of a decision about
 * it that someone else made (an issue reported against them and its outcome, a return and its steps, an admin's
 * decision on either, the ship-by reminder, an escrow returned to the buyer).
 */
export const MANDATORY_KINDS = ['dispute', 'dispute_ending', 'return', 'ship_by', 'refunded'] as const;

const always = (toggle: NotificationToggle): NotificationGate => ({ toggle, sellerOnly: false });
const sellerOnly = (toggle: NotificationToggle): NotificationGate => ({ toggle, sellerOnly: true });

/** The kinds a toggle mutes; MANDATORY_KINDS and every kind not named here reach the user whatever they chose. */
const GATES: Readonly<Record<string, NotificationGate>> = {
  message: always('newMessages'),
  offer: always('newOffers'),
  // The seller's alone: a paid order, an auction sold or unsold.
  escrow_created: always('salesUpdates'),
  auction_sold: always('salesUpdates'),
  auction_unsold: always('salesUpdates'),
  // Both parties': the seller's copy is a sale's progress; the buyer's is theirs to get.
  delivered: sellerOnly('salesUpdates'),
  completed: sellerOnly('salesUpdates'),
  payment_lapsed: sellerOnly('salesUpdates'),
  weekly_report: always('weeklyReports'),
};

/** Kinds a producer adds later still follow their type's toggle. */
const BY_TYPE: Partial<Record<NotificationType, NotificationGate>> = {
  message: always('newMessages'),
  offer: always('newOffers'),
};

/** The gate of a notification; null when it always reaches its user. */
export function gateOf(n: { type: NotificationType; dedupeKey: string }): NotificationGate | null {
  const kind = kindOf(n.dedupeKey);
  if ((MANDATORY_KINDS as readonly string[]).includes(kind)) return null;
  return (Object.hasOwn(GATES, kind) ? GATES[kind] : BY_TYPE[n.type]) ?? null;
}
