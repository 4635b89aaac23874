import type { ConversationSummary } from '../../../shared/api/messages';
import { SELLER_SETTINGS_TEXTS } from '../../../shared/domain/seller-settings';
import { AppError, NotFoundError, UnauthorizedError } from '../../lib/errors';
import { conversationIdOf } from './conversation-id';
import { blankEntry, sideOf, snapshotOf, toSummary } from './conversation-view';
import type { ConversationRecord, DirectContact, InboxEntry, ListingSnapshot, MessagingDeps } from './ports';

export type ConversationTarget = { listingId: string } | { sellerId: string };

/** Spec part 1 "Buying, bidding and contact toasts": nobody messages themselves (their own listing or store). */
export class CannotContactYourself extends AppError {
  constructor() {
    super('forbidden', 'cannot_contact_yourself', 'Cannot Contact Yourself');
  }
}

/** The seller turned direct contact off (decision 057): no new conversation with them, existing ones stay open. */
export class DirectContactOff extends AppError {
  constructor() {
    super('forbidden', 'direct_contact_off', SELLER_SETTINGS_TEXTS.directContactOff);
  }
}

/**
 * A new conversation with a seller who turned direct contact off is refused, unless it is the one about the caller's
 * paid order of the listing (the purchase page's Contact Seller): conversations about orders always stay open.
 */
async function checkDirectContact(userId: string, sellerId: string, target: ConversationTarget, deps: DirectContact) {
  if (await deps.allowed(sellerId)) return;
  if ('listingId' in target && (await deps.hasOrder(userId, sellerId, target.listingId))) return;
  throw new DirectContactOff();
}

/**
 * Contact Seller (spec part 1 "Contact seller and wishlist", part 2 "Conversation"): finds or makes the one
 * conversation of the listing's seller and the caller as buyer (from a store page: of the store's user and the caller).
 * A deleted listing or an unknown user is 404; one's own listing or store 403 'Cannot Contact Yourself'; more new
 * conversations a minute than RATE_LIMITS.startConversation 429; a new one with a seller who does not accept direct
 * messages 403 (decision 057). The seller sees it once it has a message, so an unanswered Contact Seller click leaves
 * nothing in anyone else's list.
 */
export async function startConversation(
  userId: string,
  target: ConversationTarget,
  deps: Pick<MessagingDeps, 'store' | 'listings' | 'user' | 'mediaUrl' | 'clock' | 'limitStarts' | 'directContact'>,
): Promise<{ conversation: ConversationSummary; created: boolean }> {
  let sellerId: string;
  let listing: ListingSnapshot | null = null;
  if ('listingId' in target) {
    const [found] = await deps.listings([target.listingId]);
    if (!found || found.status === 'deleted') throw new NotFoundError('Listing not found');
    sellerId = found.sellerId;
    listing = snapshotOf(found);
  } else {
    sellerId = target.sellerId;
  }
  if (sellerId === userId) throw new CannotContactYourself();

  const conversationId = conversationIdOf(target, userId);
  let existing = await deps.store.conversation(conversationId);
  let created = false;
  let entry: InboxEntry | null = null;
  if (!existing) {
    await checkDirectContact(userId, sellerId, target, deps.directContact);
    // Only making one counts: Contact Seller on a conversation one already has is a lookup.
    await deps.limitStarts(userId);
    const [buyer, seller] = await Promise.all([deps.user(userId), deps.user(sellerId)]);
    if (!buyer) throw new UnauthorizedError();
    if (!seller) throw new NotFoundError('User not found');
    const at = deps.clock.now().toISOString();
    const record: ConversationRecord = {
      conversationId,
      listingId: 'listingId' in target ? target.listingId : null,
      listing,
      buyerId: userId,
      buyerUsername: buyer.username,
      sellerId,
      sellerUsername: seller.username,
      createdAt: at,
      updatedAt: at,
    };
    const starter = blankEntry(record, sideOf(record, userId)!, userId);
    created = (await deps.store.createConversation(record, starter)) === 'created';
    if (created) [existing, entry] = [record, starter];
    // Lost a race with another click of the same buyer: that one made it.
    else existing = await deps.store.conversation(conversationId);
    if (!existing) throw new Error(`conversation ${conversationId} exists but can't be read`);
  }
  const side = sideOf(existing, userId)!;
  entry ??= (await deps.store.entry(userId, side.otherUserId, conversationId)) ?? blankEntry(existing, side, userId);
  return { conversation: toSummary(entry, deps.mediaUrl), created };
}
