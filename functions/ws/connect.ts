import type { APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { realtimeStore } from '../adapters/db/realtime-store';
import { db } from '../adapters/db/service';
import { openConnection } from '../core/realtime/connections';
import { socketHandler } from '../wiring/jobs';

type ConnectEvent = APIGatewayProxyWebsocketEventV2 & {
  requestContext: { authorizer?: { userId?: string } };
};

export const handler = socketHandler<ConnectEvent>('ws/connect', async (event, { connectionId }) => {
  await openConnection(realtimeStore(db()), connectionId, event.requestContext.authorizer?.userId, new Date());
  return { statusCode: 200 };
});
