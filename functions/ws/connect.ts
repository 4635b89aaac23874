import type { APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { realtimeStore } from '../adapters/db/realtime-store';
import { db } from '../adapters/db/service';
import { openConnection } from '../core/realtime/connections';
import { logger } from '../lib/logger';

type ConnectEvent = APIGatewayProxyWebsocketEventV2 & {
  requestContext: { authorizer?: { userId?: string } };
};

export async function handler(event: ConnectEvent) {
  const { connectionId } = event.requestContext;
  try {
    await openConnection(realtimeStore(db()), connectionId, event.requestContext.authorizer?.userId, new Date());
    return { statusCode: 200 };
  } catch (error) {
    logger.error('socket connect failed', { connectionId, error });
    return { statusCode: 500 };
  }
}
