import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { adminRoleStore } from '../../functions/adapters/db/admin-role-store';
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
    // With the roster beside the role, as a grant writes them (decision 062).
    await adminRoleStore(serviceFor(DynamoDBDocumentClient.from(client), LOCAL_TABLE_NAME)).grant(userId, new Date());
  } finally {
    client.destroy();
  }
}
