import { closeConnection } from '../core/realtime/close-connection';
import { socketHandler } from '../wiring/jobs';
import { closeConnectionDeps } from '../wiring/realtime';

/** The connection is gone either way: a failed cleanup is logged (the record's TTL removes it) and answered 200. */
export const handler = socketHandler(
  'ws/close-connection',
  async (_event, { connectionId }) => {
    await closeConnection(connectionId, closeConnectionDeps());
    return { statusCode: 200 };
  },
  { failureStatus: 200 },
);
