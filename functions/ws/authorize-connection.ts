import type { APIGatewayRequestAuthorizerEventV2 } from 'aws-lambda';
import { authorizeConnection, SocketTicketRefused } from '../core/realtime/authorize-connection';
import { lambdaHandler } from '../lib/lambda-handler';
import { fromCloudFront, originCheckEnabled } from '../wiring/http';
import { authorizeConnectionDeps } from '../wiring/socket-tickets';

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
 * $connect authorizer. Browsing is public, so a socket without a ticket is anonymous (it can follow a sign-in it
 * started). A one-time ticket in the `ticket` query parameter (POST /api/realtime/tickets, decision 078) attaches the
 * user and session to the connection for private topics; a ticket that is unknown, used, expired or of an ended
 * session, or a session token in the URL, is refused as a 401 (API Gateway's answer to a thrown 'Unauthorized'). A
 * connection that did not come through CloudFront (no origin header, see functions/lib/origin-verify.ts) is denied
 * (403).
 */
export const handler = lambdaHandler(
  'ws/authorize-connection',
  async (event: ConnectAuthorizerEvent) => {
    if (originCheckEnabled() && !(await fromCloudFront(event.headers))) return policy(event, 'Deny', 'direct');
    try {
      const user = await authorizeConnection(event.queryStringParameters ?? {}, authorizeConnectionDeps);
      return user ? allow(event, user.userId, { ...user }) : allow(event, 'anonymous', {});
    } catch (error) {
      if (error instanceof SocketTicketRefused) throw new Error('Unauthorized');
      throw error;
    }
  },
  { correlationId: (event) => event.requestContext?.requestId },
);
