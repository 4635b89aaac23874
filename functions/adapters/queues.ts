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

/** SQS takes at most 10 messages per batch, and 256 KiB in all (its smallest limit across regions and SDKs). */
const BATCH = 10;
const BATCH_BYTES = 256 * 1024;

export interface Sending {
  bodies: string[];
  failed: unknown;
  left: number;
  resolve(): void;
  reject(error: unknown): void;
}

export type Entry = { body: string; from: Sending };

/** Entries in requests of at most BATCH messages and BATCH_BYTES, in order. */
export function chunks(entries: readonly Entry[]): Entry[][] {
  const out: Entry[][] = [];
  let part: Entry[] = [];
  let bytes = 0;
  for (const e of entries) {
    const size = Buffer.byteLength(e.body);
    if (part.length === BATCH || (part.length > 0 && bytes + size > BATCH_BYTES)) {
      out.push(part);
      part = [];
      bytes = 0;
    }
    part.push(e);
    bytes += size;
  }
  if (part.length) out.push(part);
  return out;
}

async function sendChunk(url: string, name: string, part: readonly Entry[]): Promise<void> {
  let refused = new Set<Entry>();
  let error: unknown;
  try {
    const { Failed } = await sqsClient().send(
      new SendMessageBatchCommand({
        QueueUrl: url,
        Entries: part.map((e, j) => ({ Id: String(j), MessageBody: e.body })),
      }),
    );
    refused = new Set((Failed ?? []).map((f) => part[Number(f.Id)]!));
    if (refused.size)
      error = new Error(`${name} queue refused ${refused.size} of ${part.length} messages: ${Failed![0]!.Code}`);
  } catch (e) {
    refused = new Set(part);
    error = e;
  }
  for (const e of part) {
    if (refused.has(e)) e.from.failed ??= error;
    if (--e.from.left === 0) {
      if (e.from.failed) e.from.reject(e.from.failed);
      else e.from.resolve();
    }
  }
}

const waiting = new Map<string, Sending[]>();

function flush(name: string, url: string) {
  const sendings = waiting.get(name) ?? [];
  waiting.delete(name);
  const entries = sendings.flatMap((s) => s.bodies.map((body) => ({ body, from: s })));
  for (const part of chunks(entries)) void sendChunk(url, name, part);
}

/**
 * Messages onto a queue, together with every other send this process asks for in the same turn of the event loop
 * (setImmediate), ten to a request: a lane's turn of accepted bids announces them in one request, not one each. Each
 * caller's promise settles once all of its own messages are sent; one SQS refuses fails that caller (callers retry:
 * every consumer survives a re-send). In a Lambda container (one request at a time) the batch holds the request's own.
 */
export function sendBatchToQueue<Q extends QueueName>(name: Q, bodies: readonly QueueMessage<Q>[]): Promise<void> {
  const encoded = bodies.map((b) => checked(name, b));
  if (encoded.length === 0) return Promise.resolve();
  const url = queueUrl(name);
  return new Promise<void>((resolve, reject) => {
    let list = waiting.get(name);
    if (!list) {
      list = [];
      waiting.set(name, list);
      setImmediate(() => flush(name, url));
    }
    list.push({ bodies: encoded, failed: undefined, left: encoded.length, resolve, reject });
  });
}
