import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { signingRequests } from '../adapters/auth-deps';
import { signer } from '../adapters/signer/xaman-signer';
import { signingCheckSchema, signingEvents, signingQueue } from '../adapters/signing-queue';
import { checkSigningRequest } from '../core/signing/poll-signing';
import { createLogger } from '../lib/logger';

const log = createLogger({ service: 'jobs', job: 'poll-signing' });

async function processRecord(record: SQSRecord): Promise<boolean> {
  let parsed;
  try {
    parsed = signingCheckSchema.safeParse(JSON.parse(record.body));
  } catch {
    parsed = undefined;
  }
  if (!parsed?.success) {
    log.warn('dropped malformed signing check', { messageId: record.messageId });
    return true;
  }
  try {
    const outcome = await checkSigningRequest(parsed.data, record.messageId, {
      store: signingRequests(),
      signer: signer(),
      queue: signingQueue,
      events: signingEvents,
      now: new Date(),
    });
    log.info('signing request checked', { messageId: record.messageId, ...parsed.data, outcome });
    return true;
  } catch (error) {
    log.error('signing check failed', { messageId: record.messageId, uuid: parsed.data.uuid, error });
    return false;
  }
}

/**
 * Consumer of the signing queue: one check of one pending signing request per message (core/signing/poll-signing.ts).
 * Checks of a batch run side by side; a failed one is reported so only that message comes back.
 */
export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  const results = await Promise.all(event.Records.map(async (r) => ({ r, ok: await processRecord(r) })));
  return { batchItemFailures: results.filter((x) => !x.ok).map((x) => ({ itemIdentifier: x.r.messageId })) };
}
