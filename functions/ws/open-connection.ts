import type { APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { openConnection } from '../core/realtime/open-connection';
import { socketHandler } from '../wiring/jobs';
import { openConnectionDeps } from '../wiring/realtime';

type ConnectEvent = APIGatewayProxyWebsocketEventV2 & {
  requestContext: { authorizer?: { userId?: string; sessionId?: string } };
};

export const handler = socketHandler<ConnectEvent>('ws/open-connection', async (event, { connectionId }) => {
  const { userId, sessionId } = event.requestContext.authorizer ?? {};
  await openConnection(connectionId, userId && sessionId ? { userId, sessionId } : undefined, openConnectionDeps());
  return { statusCode: 200 };
});
