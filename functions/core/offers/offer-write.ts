import { OFFER_TOASTS, type Offer, type OfferStatus } from '../../../shared/domain/offers';
import { toMessage } from '../messages/conversation-view';
import { messageCreatedEvents } from '../messages/message-events';
import type { ConversationRecord, MessageRecord } from '../messages/ports';
import { unreadAfter } from '../messages/send-message';
import { offerNotice, offerUpdatedEvents } from './offer-events';
import { moved } from './offer-rules';
import type { OfferChange, OfferDeps } from './ports';

/** The offer's conversation (it exists: an offer is only ever made in one). */
export async function conversationOf(offer: Offer, deps: Pick<OfferDeps, 'messages'>): Promise<ConversationRecord> {
  const c = await deps.messages.conversation(offer.conversationId);
  if (!c) throw new Error(`offer ${offer.id} names conversation ${offer.conversationId}, which does not exist`);
  return c;
}

/**
 * Writes one change of an offer thread (decision 033) and announces it: the message to both parties live (the
 * recipient's copy with their unread counts), every offer it changed on both parties' topics, and an 'offer'
 * notification to the message's recipient (the new round's receiver, the answered offer's sender, the buyer of a
 * declined one); no 'message' notification beside it. False when a condition failed and nothing was written.
 */
export async function writeOfferChange(
  change: OfferChange,
  deps: Pick<OfferDeps, 'store' | 'messages' | 'events' | 'warn'>,
): Promise<boolean> {
  if (!(await deps.store.apply(change))) return false;
  const c = change.conversation;
  const message = toMessage(c, change.message);
  const recipientId = message.senderId === c.buyerId ? c.sellerId : c.buyerId;
  const changed = [change.moved?.to, change.created?.offer].filter((o): o is Offer => o !== undefined);
  const told = change.created?.offer ?? change.moved!.to;
  try {
    const unread = await unreadAfter(deps.messages, c.conversationId, recipientId, message.senderId);
    await deps.events.publish([
      ...messageCreatedEvents(message, recipientId, unread),
      ...changed.flatMap((o) => offerUpdatedEvents(o, message.createdAt)),
      offerNotice(c, told, recipientId),
    ]);
  } catch (error) {
    // Stored is done: both parties see it on their next read.
    deps.warn('offer change stored but not announced', error);
  }
  return true;
}

/** A message of the thread, sent by `senderId` at `at`, about `offerId`. */
export function offerMessage(
  c: ConversationRecord,
  m: { offerId: string; senderId: string; kind: 'offer' | 'system'; content: string },
  at: Date,
  deps: Pick<OfferDeps, 'newId'>,
): MessageRecord & { offerId: string } {
  return { conversationId: c.conversationId, messageId: deps.newId(at), createdAt: at.toISOString(), ...m };
}

/**
 * Moves the offer to `status` with the system message 'Offer {status}' from `senderId` (the answering party; for an
 * expiry its receiver, for a decline the seller): the offer as it is now, or null when it was no longer as read.
 */
export async function moveWithMessage(
  c: ConversationRecord,
  offer: Offer,
  status: Exclude<OfferStatus, 'pending' | 'countered'>,
  senderId: string,
  at: Date,
  deps: Pick<OfferDeps, 'store' | 'messages' | 'events' | 'warn' | 'newId'>,
): Promise<Offer | null> {
  const to = moved(offer, status, at);
  const message = offerMessage(
    c,
    { offerId: offer.id, senderId, kind: 'system', content: OFFER_TOASTS.responded(status) },
    at,
    deps,
  );
  return (await writeOfferChange({ conversation: c, message, moved: { from: offer, to } }, deps)) ? to : null;
}
