import { vi } from 'vitest';
import type { SaleListing } from '../../../../functions/core/cart/sale-listing';
import { startConversation } from '../../../../functions/core/messages/start-conversation';
import type { OfferDeps, OfferStore } from '../../../../functions/core/offers/ports';
import type { Offer } from '../../../../shared/domain/offers';
import { messagingDeps, T0 } from '../messages/memory-messages';

export { T0 };

/** The listing of the offer tests: fixed price $50, offers on, minimum $30, one unit. */
export function saleListing(over: Partial<SaleListing> = {}): SaleListing {
  return {
    listingId: 'L1',
    sellerId: 'SELLER',
    sellerUsername: 'sam',
    title: 'Brass Lantern',
    listingType: 'fixed',
    status: 'active',
    priceCents: 5_000,
    shippingType: 'free',
    quantity: 1,
    quantitySold: 0,
    quantityReserved: 0,
    version: 1,
    acceptOffers: true,
    minOfferCents: 3_000,
    ...over,
  };
}

/**
 * The offer store's contract in memory over the messages' memory store (what adapters/db/offer-store.ts does in one
 * transaction): a move holds only while the offer is as read, a new round only while the conversation's current offer
 * is the one read; then the message is appended and both are written.
 */
export function offerWorld(listing: SaleListing = saleListing()) {
  const m = messagingDeps();
  const offers = new Map<string, Offer>();
  const clock = { at: T0 };
  const listings = new Map([[listing.listingId, listing]]);

  const store: OfferStore = {
    async get(offerId) {
      return offers.get(offerId) ?? null;
    },
    // Checked and written with no await in between, as one transaction is: a racing change sees this one's writes.
    async apply({ conversation, message, moved, created }) {
      const current = m.memory.conversations.get(conversation.conversationId);
      if (!current) throw new Error('no such conversation');
      const now = moved && offers.get(moved.from.id);
      if (moved && (now?.status !== moved.from.status || now.orderId !== null)) return false;
      if (created && (current.currentOfferId ?? null) !== created.previous) return false;
      if (moved) offers.set(moved.to.id, moved.to);
      if (created) offers.set(created.offer.id, created.offer);
      const after = created ? { ...current, currentOfferId: created.offer.id } : current;
      m.memory.conversations.set(conversation.conversationId, after);
      await m.memory.store.append(after, message);
      return true;
    },
    async ofConversation(conversationId, limit) {
      return [...offers.values()]
        .filter((o) => o.conversationId === conversationId)
        .sort((a, b) => b.id.localeCompare(a.id))
        .slice(0, limit);
    },
    async ofBuyer(buyerId, after, limit) {
      const all = [...offers.values()]
        .filter((o) => o.buyerId === buyerId && o.status !== 'countered')
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id))
        .filter((o) => !after || `${o.createdAt}|${o.id}` < `${after.listedAt}|${after.offerId}`);
      const page = all.slice(0, limit);
      const last = page.length === limit ? page[limit - 1]! : null;
      return { offers: page, after: last && { listedAt: last.createdAt, offerId: last.id } };
    },
    async pendingDue(before, limit) {
      return [...offers.values()]
        .filter((o) => o.status === 'pending' && o.expiresAt !== null && o.expiresAt < before)
        .slice(0, limit);
    },
    async openOnListing(listingId) {
      return [...offers.values()].filter(
        (o) => o.listingId === listingId && (o.status === 'pending' || (o.status === 'accepted' && !o.orderId)),
      );
    },
  };

  const deps = {
    store,
    messages: m.memory.store,
    listings: { get: vi.fn(async (ids: readonly string[]) => ids.flatMap((id) => listings.get(id) ?? [])) },
    wallet: vi.fn(async (userId: string) => `r${userId}`),
    balanceCents: vi.fn(async () => 10_000),
    cards: vi.fn(async () => []),
    mediaUrl: (k: string) => `https://media.test/${k}`,
    events: m.deps.events,
    newId: m.deps.newId,
    clock: { now: () => new Date(clock.at) },
    warn: vi.fn(),
  } satisfies OfferDeps;

  /** The buyer's conversation about the listing. */
  const conversation = async () =>
    (await startConversation('BUYER', { listingId: listing.listingId }, { ...m.deps, clock: deps.clock })).conversation
      .id;

  return { deps, offers, clock, listings, published: m.published, memory: m.memory, conversation };
}
