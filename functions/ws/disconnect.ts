import type { APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { realtimeStore } from '../adapters/db/realtime-store';
import { db } from '../adapters/db/service';
import { logger } from '../lib/logger';

export async function handler(event: APIGatewayProxyWebsocketEventV2) {
  const { connectionId } = event.requestContext;
  try {
    await realtimeStore(db()).removeConnection(connectionId);
  } catch (error) {
    logger.error('socket disconnect cleanup failed', { connectionId, error });
  }
  return { statusCode: 200 };
}
