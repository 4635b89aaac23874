import type { Offer } from '../../../shared/domain/offers';
import { partySide } from '../messages/conversation-view';
import type { OfferDeps } from './ports';

/** A conversation's offers the chat reads at once (each thread at most 5 rounds; older threads beyond are history). */
export const CONVERSATION_OFFERS_LIMIT = 100;

/** The conversation's offers, newest first (spec part 2: "Read offers by conversation"); 404 to all but its parties. */
export async function listConversationOffers(
  userId: string,
  conversationId: string,
  deps: Pick<OfferDeps, 'messages' | 'store'>,
): Promise<{ items: Offer[] }> {
  partySide(await deps.messages.conversation(conversationId), userId);
  return { items: await deps.store.ofConversation(conversationId, CONVERSATION_OFFERS_LIMIT) };
}
