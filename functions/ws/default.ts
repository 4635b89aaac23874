import type { APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { realtimeStore } from '../adapters/db/realtime-store';
import { db } from '../adapters/db/service';
import { socketSender } from '../adapters/socket-sender';
import { handleSocketMessage } from '../core/realtime/connections';
import { logger } from '../lib/logger';

/** Messages from browsers: subscribe / unsubscribe to topics, ping. The answer goes back over @connections. */
export async function handler(event: APIGatewayProxyWebsocketEventV2) {
  const { connectionId } = event.requestContext;
  try {
    const reply = await handleSocketMessage(realtimeStore(db()), connectionId, event.body, new Date());
    await socketSender.send(connectionId, reply);
    return { statusCode: 200 };
  } catch (error) {
    logger.error('socket message failed', { connectionId, error });
    return { statusCode: 500 };
  }
}
