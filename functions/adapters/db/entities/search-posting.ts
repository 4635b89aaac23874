import { Entity, type EntityConfiguration } from 'electrodb';
import { TABLE_KEY } from '../table';

/**
 * The ids of active listings having one search word (title, category or brand), in chunks: an inverted index, so a
 * query word is one `begins_with(prefix)` read of a few items in the partition of its first character, however many
 * listings match. `block` is the lane (`2`) for a lane's first chunk and `lane.chunk` (`2.1`) for the chunks opened
 * when it filled. Ids join and leave with atomic set ADD / DELETE in the listing's own transaction. See
 * docs/decisions/004-search-index.md and 016-search-cost-ceiling.md.
 */
export const searchPostingEntity = (config: EntityConfiguration = {}) =>
  new Entity(
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
    config,
  );

/**
 * Which chunk of a word's lane takes new ids (absent: the first). A tiny item in the word's own partition, so a
 * search's prefix read never touches it; it only moves forward, when the open chunk is full.
 */
export const searchPostingHeadEntity = (config: EntityConfiguration = {}) =>
  new Entity(
    {
      model: { entity: 'searchPostingHead', version: '1', service: 'marketplace' },
      attributes: {
        term: { type: 'string', required: true },
        lane: { type: 'number', required: true },
        open: { type: 'number', required: true },
      },
      indexes: {
        byTermLane: {
          pk: { field: TABLE_KEY.partitionKey, composite: ['term'] },
          sk: { field: TABLE_KEY.sortKey, composite: ['lane'] },
        },
      },
    },
    config,
  );
