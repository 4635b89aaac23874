import { interceptLocalhostDns, startFauxqs } from 'fauxqs';
import type { QueueDef } from '../../functions/routes';
import { LOCAL_REGION } from './env';

export interface LocalQueue {
  def: QueueDef;
  url: string;
  arn: string;
  dlqUrl: string;
}

export interface LocalSqs {
  endpoint: string;
  queues: LocalQueue[];
  stop(): Promise<void>;
}

/**
 * fauxqs hands out queue URLs on `sqs.<region>.localhost:<port>`, and the SQS client sends each call to its QueueUrl's
 * host. `*.localhost` is reserved for loopback (RFC 6761) but glibc does not resolve it, so this process resolves it
 * to 127.0.0.1 while a local stack runs (reference-counted; restored when the last one stops).
 */
let dnsUsers = 0;
let restoreDns: (() => void) | undefined;
function holdLocalhostDns(): () => void {
  if (dnsUsers++ === 0) restoreDns = interceptLocalhostDns('localhost');
  let released = false;
  return () => {
    if (released) return;
    released = true;
    if (--dnsUsers === 0) restoreDns?.();
  };
}

/** Starts fauxqs in this process (queues live in memory) with each queue and its `<name>-dlq` redrive target. */
export async function startSqs(defs: readonly QueueDef[]): Promise<LocalSqs> {
  const releaseDns = holdLocalhostDns();
  const server = await startFauxqs({ port: 0, logger: false, host: 'localhost', defaultRegion: LOCAL_REGION });
  const queues = defs.map((def) => {
    const dlq = server.createQueue(`${def.name}-dlq`, { attributes: { MessageRetentionPeriod: '1209600' } });
    const q = server.createQueue(def.name, {
      attributes: {
        VisibilityTimeout: String(def.visibilityTimeoutSeconds),
        RedrivePolicy: JSON.stringify({ deadLetterTargetArn: dlq.queueArn, maxReceiveCount: def.maxReceiveCount }),
      },
    });
    return { def, url: q.queueUrl, arn: q.queueArn, dlqUrl: dlq.queueUrl };
  });
  return {
    // Same origin as the queue URLs, so the SDK's QueueUrl-as-endpoint rule never has to redirect a call.
    endpoint: `http://sqs.${LOCAL_REGION}.localhost:${server.port}`,
    queues,
    stop: async () => {
      await server.stop();
      releaseDns();
    },
  };
}
