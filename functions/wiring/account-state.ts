import { accountChecks } from '../adapters/db/account-checks';
import { accountStateStore } from '../adapters/db/account-state-store';
import { accountStore } from '../adapters/db/account-store';
import { accountEraser } from '../adapters/db/erasers/account-eraser';
import { analyticsEraser } from '../adapters/db/erasers/analytics-eraser';
import { bidsEraser } from '../adapters/db/erasers/bids-eraser';
import { cartEraser } from '../adapters/db/erasers/cart-eraser';
import { listingsEraser } from '../adapters/db/erasers/listings-eraser';
import { listingsOffSaleEraser } from '../adapters/db/erasers/listings-off-sale-eraser';
import { messagesEraser } from '../adapters/db/erasers/messages-eraser';
import { notificationsEraser } from '../adapters/db/erasers/notifications-eraser';
import { ordersEraser } from '../adapters/db/erasers/orders-eraser';
import { profileEraser } from '../adapters/db/erasers/profile-eraser';
import { sessionsEraser } from '../adapters/db/erasers/sessions-eraser';
import { wishlistEraser } from '../adapters/db/erasers/wishlist-eraser';
import { removeSellerSettings } from '../adapters/db/seller-settings-store';
import { eraseAllAtOnce } from '../core/account-state/erasers';
import { removeUserFollows } from '../core/follows/remove-user-follows';
import { removeUserFollowsDeps } from './follows';
import { db } from '../adapters/db/service';
import { storeListings } from '../adapters/db/store-sweep-listings';
import { clock } from '../adapters/clock';
import { removeObjects } from '../adapters/media-store';
import type { AccountStateDeps, Budget, Eraser } from '../core/account-state/ports';
import type { Logger } from '../lib/logger';

/** A request's share of its function's 10 s: the rest of the work is the schedule's. */
const REQUEST_BUDGET_MS = 5_000;
/** A scheduled run stops taking new pages this long before its time limit. */
const JOB_MARGIN_MS = 10_000;

/** Real time, not the functions' clock (tests move that): how long a run may go on. */
const until = (deadline: number): Budget => ({ more: () => Date.now() < deadline });

/**
 * Delete Data's erasers, in the order they run (decision 059): sessions end first, so nothing new starts; listings go
 * off sale before the orders step marks those their orders keep; the listings step then erases the unmarked ones;
 * the account's name and wallet link go last. Another kind of data joins as its own eraser before `account` (a
 * function that removes all of it at once: core/account-state/erasers.ts eraseAllAtOnce).
 */
export function erasers(): Eraser[] {
  return [
    sessionsEraser(db()),
    listingsOffSaleEraser(db()),
    ordersEraser(db()),
    listingsEraser(db(), removeObjects),
    bidsEraser(db()),
    messagesEraser(db()),
    wishlistEraser(db()),
    cartEraser(db()),
    notificationsEraser(db()),
    analyticsEraser(db()),
    eraseAllAtOnce('follows', (userId) => removeUserFollows(userId, removeUserFollowsDeps())),
    eraseAllAtOnce('sellerSettings', (userId) => removeSellerSettings(db(), userId)),
    profileEraser(db(), removeObjects),
    accountEraser(db()),
  ];
}

type Log = Pick<Logger, 'error'>;

function deps(budget: () => Budget, log: Log): AccountStateDeps {
  return {
    states: accountStateStore(db()),
    listings: storeListings(db()),
    checks: accountChecks(db()),
    accounts: accountStore(db()),
    erasers: erasers(),
    clock,
    budget,
    log,
  };
}

/** A request's: it works for REQUEST_BUDGET_MS from now. */
export const accountRequestDeps = (log: Log) => deps(() => until(Date.now() + REQUEST_BUDGET_MS), log);

/** A scheduled run's, until just before its time limit. */
export const accountJobDeps = (runDeadline: number, log: Log) => deps(() => until(runDeadline - JOB_MARGIN_MS), log);

/** What the store page and new listings read: the store's status. */
export const accountStates = () => accountStateStore(db());
