import { ulid } from 'ulid';
import type { OfferDeps } from '../core/offers/ports';
import type { Logger } from '../lib/logger';
import { accounts } from '../wiring/auth';
import { clock } from './clock';
import { readCards } from './db/listing-cards';
import { messageStore } from './db/message-store';
import { offerStore } from './db/offer-store';
import { saleListings } from './db/sale-listings';
import { db } from './db/service';
import { eventQueue } from './event-queue';
import { loadLedger } from './load-ledger';
import { mediaUrl } from './media-url';

/** The offer use cases wired to the table, the ledger (the buyer's RLUSD line) and the events queue. */
export function offerDeps(log: Pick<Logger, 'warn'>): OfferDeps {
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
    now: () => clock.now(),
    warn: (message, error) => log.warn(message, { error }),
  };
}
