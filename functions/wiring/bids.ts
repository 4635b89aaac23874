import { ulid } from 'ulid';
import type { Cents } from '../../shared/domain/money';
import { accounts } from './auth';
import { bidEvents } from '../adapters/bid-events';
import { bidStore } from '../adapters/db/bid-store';
import { myBidsStore } from '../adapters/db/my-bids-store';
import { db } from '../adapters/db/service';
import { clock } from '../adapters/clock';
import { loadLedger } from '../adapters/load-ledger';
import { mediaUrl } from '../adapters/media-url';
import { reusableBalance, type BalanceRead } from '../core/bids/balance-reuse';
import type { listBids } from '../core/bids/list-bids';
import type { MyBidsDeps } from '../core/bids/list-my-bids';
import { BIDS_PER_WRITE, type BidLane, type PlaceBidDeps } from '../core/bids/place-bid';
import { BoundedMap } from '../lib/bounded-map';
import { UpstreamError } from '../lib/errors';
import { keyedBatches } from '../lib/keyed-batches';
import type { Logger } from '../lib/logger';

/**
 * The bid route's first read goes to the table with the session check (decision 036): its authenticator, and the store
 * that hands that read to the use case.
 */
export { bidAuthenticator, withFirstRead } from '../adapters/bid-first-read';

// Kept per process, for as long as it lives (decisions 031, 036): each listing's lane of bids (written together); bidders' usernames and
// wallets, which never change once the account is made; each wallet's last RLUSD balance read, reused only as
// core/bids/balance-reuse.ts allows.
const lane: BidLane = keyedBatches(BIDS_PER_WRITE);
const bidders = new BoundedMap<string, { username: string; walletAddress: string }>(10_000);
const balances = new BoundedMap<string, BalanceRead>(10_000);

async function ledgerBalance(walletAddress: string, log: Logger): Promise<Cents> {
  try {
    return (await (await loadLedger()).rlusdLine(walletAddress))?.balanceCents ?? 0;
  } catch (error) {
    log.warn('balance read failed', { error });
    throw new UpstreamError('unavailable', 'ledger_unavailable', 'Could not read your balance from the XRP Ledger');
  }
}

/** The bid use case wired to the table, the ledger (the bidder's RLUSD line) and the events queue. */
export function placeBidDeps(log: Logger): PlaceBidDeps {
  return {
    store: bidStore(db()),
    async bidder(userId) {
      const known = bidders.get(userId);
      if (known) return known;
      const user = await accounts().user(userId);
      if (!user) return null;
      const bidder = { username: user.username, walletAddress: user.walletAddress };
      bidders.set(userId, bidder);
      return bidder;
    },
    async balanceCents(walletAddress, needCents) {
      // Real time, not the functions' clock: this is the age of a read, not a business time.
      const reused = reusableBalance(balances.get(walletAddress), needCents, Date.now());
      if (reused !== null) return reused;
      const at = Date.now();
      const cents = await ledgerBalance(walletAddress, log);
      balances.set(walletAddress, { cents, at });
      return cents;
    },
    events: bidEvents,
    newId: (at) => ulid(at.getTime()),
    clock,
    warn: (message, error) => log.warn(message, { error }),
    lane,
  };
}

/** The public bid history, read from the table. */
export function listBidsDeps(): Parameters<typeof listBids>[1] {
  return bidStore(db());
}

/** The caller's auctions, read from the table, with the functions' clock for their standing. */
export function listMyBidsDeps(): MyBidsDeps {
  return { store: myBidsStore(db()), mediaUrl, clock };
}
