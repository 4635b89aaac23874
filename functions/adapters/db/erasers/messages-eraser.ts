import { DELETED_MESSAGE, DELETED_USER } from '../../../../shared/domain/account-state';
import type { Eraser } from '../../../core/account-state/ports';
import { conditionally } from '../conditional';
import type { Db } from '../service';
import { ERASED_LISTING_TITLE } from './listings-eraser';

/** Messages read per call. */
const PAGE = 100;
/** A conversation written meanwhile (a new message moves its updatedAt) is read again, at most this often. */
const ATTEMPTS = 3;

/** The conversation being done and how far through its messages. */
type Position = { conversationId: string; otherUserId: string; messages: string | null };

/**
 * The user's conversations, kept for the other party (decision 059): every text message the user wrote says
 * 'Message deleted' (offer and system messages stay: they record offers and orders), the user's username becomes
 * 'Deleted user' on the conversation and the other party's entry, and a listing erased before loses its title and
 * photo there. The user's own entries and unread count go. One conversation at a time, its messages a page at a time.
 */
export function messagesEraser(db: Db): Eraser {
  const { conversation, message, inboxEntry, messageCounter, listing } = db.entities;

  async function erasedListing(listingId: string | undefined, sellerId: string, userId: string) {
    if (!listingId || sellerId !== userId) return false;
    return (await listing.get({ listingId }).go({ attributes: ['status'] })).data?.status === 'deleted';
  }

  async function anonymiseConversation(userId: string, conversationId: string): Promise<boolean> {
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const { data: c } = await conversation.get({ conversationId }).go({ consistent: true });
      if (!c) return false;
      const erased = await erasedListing(c.listingId, c.sellerId, userId);
      const { listingImageKey, ...rest } = c;
      const next = {
        ...rest,
        ...(c.buyerId === userId ? { buyerUsername: DELETED_USER } : { sellerUsername: DELETED_USER }),
        ...(erased ? { listingTitle: ERASED_LISTING_TITLE } : listingImageKey !== undefined && { listingImageKey }),
      };
      // The parties' names are read-only to updates: the item is written whole, as it was read.
      if (
        await conditionally(() =>
          conversation
            .put(next)
            .where((a, op) => op.eq(a.updatedAt, c.updatedAt))
            .go(),
        )
      ) {
        return erased;
      }
    }
    throw new Error(`conversation ${conversationId} kept changing`);
  }

  async function finish(userId: string, at: Position) {
    const erased = await anonymiseConversation(userId, at.conversationId);
    const theirs = { userId: at.otherUserId, otherUserId: userId, conversationId: at.conversationId };
    const entry = (await inboxEntry.get(theirs).go()).data;
    if (entry) {
      const patch = inboxEntry.patch(theirs).set({
        otherUsername: DELETED_USER,
        ...(erased && { listingTitle: ERASED_LISTING_TITLE }),
      });
      await conditionally(() => (erased ? patch.remove(['listingImageKey']) : patch).go());
      if (entry.lastMessageSenderId === userId && entry.lastMessageKind === 'text' && entry.lastMessageId) {
        const lastId = entry.lastMessageId;
        // Only while that message is still the last one (a newer one of theirs shows as it is).
        await conditionally(() =>
          inboxEntry
            .patch(theirs)
            .set({ lastMessageText: DELETED_MESSAGE })
            .where((a, op) => op.eq(a.lastMessageId, lastId))
            .go(),
        );
      }
    }
    await inboxEntry.delete({ userId, otherUserId: at.otherUserId, conversationId: at.conversationId }).go();
  }

  return {
    name: 'messages',
    async step(userId, cursor) {
      let at = cursor ? (JSON.parse(cursor) as Position) : null;
      if (!at) {
        // Each conversation's entry goes once it is done, so the first one left is the next to do.
        const first = (await inboxEntry.query.byUserOther({ userId }).go({ limit: 1 })).data[0];
        if (!first) {
          await messageCounter.delete({ userId }).go();
          return { done: true };
        }
        at = { conversationId: first.conversationId, otherUserId: first.otherUserId, messages: null };
      }
      const page = await message.query
        .byConversation({ conversationId: at.conversationId })
        .go({ cursor: at.messages, limit: PAGE });
      await Promise.all(
        page.data
          .filter((m) => m.senderId === userId && m.kind === 'text' && m.content !== DELETED_MESSAGE)
          // Messages are read-only to updates: each is written whole with its new text.
          .map((m) => message.put({ ...m, content: DELETED_MESSAGE }).go()),
      );
      if (page.cursor) return { done: false, cursor: JSON.stringify({ ...at, messages: page.cursor }) };
      await finish(userId, at);
      return { done: false, cursor: null };
    },
  };
}
