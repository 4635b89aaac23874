import { realtimeStore } from '../adapters/db/realtime-store';
import { db } from '../adapters/db/service';
import { socketSender } from '../adapters/socket-sender';
import { handleSocketMessage } from '../core/realtime/connections';
import { socketHandler } from '../lib/socket-handler';

/** Messages from browsers: subscribe / unsubscribe to topics, ping. The answer goes back over @connections. */
export const handler = socketHandler('ws/default', async (event, { connectionId }) => {
  const reply = await handleSocketMessage(realtimeStore(db()), connectionId, event.body, new Date());
  await socketSender.send(connectionId, reply);
  return { statusCode: 200 };
});
