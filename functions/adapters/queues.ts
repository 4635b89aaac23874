import { SendMessageBatchCommand, SendMessageCommand } from '@aws-sdk/client-sqs';
import { queueMessageSchemas, type QueueMessage, type QueueName } from '../../shared/events';
import { queues } from '../routes';
import { sqsClient } from '../lib/aws-clients';

/** The URL of a queue of the route table, from the variable its QueueDef names. */
export function queueUrl(name: string): string {
  const def = queues.find((q) => q.name === name);
  if (!def) throw new Error(`No queue named ${name} in functions/routes.ts`);
  const url = process.env[def.urlEnv];
  if (!url) throw new Error(`${def.urlEnv} is not set`);
  return url;
}

/**
 * Characters outside what a queue body may hold as they are (SQS: tab, line breaks, U+0020-U+D7FF, U+E000-U+FFFD and
 * the astral planes; the local fauxqs checks UTF-16 code units, so it refuses every surrogate pair: any emoji).
 */
// eslint-disable-next-line no-control-regex -- the allowed control characters are the point
const NOT_BODY_SAFE = /[^\x09\x0A\x0D\x20-\uD7FF\uE000-\uFFFD]/g;

/**
 * The message as its queue's schema (shared/events.ts) has it, as JSON whose characters every queue takes as they are:
 * any other is written as its JSON escape (only strings can hold one), which the consumer's JSON.parse reads back.
 * A message that doesn't fit its schema is a bug, so it throws.
 */
export function checked<Q extends QueueName>(name: Q, body: QueueMessage<Q>): string {
  return JSON.stringify(queueMessageSchemas[name].parse(body)).replace(
    NOT_BODY_SAFE,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

export async function sendToQueue<Q extends QueueName>(
  name: Q,
  body: QueueMessage<Q>,
  delaySeconds = 0,
): Promise<void> {
  await sqsClient().send(
    new SendMessageCommand({
      QueueUrl: queueUrl(name),
      MessageBody: checked(name, body),
      ...(delaySeconds > 0 && { DelaySeconds: delaySeconds }),
    }),
  );
}

/** SQS takes at most 10 messages per batch. */
const BATCH = 10;

/** Messages ten per request; one SQS refuses fails the whole call (callers retry: every consumer survives a re-send). */
export async function sendBatchToQueue<Q extends QueueName>(name: Q, bodies: readonly QueueMessage<Q>[]) {
  const encoded = bodies.map((b) => checked(name, b));
  for (let i = 0; i < encoded.length; i += BATCH) {
    const batch = encoded.slice(i, i + BATCH);
    const { Failed } = await sqsClient().send(
      new SendMessageBatchCommand({
        QueueUrl: queueUrl(name),
        Entries: batch.map((body, j) => ({ Id: String(j), MessageBody: body })),
      }),
    );
    if (Failed && Failed.length > 0) {
      throw new Error(`${name} queue refused ${Failed.length} of ${batch.length} messages: ${Failed[0]!.Code}`);
    }
  }
}
