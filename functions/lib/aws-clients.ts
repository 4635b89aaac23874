import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { SQSClient } from '@aws-sdk/client-sqs';
import { config } from './config';

/**
 * Without the SDK's logger middleware: with no logger configured it still copied every request and response through
 * the schemas' sensitive-data filter for a log line nobody writes (about 2 % of a busy process's CPU). Our own logs say
 * what a call did.
 */
function unlogged<C extends { middlewareStack: { remove(name: string): boolean } }>(client: C): C {
  client.middlewareStack.remove('loggerMiddleware');
  return client;
}

/**
 * AWS SDK clients as module singletons, built on first use from validated config. Endpoints come from the SDK's
 * AWS_ENDPOINT_URL_<SERVICE> variables (set by the local runtime, absent in AWS).
 */
let dynamoRaw: DynamoDBClient | undefined;
let dynamo: DynamoDBDocumentClient | undefined;
let s3: S3Client | undefined;
let sqs: SQSClient | undefined;

export function dynamoRawClient(): DynamoDBClient {
  dynamoRaw ??= unlogged(new DynamoDBClient({ region: config().AWS_REGION }));
  return dynamoRaw;
}

export function dynamoClient(): DynamoDBDocumentClient {
  dynamo ??= DynamoDBDocumentClient.from(dynamoRawClient(), {
    marshallOptions: { removeUndefinedValues: true },
  });
  return dynamo;
}

export function s3Client(): S3Client {
  s3 ??= unlogged(
    new S3Client({ region: config().AWS_REGION, forcePathStyle: config().S3_FORCE_PATH_STYLE === 'true' }),
  );
  return s3;
}

export function sqsClient(): SQSClient {
  sqs ??= unlogged(new SQSClient({ region: config().AWS_REGION }));
  return sqs;
}

/** Drops the cached clients so the next call reads fresh config (the local runtime changes endpoints between runs). */
export function resetAwsClients(): void {
  dynamoRaw?.destroy();
  s3?.destroy();
  sqs?.destroy();
  dynamoRaw = dynamo = s3 = sqs = undefined;
}
