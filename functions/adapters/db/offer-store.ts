import type { Offer } from '../../../shared/domain/offers';
import type { CurrentOffers } from '../../core/cart/offer-price';
import { conversationIdOf } from '../../core/messages/conversation-id';
import type { OfferChange, OfferStore } from '../../core/offers/ports';
import { NOT_INDEXED } from './entities/offer';
import type { TransactionEntities } from './listing-close';
import { appendWrites } from './message-store';
import type { Db } from './service';
import { cancelReasons, transactWithRetry, type TransactResult } from './transact';

type OfferRow = {
  offerId: string;
  conversationId: string;
  listingId: string;
  buyerId: string;
  sellerId: string;
  senderId: string;
  amountCents: number;
  expiresAt?: string;
  status: Offer['status'];
  round: number;
  counterOf?: string;
  buyBy?: string;
  orderId?: string;
  createdAt: string;
  updatedAt: string;
};

export const toOffer = (r: OfferRow): Offer => ({
  id: r.offerId,
  conversationId: r.conversationId,
  listingId: r.listingId,
  buyerId: r.buyerId,
  sellerId: r.sellerId,
  senderId: r.senderId,
  amountCents: r.amountCents,
  expiresAt: r.expiresAt ?? null,
  status: r.status,
  round: r.round,
  counterOf: r.counterOf ?? null,
  buyBy: r.buyBy ?? null,
  orderId: r.orderId ?? null,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
});

/** A thread is one line of the buyer's list, its newest round: a countered round leaves the index. */
const listedAtOf = (o: Offer) => (o.status === 'countered' ? NOT_INDEXED : o.createdAt);

function newRow(o: Offer) {
  return {
    offerId: o.id,
    conversationId: o.conversationId,
    listingId: o.listingId,
    buyerId: o.buyerId,
    sellerId: o.sellerId,
    senderId: o.senderId,
    amountCents: o.amountCents,
    ...(o.expiresAt !== null && { expiresAt: o.expiresAt }),
    expiryKey: o.expiresAt ?? NOT_INDEXED,
    status: o.status,
    round: o.round,
    ...(o.counterOf !== null && { counterOf: o.counterOf }),
    createdAt: o.createdAt,
    updatedAt: o.updatedAt,
    listedAt: listedAtOf(o),
  };
}

/**
 * An offer's move, conditional on it being as read (its status, no order yet). The index composites it keeps are
 * named (ElectroDB rebuilds or drops each index the status is part of: out of the expiry index once not pending, out
 * of the buyer's list once countered).
 */
function moveWrite(tx: Pick<TransactionEntities, 'offer'>, from: Offer, to: Offer) {
  return tx.offer
    .patch({ offerId: from.id })
    .set({
      status: to.status,
      updatedAt: to.updatedAt,
      ...(to.buyBy !== null && { buyBy: to.buyBy }),
      ...(listedAtOf(to) !== listedAtOf(from) && { listedAt: listedAtOf(to) }),
    })
    .composite({ listingId: from.listingId, buyerId: from.buyerId, expiryKey: from.expiresAt ?? NOT_INDEXED })
    .where((a, op) => `${op.eq(a.status, from.status)} AND ${op.notExists(a.orderId)}`)
    .commit();
}

/** Offers in the one table: each round its own item, written with its conversation's message (decision 033). */
export function offerStore(db: Db): OfferStore {
  const { offer } = db.entities;
  return {
    async get(offerId) {
      const { data } = await offer.get({ offerId }).go({ consistent: true });
      return data ? toOffer(data as OfferRow) : null;
    },

    async apply(change: OfferChange) {
      const { conversation: c, message: m, moved, created } = change;
      const result = await transactWithRetry(
        () =>
          db.transaction
            .write((tx) => [
              ...appendWrites(tx, c, m, created && { offerId: created.offer.id, previous: created.previous }),
              ...(moved ? [moveWrite(tx, moved.from, moved.to)] : []),
              ...(created ? [tx.offer.create(newRow(created.offer)).commit()] : []),
            ])
            .go() as Promise<TransactResult>,
      );
      if (!result.canceled) return true;
      if (result.data.some((d) => d?.code === 'ConditionalCheckFailed')) return false;
      throw new Error(`offer change cancelled: ${cancelReasons(result)}`);
    },

    async ofConversation(conversationId, limit) {
      const { data } = await offer.query.byConversation({ conversationId }).go({ order: 'desc', limit });
      return (data as OfferRow[]).map(toOffer);
    },

    async ofBuyer(buyerId, after, limit) {
      const q = offer.query.byBuyer({ buyerId });
      const options = { order: 'desc', limit } as const;
      const { data } = await (after ? q.lt({ listedAt: after.listedAt, offerId: after.offerId }) : q).go(options);
      const offers = (data as OfferRow[]).map(toOffer);
      const last = offers.length === limit ? offers[offers.length - 1]! : null;
      return { offers, after: last ? { listedAt: last.createdAt, offerId: last.id } : null };
    },

    async pendingDue(before, limit) {
      const { data } = await offer.query.byExpiry({ status: 'pending' }).lt({ expiryKey: before }).go({ limit });
      return (data as OfferRow[]).map(toOffer);
    },

    async openOnListing(listingId) {
      const [pending, accepted] = await Promise.all(
        (['pending', 'accepted'] as const).map((status) =>
          offer.query.byListing({ listingId, status }).go({ pages: 'all' }),
        ),
      );
      return [...pending!.data, ...accepted!.data.filter((r) => r.orderId === undefined)].map((r) =>
        toOffer(r as OfferRow),
      );
    },
  };
}

/**
 * The newest offer of the buyer's conversation about each listing (the cart prices a line from an accepted one): the
 * conversations' ids are made from (listing, buyer), so it is a batch read of those that exist, then of the offers
 * they name. Nothing more is read for a buyer who made no offer on those listings.
 */
export function currentOffers(db: Db): CurrentOffers {
  return {
    async current(buyerId, listingIds) {
      if (listingIds.length === 0) return [];
      const { conversation, offer } = db.entities;
      const keys = [...new Set(listingIds)].map((listingId) => ({
        conversationId: conversationIdOf({ listingId }, buyerId),
      }));
      const convs = await conversation
        .get(keys)
        .go({ consistent: true, attributes: ['conversationId', 'currentOfferId'] });
      if (convs.unprocessed.length > 0) throw new Error(`Batch read left ${convs.unprocessed.length} conversations`);
      const offerIds = convs.data.flatMap((c) => (c.currentOfferId ? [{ offerId: c.currentOfferId }] : []));
      if (offerIds.length === 0) return [];
      const offers = await offer.get(offerIds).go({ consistent: true });
      if (offers.unprocessed.length > 0) throw new Error(`Batch read left ${offers.unprocessed.length} offers`);
      return (offers.data as OfferRow[]).map(toOffer).filter((o) => o.buyerId === buyerId);
    },
  };
}
