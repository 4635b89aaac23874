import { PAYMENT_WINDOW_HOURS } from '../../../shared/api/orders';
import type { MessageKind } from '../../../shared/domain/messages';
import type { Cents } from '../../../shared/domain/money';
import type { OrderStatus } from '../../../shared/domain/order-status';
import { ESCROW_WINDOW_HOURS } from '../orders/checkout';

/** A seller's week in figures (decision 057). */
export interface WeeklyFigures {
  /** Escrows released to the seller in the week. */
  sales: number;
  /** What those escrows held, in RLUSD cents. */
  revenueCents: Cents;
  /** Offers buyers made to the seller in the week (first offers and buyers' counters). */
  offers: number;
  /** Text messages others sent the seller about their listings and store in the week. */
  messages: number;
}

export interface SaleRow {
  status: OrderStatus;
  completedAt: string | null;
  totalCents: Cents;
}

export interface MessageRow {
  kind: MessageKind;
  senderId: string;
}

/** Where the figures are read (cheaply: by key ranges of the seller's own indexes, never a scan). */
export interface WeeklyActivityPort {
  /** The seller's orders made in [from, to), from the seller's orders index. */
  salesMade(sellerId: string, from: Date, to: Date): Promise<SaleRow[]>;
  /** The conversations in which the user is the seller and something happened since `since` (their inbox index). */
  sellerConversations(sellerId: string, since: Date): Promise<string[]>;
  /** A conversation's messages made in [from, to) (message ids are ULIDs: a key range). */
  messagesIn(conversationId: string, from: Date, to: Date): Promise<MessageRow[]>;
}

/**
 * How long before its release an order can have been made: the escrow is released before its CancelAfter, the escrow
 * window after funding, and funding comes at most an auction's payment window (and a day of signing) after the order.
 */
export const SALE_LOOKBACK_MS = (ESCROW_WINDOW_HOURS + PAYMENT_WINDOW_HOURS + 24) * 3_600_000;

/** Escrows released in [start, end): how many and what they held. */
export function salesIn(
  orders: readonly SaleRow[],
  start: Date,
  end: Date,
): Pick<WeeklyFigures, 'sales' | 'revenueCents'> {
  const [from, to] = [start.toISOString(), end.toISOString()];
  const released = orders.filter(
    (o) => o.status === 'completed' && o.completedAt !== null && o.completedAt >= from && o.completedAt < to,
  );
  return { sales: released.length, revenueCents: released.reduce((sum, o) => sum + o.totalCents, 0) };
}

/** What others sent the seller in their conversations: offers (offer messages) and text messages. */
export function receivedIn(
  messages: readonly MessageRow[],
  sellerId: string,
): Pick<WeeklyFigures, 'offers' | 'messages'> {
  const received = messages.filter((m) => m.senderId !== sellerId);
  return {
    offers: received.filter((m) => m.kind === 'offer').length,
    messages: received.filter((m) => m.kind === 'text').length,
  };
}

/** At most this many conversations read at once. */
const READS_AT_ONCE = 8;

/** The seller's figures for the week [start, end). */
export async function weeklyFigures(
  sellerId: string,
  { start, end }: { start: Date; end: Date },
  port: WeeklyActivityPort,
): Promise<WeeklyFigures> {
  const [orders, conversations] = await Promise.all([
    port.salesMade(sellerId, new Date(start.getTime() - SALE_LOOKBACK_MS), end),
    port.sellerConversations(sellerId, start),
  ]);
  const messages: MessageRow[] = [];
  for (let i = 0; i < conversations.length; i += READS_AT_ONCE) {
    const batch = conversations.slice(i, i + READS_AT_ONCE);
    for (const rows of await Promise.all(batch.map((id) => port.messagesIn(id, start, end)))) messages.push(...rows);
  }
  return { ...salesIn(orders, start, end), ...receivedIn(messages, sellerId) };
}
