import { Entity } from 'electrodb';
import { TABLE_KEY } from '../table';

/**
 * One word of an active listing's title, category or brand, for prefix search without scanning: the partition is the
 * word's first character, the sort key the word then the listing, so a query reads `begins_with(prefix)` in one partition.
 */
export const searchTermEntity = new Entity(
  {
    model: { entity: 'searchTerm', version: '1', service: 'marketplace' },
    attributes: {
      bucket: { type: 'string', required: true },
      term: { type: 'string', required: true },
      listingId: { type: 'string', required: true },
    },
    indexes: {
      byTerm: {
        pk: { field: TABLE_KEY.partitionKey, composite: ['bucket'] },
        sk: { field: TABLE_KEY.sortKey, composite: ['term', 'listingId'] },
      },
    },
  },
  {},
);
