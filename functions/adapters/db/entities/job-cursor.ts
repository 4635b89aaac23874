import { Entity, type EntityConfiguration } from 'electrodb';
import { TABLE_KEY } from '../table';

/**
 * Where a one-pass job over the table has got to (decision 065: the escrow monitor's backfill): the page to read next,
 * how many items it changed so far, and when it finished. Written conditionally on the cursor read, so two runs at once
 * move it once; once `doneAt` is set the job reads only this item.
 */
export const jobCursorEntity = (config: EntityConfiguration = {}) =>
  new Entity(
    {
      model: { entity: 'jobCursor', version: '1', service: 'marketplace' },
      attributes: {
        job: { type: 'string', required: true },
        /** The table's page to read next (ElectroDB's cursor); absent before the first page and once done. */
        cursor: { type: 'string' },
        changed: { type: 'number', required: true },
        doneAt: { type: 'string' },
        updatedAt: { type: 'string', required: true },
      },
      indexes: {
        byJob: {
          pk: { field: TABLE_KEY.partitionKey, composite: ['job'] },
          sk: { field: TABLE_KEY.sortKey, composite: [] },
        },
      },
    },
    config,
  );
