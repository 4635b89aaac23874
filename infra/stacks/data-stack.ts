import { PENDING_UPLOADS } from '../../functions/core/listings/photos';
import { Aws, Duration, RemovalPolicy, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { TABLE_INDEXES, TABLE_KEY, TTL_ATTRIBUTE } from '../../functions/adapters/db/table';
import { queues as queueDefs, type QueueDef } from '../../functions/routes';
import { CarrierSecrets, carrierSettings } from './carrier-settings';
import { adminSecretsPrefix } from './managed-secrets';
import { pascal } from './names';
import { platformWalletSeedSecret } from './platform-settings';

/** How long a deleted or replaced media object can still be brought back (its noncurrent version is kept). */
export const MEDIA_NONCURRENT_DAYS = Duration.days(30);

export interface DataStackProps extends StackProps {
  /** Origins allowed to upload to the media bucket from a browser (presigned POST/PUT) and to read it. */
  mediaCorsOrigins: string[];
  queues?: readonly QueueDef[];
  /** Name prefix of the API keys saved in the admin portal (decision 071); default: by this stack's id. */
  adminSecretsPrefix?: string;
  /**
   * The table the functions use instead of this stack's own: one restored from a point in time (the restore drill,
   * docs/operations.md). The stack's own table stays as it is (retained, deletion-protected).
   */
  servingTableName?: string;
}

export interface QueuePair {
  def: QueueDef;
  queue: sqs.Queue;
  deadLetters: sqs.Queue;
}

/**
 * Everything stateful: the one table, the media bucket and the queues. Keeping them here, before every stack of
 * functions, lets the api, realtime and workers stacks all read their names without a reference cycle.
 */
export class DataStack extends Stack {
  /** The table the functions read and write: this stack's own, or the restored one named by `servingTableName`. */
  readonly table: dynamodb.ITableV2;
  /** This stack's own table (point-in-time recovery on, deletion-protected, retained). */
  readonly ownTable: dynamodb.TableV2;
  readonly mediaBucket: s3.Bucket;
  readonly queues: QueuePair[];
  /** The Xaman API secret: created empty, its value put by an operator (README), read by the functions. */
  readonly xamanApiSecret: secretsmanager.Secret;
  /** Signs session tokens and registration tickets (HS256); generated at deployment, read by the functions that need it. */
  readonly sessionSigningKey: secretsmanager.Secret;
  /**
   * The value CloudFront adds as a header to every request it forwards to the APIs, which refuse requests without it
   * (functions/lib/origin-verify.ts). Generated at deployment; the web stack reads it with a dynamic reference.
   */
  readonly originVerifySecret: secretsmanager.Secret;
  /** The carrier's settings (context carrierApiUrl, carrierAccountNumber, carrierApiKey, carrierTrackApiKey) and secrets. */
  readonly carrier: CarrierSecrets;
  /**
   * Seals escrow fulfillments (encryption context: the order id). Only checkout may encrypt and only the release path
   * may decrypt. Retained: without it, funded escrows can only run to CancelAfter and go back to their buyers.
   */
  readonly fulfillmentKey: kms.Key;
  /**
   * The platform account's seed: created empty and retained, put by an operator (README); read only by what releases
   * and refunds escrows (`opensFulfillments`).
   */
  readonly platformWalletSeed: secretsmanager.Secret;
  /**
   * Name prefix of the API keys saved in the admin portal, one secret per key made by the save itself (decision 071):
   * they are data of the stage, like the table, so no deployment replaces or deletes them.
   */
  readonly adminSecretsPrefix: string;

  constructor(scope: Construct, id: string, props: DataStackProps) {
    super(scope, id, props);
    this.adminSecretsPrefix = props.adminSecretsPrefix ?? adminSecretsPrefix(id);

    const key = (name: string) => ({ name, type: dynamodb.AttributeType.STRING });
    this.ownTable = new dynamodb.TableV2(this, 'Table', {
      partitionKey: key(TABLE_KEY.partitionKey),
      sortKey: key(TABLE_KEY.sortKey),
      billing: dynamodb.Billing.onDemand(),
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
      timeToLiveAttribute: TTL_ATTRIBUTE,
      globalSecondaryIndexes: Object.entries(TABLE_INDEXES).map(([indexName, k]) => ({
        indexName,
        partitionKey: key(k.partitionKey),
        sortKey: key(k.sortKey),
        projectionType: dynamodb.ProjectionType.ALL,
      })),
    });
    // A restored table is made by DynamoDB (RestoreTableToPointInTime), not by this stack: imported by name, with its
    // indexes (a restore keeps them), so every grant names it and nothing else.
    this.table = props.servingTableName
      ? dynamodb.TableV2.fromTableAttributes(this, 'ServingTable', {
          tableName: props.servingTableName,
          grantIndexPermissions: true,
        })
      : this.ownTable;

    const accessLogs = new s3.Bucket(this, 'AccessLogsBucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      minimumTLSVersion: 1.2,
      encryption: s3.BucketEncryption.S3_MANAGED,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      lifecycleRules: [{ expiration: Duration.days(90) }],
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(accessLogs).acknowledge({
      id: 'AwsSolutions-S1',
      reason: 'This is the server access log bucket itself; logging it into itself would loop.',
    });

    this.mediaBucket = new s3.Bucket(this, 'MediaBucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      minimumTLSVersion: 1.2,
      encryption: s3.BucketEncryption.S3_MANAGED,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: accessLogs,
      serverAccessLogsPrefix: 'media/',
      removalPolicy: RemovalPolicy.RETAIN,
      // Versioned, so a photo deleted or overwritten by mistake (or by a bad deployment) can be brought back for a
      // while (docs/operations.md); old versions then expire, as do uploads never finished.
      versioned: true,
      lifecycleRules: [
        // Photo uploads wait here until a listing takes them (the listing moves them out); the rest expire.
        { id: 'ExpirePendingUploads', prefix: PENDING_UPLOADS, expiration: Duration.days(1) },
        {
          id: 'ExpireOldVersions',
          noncurrentVersionExpiration: MEDIA_NONCURRENT_DAYS,
          expiredObjectDeleteMarker: true,
          abortIncompleteMultipartUploadAfter: Duration.days(1),
        },
      ],
      cors: [
        {
          allowedMethods: [s3.HttpMethods.POST, s3.HttpMethods.PUT, s3.HttpMethods.GET],
          allowedOrigins: props.mediaCorsOrigins,
          allowedHeaders: ['*'],
          exposedHeaders: ['ETag'],
          maxAge: 3000,
        },
      ],
    });
    // CloudFront reads media through origin access control. The distribution lives in the web stack, which is
    // deployed after this one, so its id can't appear here without a cycle: the condition admits distributions of
    // this account only. Media objects are public listing photos, served to anyone through CloudFront anyway.
    this.mediaBucket.addToResourcePolicy(
      new iam.PolicyStatement({
        sid: 'AllowCloudFrontOriginAccessControl',
        principals: [new iam.ServicePrincipal('cloudfront.amazonaws.com')],
        actions: ['s3:GetObject'],
        resources: [this.mediaBucket.arnForObjects('*')],
        conditions: {
          ArnLike: { 'AWS:SourceArn': `arn:${Aws.PARTITION}:cloudfront::${Aws.ACCOUNT_ID}:distribution/*` },
        },
      }),
    );

    this.queues = (props.queues ?? queueDefs).map((def) => {
      const common = {
        enforceSSL: true,
        encryption: sqs.QueueEncryption.SQS_MANAGED,
      };
      const deadLetters = new sqs.Queue(this, `${pascal(def.name)}DeadLetterQueue`, {
        ...common,
        retentionPeriod: Duration.days(14),
      });
      Validations.of(deadLetters).acknowledge({
        id: 'AwsSolutions-SQS3',
        reason: `This is the dead-letter queue of the ${def.name} queue; a DLQ of a DLQ would only hide failures further.`,
      });
      const queue = new sqs.Queue(this, `${pascal(def.name)}Queue`, {
        ...common,
        visibilityTimeout: Duration.seconds(def.visibilityTimeoutSeconds),
        deadLetterQueue: { queue: deadLetters, maxReceiveCount: def.maxReceiveCount },
      });
      return { def, queue, deadLetters };
    });

    this.xamanApiSecret = new secretsmanager.Secret(this, 'XamanApiSecret', {
      description: 'Xaman platform API secret of the marketplace application (put the value after deploying)',
      removalPolicy: RemovalPolicy.RETAIN,
    });
    // Created without a value: a generated one could never be a valid Xaman secret. Until an operator puts the real
    // one, reads fail and /api/health reports the signer as failing.
    (this.xamanApiSecret.node.defaultChild as secretsmanager.CfnSecret).addPropertyDeletionOverride(
      'GenerateSecretString',
    );
    Validations.of(this.xamanApiSecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'A third-party API secret: Xaman issues it in its Developer Console and nothing in AWS can rotate it there; ' +
        'an operator replaces it by hand when Xaman rotates it.',
    });

    this.sessionSigningKey = new secretsmanager.Secret(this, 'SessionSigningKey', {
      description: 'HMAC key of session tokens and registration tickets (replacing it signs everyone out)',
      generateSecretString: { passwordLength: 64, excludePunctuation: true, includeSpace: false },
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(this.sessionSigningKey).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'Rotating the session key ends every session (tokens are checked against one key); an operator rotates it ' +
        'deliberately (docs/decisions/008-sessions.md), and sessions are revocable per record without it.',
    });

    const context = (key: string): string | undefined => {
      const v: unknown = this.node.tryGetContext(key);
      return typeof v === 'string' && v.length > 0 ? v : undefined;
    };
    this.carrier = new CarrierSecrets(this, carrierSettings(context));

    this.fulfillmentKey = new kms.Key(this, 'FulfillmentKey', {
      description: 'Encrypts escrow fulfillments (the secrets that release RLUSD escrows)',
      enableKeyRotation: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.platformWalletSeed = platformWalletSeedSecret(this);

    this.originVerifySecret = new secretsmanager.Secret(this, 'OriginVerifySecret', {
      description: 'Header value CloudFront sends to the APIs; requests without it are refused (direct calls)',
      generateSecretString: { passwordLength: 48, excludePunctuation: true, includeSpace: false },
      removalPolicy: RemovalPolicy.DESTROY,
    });
    Validations.of(this.originVerifySecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'CloudFront takes the value at deployment (a dynamic reference in the web stack), so a rotation is a new ' +
        'value followed by a web stack deployment (README); an automatic rotation would lock CloudFront out.',
    });
  }
}
