import { pauseWaitsFor } from '../../../core/account-state/account-rules';
import type { Eraser } from '../../../core/account-state/ports';
import type { Db } from '../service';
import { storeListings } from '../store-sweep-listings';

const PAGE = 25;

/**
 * Every active listing of the user paused (out of browse, search and sale) before the orders step looks at what their
 * orders name, so no new order starts meanwhile. A listing a checkout holds (or a racing first bid) makes the step
 * wait and read the same page again later.
 */
export function listingsOffSaleEraser(db: Db): Eraser {
  const listings = storeListings(db);
  return {
    name: 'listings-off-sale',
    async step(userId, cursor) {
      const page = await listings.page(userId, cursor, PAGE);
      let held = false;
      for (const l of page.items) {
        if (l.status === 'active' && (pauseWaitsFor(l) || !(await listings.pause(l)))) held = true;
      }
      if (held) return { done: false, cursor, wait: true };
      return page.cursor ? { done: false, cursor: page.cursor } : { done: true };
    },
  };
}
