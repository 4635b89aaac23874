import type { ReturnPolicies } from '../../core/returns/ports';
import type { Db } from './service';

/** A listing's return policy as its page shows it (null once the listing is gone). */
export function returnPolicies(db: Db): ReturnPolicies {
  return {
    async policyOf(listingId) {
      const { data } = await db.entities.listing.get({ listingId }).go({ attributes: ['returnPolicy'] });
      return data ? (data.returnPolicy ?? '30_days') : null;
    },
  };
}
