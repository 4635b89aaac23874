import type { Eraser } from '../../../core/account-state/ports';
import type { Db } from '../service';

const PAGE = 25;

/**
 * The seller's Analytics (decision 056): its day and block counts, its recent activity (which names buyers' actions)
 * and its active-listing count. Viewer marks and day salts are nobody's: they expire on their own.
 */
export function analyticsEraser(db: Db): Eraser {
  const { analyticsPeriod, analyticsActivity, activeListingCount } = db.entities;
  return {
    name: 'analytics',
    async step(sellerId) {
      const periods = await analyticsPeriod.query
        .bySeller({ sellerId })
        .go({ limit: PAGE, attributes: ['sellerId', 'span', 'start'] });
      if (periods.data.length > 0) {
        const { unprocessed } = await analyticsPeriod.delete(periods.data).go();
        if (unprocessed.length > 0) throw new Error(`${unprocessed.length} analytics periods were not deleted`);
        return { done: false, cursor: null };
      }
      const activity = await analyticsActivity.query
        .bySeller({ sellerId })
        .go({ limit: PAGE, attributes: ['sellerId', 'at', 'activityId'] });
      if (activity.data.length > 0) {
        const { unprocessed } = await analyticsActivity.delete(activity.data).go();
        if (unprocessed.length > 0) throw new Error(`${unprocessed.length} analytics activities were not deleted`);
        return { done: false, cursor: null };
      }
      await activeListingCount.delete({ sellerId }).go();
      return { done: true };
    },
  };
}
