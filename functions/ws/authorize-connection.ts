import type { APIGatewayRequestAuthorizerEventV2 } from 'aws-lambda';
import { SessionRefused } from '../core/auth/sessions';
import { authorizeConnection } from '../core/realtime/authorize-connection';
import { lambdaHandler } from '../lib/lambda-handler';
import { fromCloudFront, originCheckEnabled } from '../wiring/http';
import { authorizeConnectionDeps } from '../wiring/realtime';

type ConnectAuthorizerEvent = APIGatewayRequestAuthorizerEventV2 & { methodArn?: string };

function policy(event: ConnectAuthorizerEvent, effect: 'Allow' | 'Deny', principalId: string, context = {}) {
  return {
    principalId,
    policyDocument: {
      Version: '2012-10-17',
      Statement: [{ Action: 'execute-api:Invoke', Effect: effect, Resource: event.methodArn ?? event.routeArn }],
    },
    context,
  };
}
const allow = (event: ConnectAuthorizerEvent, principalId: string, context: Record<string, string>) =>
  policy(event, 'Allow', principalId, context);

/**
 * $connect authorizer. Browsing is public, so a socket without a token is anonymous (it can follow a sign-in it
 * started). A session token in the `token` query parameter attaches the user id to the connection for private topics;
 * a token that is not a live session is refused, as a 401 (API Gateway's answer to a thrown 'Unauthorized'). A
 * connection that did not come through CloudFront (no origin header, see functions/lib/origin-verify.ts) is denied (403).
 */
export const handler = lambdaHandler(
  'ws/authorize-connection',
  async (event: ConnectAuthorizerEvent) => {
    if (originCheckEnabled() && !(await fromCloudFront(event.headers))) return policy(event, 'Deny', 'direct');
    try {
      const user = await authorizeConnection(event.queryStringParameters?.token, authorizeConnectionDeps);
      return user ? allow(event, user.userId, { userId: user.userId }) : allow(event, 'anonymous', {});
    } catch (error) {
      if (error instanceof SessionRefused) throw new Error('Unauthorized');
      throw error;
    }
  },
  { correlationId: (event) => event.requestContext?.requestId },
);
