import { ulid } from 'ulid';
import type { BidOnListingDeps } from '../core/bids/bid-on-listing';
import { UpstreamError } from '../lib/errors';
import type { Logger } from '../lib/logger';
import { accounts } from './auth-deps';
import { bidEvents } from './bid-events';
import { clock } from './clock';
import { bidStore } from './db/bid-store';
import { db } from './db/service';
import { loadLedger } from './load-ledger';

/** The bid use case wired to the table, the ledger (the bidder's RLUSD line) and the events queue. */
export function bidDeps(log: Logger): BidOnListingDeps {
  return {
    store: bidStore(db()),
    bidder: (userId) => accounts().user(userId),
    async balanceCents(walletAddress) {
      try {
        return (await (await loadLedger()).rlusdLine(walletAddress))?.balanceCents ?? 0;
      } catch (error) {
        log.warn('balance read failed', { error });
        throw new UpstreamError(503, 'ledger_unavailable', 'Could not read your balance from the XRP Ledger');
      }
    },
    events: bidEvents,
    newId: (at) => ulid(at.getTime()),
    now: () => clock.now(),
    warn: (message, error) => log.warn(message, { error }),
  };
}
