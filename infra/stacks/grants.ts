import { Stack } from 'aws-cdk-lib';
import type * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as kms from 'aws-cdk-lib/aws-kms';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { acknowledgeWildcards, nagName } from './nag';
import type { HandlerFunction } from './node-function';

/**
 * The grants functions get, each with the acknowledgement of the one wildcard it can't avoid, so a reason is
 * written wherever a wildcard is granted and nowhere else.
 */
export function grantTable(fn: HandlerFunction, table: dynamodb.ITableV2, mode: 'read' | 'readWrite'): void {
  if (mode === 'read') table.grantReadData(fn.fn);
  else table.grantReadWriteData(fn.fn);
  acknowledgeWildcards(fn, {
    [`Resource::${tableNagName(fn, table)}/index/*`]:
      'Queries go through the table’s access-pattern indexes (ElectroDB); index ARNs are table/index/<name>.',
  });
}

/** How cdk-nag names the table's ARN in a finding: the stack's own table by reference, a restored one by its name. */
function tableNagName(fn: HandlerFunction, table: dynamodb.ITableV2): string {
  if (table.node.defaultChild) return nagName(fn, table, table.tableArn, 'Arn');
  const { region } = Stack.of(table);
  return `arn:<AWS::Partition>:dynamodb:${region}:<AWS::AccountId>:table/${table.tableName}`;
}

/**
 * Updates, even from a GET route, of items keyed by these `key` prefixes only: the rate counters of its actions (the
 * per-IP or per-user counts) and, for product lookup, its cache of each service's answers (decision 069). UpdateItem
 * only, only on items whose partition key starts so (ElectroDB's key, lower-cased).
 */
export function grantKeyedUpdates(
  fn: HandlerFunction,
  table: dynamodb.ITableV2,
  keys: { rateLimits?: readonly string[]; keyPrefixes?: readonly string[] },
): void {
  const prefixes = [...(keys.rateLimits ?? []), ...(keys.keyPrefixes ?? [])];
  if (!prefixes.length) return;
  fn.fn.addToRolePolicy(
    new iam.PolicyStatement({
      actions: ['dynamodb:UpdateItem'],
      resources: [table.tableArn],
      conditions: {
        'ForAllValues:StringLike': {
          'dynamodb:LeadingKeys': prefixes.map((a) => `$marketplace#key_${a.toLowerCase()}#*`),
        },
      },
    }),
  );
}

/** Read media objects and check the bucket exists (HeadBucket needs s3:ListBucket). */
export function grantMediaRead(fn: HandlerFunction, bucket: s3.Bucket): void {
  fn.fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['s3:GetObject'], resources: [bucket.arnForObjects('*')] }));
  fn.fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['s3:ListBucket'], resources: [bucket.bucketArn] }));
  acknowledgeWildcards(fn, {
    [`Resource::${nagName(fn, bucket, bucket.bucketArn, 'Arn')}/*`]:
      'Media object keys are made at upload time (listing photos); any may be read.',
  });
}

/**
 * Presign browser uploads under one key prefix: a presigned POST acts with the function's own permission, so the
 * function may put objects there and nowhere else.
 */
export function grantMediaUpload(fn: HandlerFunction, bucket: s3.Bucket, prefix: string): void {
  fn.fn.addToRolePolicy(
    new iam.PolicyStatement({ actions: ['s3:PutObject'], resources: [bucket.arnForObjects(`${prefix}*`)] }),
  );
  acknowledgeWildcards(fn, {
    [`Resource::${nagName(fn, bucket, bucket.bucketArn, 'Arn')}/${prefix}*`]:
      'Upload keys are made per upload (user id and a ULID) under this one prefix.',
  });
}

/** Delete objects under one key prefix (uploads moved or refused, photos a listing no longer has). */
export function grantMediaDelete(fn: HandlerFunction, bucket: s3.Bucket, prefix: string): void {
  fn.fn.addToRolePolicy(
    new iam.PolicyStatement({ actions: ['s3:DeleteObject'], resources: [bucket.arnForObjects(`${prefix}*`)] }),
  );
  acknowledgeWildcards(fn, {
    [`Resource::${nagName(fn, bucket, bucket.bucketArn, 'Arn')}/${prefix}*`]:
      'Photo keys are made per upload (user id and a ULID) under this one prefix.',
  });
}

/** Post to, read and close the stage's socket connections (the @connections management API). */
export function grantSocketPosts(fn: HandlerFunction, stage: apigwv2.WebSocketStage): void {
  stage.grantManagementApiAccess(fn.fn);
  const stack = Stack.of(stage);
  acknowledgeWildcards(fn, {
    [`Resource::arn:<AWS::Partition>:execute-api:${stack.region}:<AWS::AccountId>:${nagName(fn, stage.api, stage.api.apiId, 'Ref')}/${stage.stageName}/*/@connections/*`]:
      'Connection ids are made by API Gateway per socket; the grant is limited to this API stage’s @connections.',
  });
}

/** Read one secret (GetSecretValue and DescribeSecret on its full ARN: no wildcard to acknowledge). */
export function grantSecretRead(fn: HandlerFunction, secret: secretsmanager.ISecret): void {
  secret.grantRead(fn.fn);
}

/**
 * Seal escrow fulfillments (checkout, `sealsFulfillments`): the key's ARN as FULFILLMENT_KEY_ARN and kms:Encrypt only.
 */
export function grantFulfillmentSealing(fn: HandlerFunction, key: kms.IKey): void {
  fn.fn.addEnvironment('FULFILLMENT_KEY_ARN', key.keyArn);
  key.grant(fn.fn, 'kms:Encrypt');
}

/**
 * Release and refund escrows (`opensFulfillments`): open sealed fulfillments (FULFILLMENT_KEY_ARN, kms:Decrypt only)
 * and sign as the platform account (PLATFORM_WALLET_SEED_ARN, read access to the seed). Nothing else gets either.
 */
export function grantEscrowSettlement(
  fn: HandlerFunction,
  data: { fulfillmentKey: kms.IKey; platformWalletSeed: secretsmanager.ISecret },
): void {
  fn.fn.addEnvironment('FULFILLMENT_KEY_ARN', data.fulfillmentKey.keyArn);
  data.fulfillmentKey.grant(fn.fn, 'kms:Decrypt');
  grantPlatformSigning(fn, data.platformWalletSeed);
}

/** Sign as the platform account (`signsAsPlatform`, and every settlement): read access to its seed, nothing more. */
export function grantPlatformSigning(fn: HandlerFunction, platformWalletSeed: secretsmanager.ISecret): void {
  fn.fn.addEnvironment('PLATFORM_WALLET_SEED_ARN', platformWalletSeed.secretArn);
  grantSecretRead(fn, platformWalletSeed);
}
