import type { Cents } from '../../../shared/domain/money';
import type { Clock } from '../clock/clock';
import type { Offer } from '../../../shared/domain/offers';
import type { SaleListingReader } from '../cart/ports';
import type { ListingSummary } from '../listings/listing';
import type { MediaUrl } from '../listings/to-card';
import type { ConversationRecord, MessageRecord, MessageStore } from '../messages/ports';
import type { EventPublisher } from '../realtime/ports';

/**
 * One change of an offer thread, written in one transaction with the message that tells it (decision 033), through
 * the messages' append path: the message, the conversation's last activity and both parties' entries and counts.
 */
export interface OfferChange {
  conversation: ConversationRecord;
  /** An `offer` message (a new round) or a `system` one ('Offer {status}'), carrying its offer's id. */
  message: MessageRecord & { offerId: string };
  /** An offer that moved (conditionally on it still being as `from` says: its status, and no order yet). */
  moved?: { from: Offer; to: Offer };
  /** A new round, made the conversation's current offer conditionally on the current one still being `previous`. */
  created?: { offer: Offer; previous: string | null };
}

/** Where a buyer's offer sits in their list (newest first). */
export interface OfferPosition {
  listedAt: string;
  offerId: string;
}

export interface OfferStore {
  /** Read strongly consistent; null when there is none. */
  get(offerId: string): Promise<Offer | null>;
  /** Writes the change in one transaction; false when a condition failed (answered, or another offer made, meanwhile). */
  apply(change: OfferChange): Promise<boolean>;
  /** The conversation's offers, newest first, at most `limit`. */
  ofConversation(conversationId: string, limit: number): Promise<Offer[]>;
  /** The buyer's threads (each its newest round), newest first, after `after`; `after` of a full page. */
  ofBuyer(
    buyerId: string,
    after: OfferPosition | null,
    limit: number,
  ): Promise<{ offers: Offer[]; after: OfferPosition | null }>;
  /** Pending offers whose expiry is before `before`, oldest expiry first (the expiry index: no scan). */
  pendingDue(before: string, limit: number): Promise<Offer[]>;
  /** The listing's pending offers and its accepted ones not bought yet (a key range per status). */
  openOnListing(listingId: string): Promise<Offer[]>;
}

export interface OfferDeps {
  store: OfferStore;
  messages: Pick<MessageStore, 'conversation' | 'entry' | 'unreadTotal'>;
  /** Listings as buying reads them (strongly consistent: status, stock, offers on, minimum offer). */
  listings: SaleListingReader;
  /** The buyer's wallet (its RLUSD balance is read from the ledger). */
  wallet(userId: string): Promise<string | null>;
  /** The RLUSD balance of a wallet on the ledger, 0 without a trust line. */
  balanceCents(walletAddress: string): Promise<Cents>;
  /** Listing cards (My Offers shows each thread's listing as it is now). */
  cards(ids: string[]): Promise<ListingSummary[]>;
  mediaUrl: MediaUrl;
  events: EventPublisher;
  newId(at: Date): string;
  clock: Clock;
  /** Something done but not announced (the events queue failed): logged, the change still stands. */
  warn(message: string, error: unknown): void;
}
