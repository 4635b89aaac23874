import { ulid } from 'ulid';
import type { OfferDeps } from '../core/offers/ports';
import { clock } from '../adapters/clock';
import { readCards } from '../adapters/db/listing-cards';
import { messageStore } from '../adapters/db/message-store';
import { offerStore } from '../adapters/db/offer-store';
import { saleListings } from '../adapters/db/sale-listings';
import { db } from '../adapters/db/service';
import { eventQueue } from '../adapters/event-queue';
import { loadLedger } from '../adapters/load-ledger';
import { mediaUrl } from '../adapters/media-url';
import type { Logger } from '../lib/logger';
import { accounts } from './auth';

/** The offer use cases wired to the table, the ledger (the buyer's RLUSD line) and the events queue. */
function offerDeps(log: Pick<Logger, 'warn'>): OfferDeps {
  return {
    store: offerStore(db()),
    messages: messageStore(db()),
    listings: saleListings(db()),
    wallet: async (userId) => (await accounts().user(userId))?.walletAddress ?? null,
    balanceCents: async (walletAddress) => (await (await loadLedger()).rlusdLine(walletAddress))?.balanceCents ?? 0,
    cards: (ids) => readCards(db(), ids),
    mediaUrl,
    events: eventQueue,
    newId: (at) => ulid(at.getTime()),
    clock,
    warn: (message, error) => log.warn(message, { error }),
  };
}

export const makeOfferDeps = offerDeps;
export const listConversationOffersDeps = offerDeps;
export const acceptOfferDeps = offerDeps;
export const rejectOfferDeps = offerDeps;
export const counterOfferDeps = offerDeps;
export const listMyOffersDeps = offerDeps;
export const expireOffersDeps = offerDeps;
export const declineOpenOffersDeps = offerDeps;
