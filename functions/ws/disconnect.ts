import { realtimeStore } from '../adapters/db/realtime-store';
import { db } from '../adapters/db/service';
import { socketHandler } from '../wiring/jobs';

/** The connection is gone either way: a failed cleanup is logged (the record's TTL removes it) and answered 200. */
export const handler = socketHandler(
  'ws/disconnect',
  async (_event, { connectionId }) => {
    await realtimeStore(db()).removeConnection(connectionId);
    return { statusCode: 200 };
  },
  { failureStatus: 200 },
);
