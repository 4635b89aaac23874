import type { APIGatewayRequestAuthorizerEventV2 } from 'aws-lambda';

/**
 * $connect authorizer. Browsing is public, so anonymous sockets are allowed; once sessions exist a valid token in the
 * `token` query parameter attaches the user id to the connection, and an invalid one is refused.
 */
export async function handler(event: APIGatewayRequestAuthorizerEventV2 & { methodArn?: string }) {
  return {
    principalId: 'anonymous',
    policyDocument: {
      Version: '2012-10-17',
      Statement: [{ Action: 'execute-api:Invoke', Effect: 'Allow', Resource: event.methodArn ?? event.routeArn }],
    },
    context: {},
  };
}
