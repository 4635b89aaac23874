import { ulid } from 'ulid';
import type { Cents } from '../../shared/domain/money';
import { reusableBalance, type BalanceRead } from '../core/bids/balance-reuse';
import { BIDS_PER_WRITE, type BidLane, type BidOnListingDeps } from '../core/bids/bid-on-listing';
import { BoundedMap } from '../lib/bounded-map';
import { UpstreamError } from '../lib/errors';
import { keyedBatches } from '../lib/keyed-batches';
import type { Logger } from '../lib/logger';
import { accounts } from '../wiring/auth';
import { bidEvents } from './bid-events';
import { clock } from './clock';
import { bidStore } from './db/bid-store';
import { db } from './db/service';
import { loadLedger } from './load-ledger';

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
export function bidDeps(log: Logger): BidOnListingDeps {
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
    now: () => clock.now(),
    warn: (message, error) => log.warn(message, { error }),
    lane,
  };
}
