import type { DomainEventOf } from '../../../shared/events';
import type { OrderRecord } from '../orders/order';
import { blankEntry, sideOf, toMessage } from './conversation-view';
import { conversationIdOf, noteMessageId } from './conversation-id';
import { messageCreatedEvents } from './message-events';
import type { ConversationRecord, MessageRecord, MessagingDeps } from './ports';
import { unreadAfter } from './send-message';

export type OrderNoteRequest = DomainEventOf<'order.note.requested'>['data'];

export interface OrderNoteDeps extends Pick<MessagingDeps, 'store' | 'events' | 'clock'> {
  orders: { get(orderId: string): Promise<OrderRecord | null> };
}

/** The conversation of the order's (first) item and its buyer: the one Contact Seller opens. Made if there is none. */
async function conversationOf(order: OrderRecord, startedBy: string, deps: OrderNoteDeps): Promise<ConversationRecord> {
  const line = order.lines[0]!;
  const conversationId = conversationIdOf({ listingId: line.listingId }, order.buyerId);
  const found = await deps.store.conversation(conversationId);
  if (found) return found;
  const at = deps.clock.now().toISOString();
  const record: ConversationRecord = {
    conversationId,
    listingId: line.listingId,
    listing: { title: line.title, imageKey: line.imageKey },
    buyerId: order.buyerId,
    buyerUsername: order.buyerUsername,
    sellerId: order.sellerId,
    sellerUsername: order.sellerUsername,
    createdAt: at,
    updatedAt: at,
  };
  await deps.store.createConversation(record, blankEntry(record, sideOf(record, startedBy)!, startedBy));
  return (await deps.store.conversation(conversationId)) ?? record;
}

/**
 * A system note in the order's conversation (decision 053), from one of its parties (the other gets it unread and
 * pushed live; the notification of the change itself is sent apart). Its message id comes from its key, so a request
 * delivered twice writes one message. Returns whether it wrote it now.
 */
export async function postOrderNote(request: OrderNoteRequest, at: Date, deps: OrderNoteDeps): Promise<boolean> {
  const order = await deps.orders.get(request.orderId);
  if (!order || (request.senderId !== order.buyerId && request.senderId !== order.sellerId)) return false;
  const c = await conversationOf(order, request.senderId, deps);
  const record: MessageRecord = {
    conversationId: c.conversationId,
    messageId: noteMessageId(request.noteKey, at),
    senderId: request.senderId,
    kind: 'system',
    content: request.content,
    createdAt: at.toISOString(),
  };
  if (!(await deps.store.append(c, record))) return false;
  const other = request.senderId === c.buyerId ? c.sellerId : c.buyerId;
  const unread = await unreadAfter(deps.store, c.conversationId, other, request.senderId);
  await deps.events.publish(messageCreatedEvents(toMessage(c, record), other, unread));
  return true;
}
