import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { inject } from 'vitest';
import { notificationStore } from '../../functions/adapters/db/notification-store';
import { serviceFor, type Db } from '../../functions/adapters/db/service';
import { notify, type NotifyRequest } from '../../functions/core/notifications/notify';
import { DEFAULT_SELLER_SETTINGS } from '../../shared/domain/seller-settings';
import { LOCAL_CREDENTIALS, LOCAL_REGION, LOCAL_TABLE_NAME } from '../../infra/local/env';

let service: ReturnType<typeof build> | undefined;

function build() {
  const client = DynamoDBDocumentClient.from(
    new DynamoDBClient({ region: LOCAL_REGION, endpoint: inject('dynamoEndpoint'), credentials: LOCAL_CREDENTIALS }),
  );
  return serviceFor(client, LOCAL_TABLE_NAME);
}

/** A service of its own over the test's table, counting the transactions it sends. */
export function countingDb(): { db: Db; transactions: () => number } {
  const service = build();
  let transactions = 0;
  service.client.middlewareStack.add(
    (next, context) => async (args) => {
      if (context.commandName === 'TransactWriteItemsCommand') transactions++;
      return next(args);
    },
    { step: 'initialize', name: 'countTransactions' },
  );
  return { db: service, transactions: () => transactions };
}

/** The app's service over the test's table. */
export function testDb(): Db {
  service ??= build();
  return service;
}

export function testNotificationStore() {
  return notificationStore(testDb());
}

/**
 * Stores notifications for a user as notify does (same store, same transactions), without the push: the HTTP routes'
 * tests need a user with notifications before any producer exists for them. Returns the ids, oldest first.
 */
export async function giveNotifications(userId: string, count: number, prefix = 'it'): Promise<string[]> {
  const store = testNotificationStore();
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const request: NotifyRequest = {
      userId,
      type: 'other',
      title: `Note ${i}`,
      message: `Message ${i}`,
      relatedId: null,
      dedupeKey: `${prefix}:${ulid()}`,
    };
    const at = new Date(Date.now() + i);
    const r = await notify(request, {
      store,
      events: { publish: async () => undefined },
      clock: { now: () => at },
      newId: (t) => ulid(t.getTime()),
      preferences: { toggles: async () => DEFAULT_SELLER_SETTINGS.notifications, sellerOf: async () => null },
    });
    ids.push(r.notificationId!);
  }
  return ids;
}
