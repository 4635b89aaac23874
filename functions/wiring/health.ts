import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { HeadBucketCommand } from '@aws-sdk/client-s3';
import { GetQueueAttributesCommand } from '@aws-sdk/client-sqs';
import { systemClock } from '../core/clock/clock';
import { cachedProbe, type DependencyProbe } from '../core/health/check-health';
import { dynamoRawClient, s3Client, sqsClient } from '../lib/aws-clients';
import { checkPlatformAccount } from '../core/health/platform-account';
import { config, platformConfig } from '../lib/config';
import { queues } from '../routes';
import { carrier } from '../adapters/carrier/fedex-carrier';
import { loadLedger } from '../adapters/load-ledger';
import { signer } from '../adapters/signer/xaman-signer';
import type { Logger } from '../lib/logger';
import type { GetHealthDeps } from '../core/health/get-health';

let probes: DependencyProbe[] | undefined;

/**
 * Probes of the table, the media bucket, every queue, the XRP Ledger (answers, follows a validated ledger, the RLUSD
 * issuer exists), the wallet signer (our key and secret are accepted), the carrier (FedEx hands us a token for each
 * key pair; a cached token counts, as its endpoint is throttled) and the platform account (its RLUSD trust line). One set per warm function: the remote checks (ledger,
 * Xaman, FedEx) reuse their outcome for 30 s.
 */
export function healthProbes(): DependencyProbe[] {
  return (probes ??= buildProbes());
}

/** Tests: forget the probes and their cached outcomes (after changing the configuration). */
export function resetHealthProbes(): void {
  probes = undefined;
}

function buildProbes(): DependencyProbe[] {
  const { TABLE_NAME, MEDIA_BUCKET } = config();
  return [
    {
      name: 'table',
      check: async () => {
        const out = await dynamoRawClient().send(new DescribeTableCommand({ TableName: TABLE_NAME }));
        if (out.Table?.TableStatus !== 'ACTIVE') throw new Error(`table is ${out.Table?.TableStatus ?? 'missing'}`);
      },
    },
    {
      name: 'media-bucket',
      check: async () => {
        await s3Client().send(new HeadBucketCommand({ Bucket: MEDIA_BUCKET }));
      },
    },
    ...queues.map((q) => ({
      name: `queue:${q.name}`,
      check: async () => {
        const url = process.env[q.urlEnv];
        if (!url) throw new Error(`${q.urlEnv} is not set`);
        await sqsClient().send(new GetQueueAttributesCommand({ QueueUrl: url, AttributeNames: ['QueueArn'] }));
      },
    })),
    cachedProbe({ name: 'ledger', check: async () => (await loadLedger()).checkHealth() }, systemClock),
    cachedProbe({ name: 'signer', check: () => signer().checkHealth() }, systemClock),
    cachedProbe({ name: 'carrier', check: () => carrier().checkHealth() }, systemClock),
    cachedProbe(
      {
        name: 'platform-account',
        check: async () => checkPlatformAccount(await loadLedger(), platformConfig().PLATFORM_WALLET_ADDRESS),
      },
      systemClock,
    ),
  ];
}

export function getHealthDeps(log: Pick<Logger, 'warn'>): GetHealthDeps {
  return {
    probes: healthProbes(),
    onFailure: (dependency, error) => log.warn('dependency failing', { dependency, error }),
  };
}
