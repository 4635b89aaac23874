import type { APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { socketHandler } from '../../../functions/lib/socket-handler';
import { captureOutput } from './capture-output';

const event = (connectionId: string) =>
  ({ requestContext: { connectionId, requestId: 'r-1' } }) as unknown as APIGatewayProxyWebsocketEventV2;

describe('socketHandler', () => {
  afterEach(() => vi.restoreAllMocks());

  it('passes the connection id and answers what the handler answers', async () => {
    const handler = socketHandler('ws/test', async (_e, { connectionId }) => ({
      statusCode: connectionId === 'c1' ? 200 : 400,
    }));
    expect(await handler(event('c1'))).toEqual({ statusCode: 200 });
  });

  it('logs a failure with the connection id and answers 500, or the status the route asks for', async () => {
    const out = captureOutput();
    const failing = async (): Promise<{ statusCode: number }> => {
      throw new Error('table gone');
    };
    expect(await socketHandler('ws/test', failing)(event('c2'))).toEqual({ statusCode: 500 });
    expect(await socketHandler('ws/test', failing, { failureStatus: 200 })(event('c3'))).toEqual({ statusCode: 200 });
    expect(out.json()[0]).toMatchObject({ level: 'ERROR', connectionId: 'c2', correlation_id: 'r-1' });
  });
});
