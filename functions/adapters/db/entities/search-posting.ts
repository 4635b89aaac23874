import { Entity } from 'electrodb';
import { TABLE_KEY } from '../table';

/**
 * The ids of active listings having one search word (title, category or brand), in shards: an
 * inverted index, so a query word is one `begins_with(prefix)` read of a few items in the partition of its first
 * character, however many listings match. Ids join and leave with atomic set ADD / DELETE in the listing's own
 * transaction. See docs/decisions/004-search-index.md.
 */
export const searchPostingEntity = new Entity(
  {
    model: { entity: 'searchPosting', version: '1', service: 'marketplace' },
    attributes: {
      bucket: { type: 'string', required: true },
      term: { type: 'string', required: true },
      block: { type: 'string', required: true },
      listingIds: { type: 'set', items: 'string' },
    },
    indexes: {
      byTerm: {
        pk: { field: TABLE_KEY.partitionKey, composite: ['bucket'] },
        sk: { field: TABLE_KEY.sortKey, composite: ['term', 'block'] },
      },
    },
  },
  {},
);
