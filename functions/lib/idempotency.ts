import { IdempotencyConfig, makeIdempotent } from '@aws-lambda-powertools/idempotency';
import { DynamoDBPersistenceLayer } from '@aws-lambda-powertools/idempotency/dynamodb';
import type { JSONValue } from '@aws-lambda-powertools/commons/types';
import type { Context } from 'aws-lambda';
import { dynamoRawClient } from './aws-clients';
import { config } from './config';
import type { PreparedResponse } from './http/state';

/** How long an answer is kept for retries with the same key (a browser retries within minutes; a day is generous). */
const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;
/** Partition of the one table that holds idempotency records (sort key: route name and hash of user and key). */
export const IDEMPOTENCY_PARTITION = 'idempotency';

/**
 * One idempotent request: whose, which key, and what a retry must repeat: the validated path parameters (which order,
 * listing or offer it acts on; most order actions have an empty body) and the validated body.
 */
export interface IdempotencyScope {
  user: string;
  key: string;
  params: unknown;
  body: unknown;
}

/** The attribute names of the one table (functions/adapters/db/table.ts). */
export interface IdempotencyTable {
  partitionKey: string;
  sortKey: string;
  ttlAttribute: string;
}

export type IdempotentRun = (
  scope: IdempotencyScope,
  context: Context | undefined,
  run: () => Promise<PreparedResponse>,
) => Promise<PreparedResponse>;

/**
 * Powertools Idempotency on the one table for one route: the first request with a key runs and its answer is stored;
 * a retry with the same key, path and body gets that answer without running again; the same key on another path (e.g.
 * another order) or with another body is an IdempotencyValidationError (422), and one still in flight an IdempotencyAlreadyInProgressError (409). A failed run
 * stores nothing, so a retry runs again. Keys are scoped to the user: two users can't see each other's answers.
 */
export function idempotentRequests(routeName: string, table: IdempotencyTable): IdempotentRun {
  let built: { client: unknown; run: IdempotentRun } | undefined;
  const build = (): IdempotentRun => {
    const persistenceStore = new DynamoDBPersistenceLayer({
      tableName: config().TABLE_NAME,
      keyAttr: table.partitionKey,
      sortKeyAttr: table.sortKey,
      staticPkValue: IDEMPOTENCY_PARTITION,
      expiryAttr: table.ttlAttribute,
      awsSdkV3Client: dynamoRawClient(),
    });
    const idempotent = makeIdempotent(
      async (_scope: JSONValue, _context: Context | undefined, run: () => Promise<PreparedResponse>) => run(),
      {
        persistenceStore,
        keyPrefix: routeName,
        dataIndexArgument: 0,
        config: new IdempotencyConfig({
          eventKeyJmesPath: '[user, key]',
          payloadValidationJmesPath: '[params, body]',
          throwOnNoIdempotencyKey: true,
          expiresAfterSeconds: IDEMPOTENCY_TTL_SECONDS,
          hashFunction: 'sha256',
        }),
      },
    );
    return (scope, context, run) => idempotent(scope as unknown as JSONValue, context, run);
  };
  return (scope, context, run) => {
    // The local runtime and tests replace the SDK clients between runs; follow them.
    const client = dynamoRawClient();
    if (built?.client !== client) built = { client, run: build() };
    return built.run(scope, context, run);
  };
}
