import type { APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { lambdaHandler, type Invocation } from './lambda-handler';

export interface SocketResult {
  statusCode: number;
}

/**
 * The middy chain of the WebSocket routes ($connect, $disconnect, $default): the connection id on every log line, API
 * Gateway's request id as the correlation id, and a failure logged and answered with `failureStatus` (500, or 200 where
 * the answer can't matter, as on $disconnect).
 */
export function socketHandler<E extends APIGatewayProxyWebsocketEventV2>(
  service: string,
  impl: (event: E, invocation: Invocation & { connectionId: string }) => Promise<SocketResult>,
  options: { failureStatus?: number } = {},
) {
  return lambdaHandler<E, SocketResult>(
    service,
    (event, invocation) => impl(event, { ...invocation, connectionId: event.requestContext.connectionId }),
    {
      correlationId: (event) => event.requestContext?.requestId,
      keys: (event) => ({ connectionId: event.requestContext?.connectionId }),
      answerOnError: () => ({ statusCode: options.failureStatus ?? 500 }),
    },
  );
}
