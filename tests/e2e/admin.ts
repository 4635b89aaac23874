import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { serviceFor } from '../../functions/adapters/db/service';
import { LOCAL_CREDENTIALS, LOCAL_REGION, LOCAL_TABLE_NAME } from '../../infra/local/env';
import { required } from './shipped-sale';

/**
 * Makes a user an administrator the only way there is: the role stored on the user record in the stack's table, which
 * admin routes read on every request. Nothing a browser sends can grant it.
 */
export async function makeAdmin(userId: string): Promise<void> {
  const client = new DynamoDBClient({
    region: LOCAL_REGION,
    endpoint: required('E2E_DYNAMO_ENDPOINT'),
    credentials: LOCAL_CREDENTIALS,
  });
  try {
    await serviceFor(DynamoDBDocumentClient.from(client), LOCAL_TABLE_NAME)
      .entities.user.patch({ userId })
      .set({ role: 'admin' })
      .go();
  } finally {
    client.destroy();
  }
}
