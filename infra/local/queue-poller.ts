import { createHash, randomUUID } from 'node:crypto';
import {
  DeleteMessageBatchCommand,
  ReceiveMessageCommand,
  type Message,
  type MessageAttributeValue,
  type SQSClient,
} from '@aws-sdk/client-sqs';
import type { SQSBatchResponse, SQSEvent, SQSMessageAttributes, SQSRecord, SQSRecordAttributes } from 'aws-lambda';
import { lambdaContext, loadHandler } from './handlers';

export interface PollerTarget {
  queueUrl: string;
  queueArn: string;
  /** Handler module (path under functions/, or absolute) that exports the SQS consumer `handler`. */
  consumer: string;
  batchSize: number;
  region: string;
}

function lambdaAttributes(values: Record<string, MessageAttributeValue> | undefined): SQSMessageAttributes {
  const out: SQSMessageAttributes = {};
  for (const [name, v] of Object.entries(values ?? {})) {
    out[name] = {
      dataType: v.DataType ?? 'String',
      ...(v.StringValue !== undefined && { stringValue: v.StringValue }),
      ...(v.BinaryValue !== undefined && { binaryValue: Buffer.from(v.BinaryValue).toString('base64') }),
      stringListValues: v.StringListValues ?? [],
      binaryListValues: (v.BinaryListValues ?? []).map((b) => Buffer.from(b).toString('base64')),
    };
  }
  return out;
}

/** One SQS message as the Lambda event source mapping hands it to the function. */
export function toRecord(m: Message, target: PollerTarget): SQSRecord {
  const a = m.Attributes ?? {};
  return {
    messageId: m.MessageId!,
    receiptHandle: m.ReceiptHandle!,
    body: m.Body ?? '',
    attributes: {
      ApproximateReceiveCount: a.ApproximateReceiveCount ?? '1',
      SentTimestamp: a.SentTimestamp ?? String(Date.now()),
      SenderId: a.SenderId ?? 'local',
      ApproximateFirstReceiveTimestamp: a.ApproximateFirstReceiveTimestamp ?? String(Date.now()),
      ...(a.MessageGroupId && { MessageGroupId: a.MessageGroupId }),
      ...(a.MessageDeduplicationId && { MessageDeduplicationId: a.MessageDeduplicationId }),
      ...(a.SequenceNumber && { SequenceNumber: a.SequenceNumber }),
    } as SQSRecordAttributes,
    messageAttributes: lambdaAttributes(m.MessageAttributes),
    md5OfBody:
      m.MD5OfBody ??
      createHash('md5')
        .update(m.Body ?? '')
        .digest('hex'),
    eventSource: 'aws:sqs',
    eventSourceARN: target.queueArn,
    awsRegion: target.region,
  };
}

/**
 * Which messages to delete after an invocation, as the event source mapping with ReportBatchItemFailures decides: a
 * throw keeps them all; otherwise all but the listed failures. A failure id that is not in the batch (or an empty one)
 * counts as a failed batch.
 */
export function messagesToDelete(
  records: SQSRecord[],
  outcome: { ok: true; result: unknown } | { ok: false },
): SQSRecord[] {
  if (!outcome.ok) return [];
  const failures = (outcome.result as SQSBatchResponse | undefined)?.batchItemFailures ?? [];
  const ids = new Set(records.map((r) => r.messageId));
  if (failures.some((f) => !f?.itemIdentifier || !ids.has(f.itemIdentifier))) return [];
  const failed = new Set(failures.map((f) => f.itemIdentifier));
  return records.filter((r) => !failed.has(r.messageId));
}

/** Receives one batch, invokes the consumer and deletes what it processed; returns how many messages it saw. */
export async function pollOnce(sqs: SQSClient, target: PollerTarget, signal?: AbortSignal): Promise<number> {
  const out = await sqs.send(
    new ReceiveMessageCommand({
      QueueUrl: target.queueUrl,
      MaxNumberOfMessages: Math.min(10, Math.max(1, target.batchSize)),
      WaitTimeSeconds: 1,
      MessageSystemAttributeNames: ['All'],
      MessageAttributeNames: ['All'],
    }),
    { abortSignal: signal },
  );
  const messages = out.Messages ?? [];
  if (!messages.length) return 0;
  const records = messages.map((m) => toRecord(m, target));
  const event: SQSEvent = { Records: records };
  const requestId = randomUUID();
  let outcome: { ok: true; result: unknown } | { ok: false };
  try {
    const handler = await loadHandler(target.consumer);
    outcome = { ok: true, result: await handler(event, lambdaContext(target.consumer, requestId)) };
  } catch (error) {
    console.error(
      JSON.stringify({
        level: 'error',
        source: 'local-queue-poller',
        consumer: target.consumer,
        requestId,
        error: String(error),
      }),
    );
    outcome = { ok: false };
  }
  const done = messagesToDelete(records, outcome);
  if (done.length) {
    const res = await sqs.send(
      new DeleteMessageBatchCommand({
        QueueUrl: target.queueUrl,
        Entries: done.map((r, i) => ({ Id: String(i), ReceiptHandle: r.receiptHandle })),
      }),
    );
    for (const f of res.Failed ?? []) {
      console.error(JSON.stringify({ level: 'error', source: 'local-queue-poller', message: 'delete failed', ...f }));
    }
  }
  return messages.length;
}

/** Polls until stopped (long polling of 1 s keeps an idle loop cheap and stop() quick). */
export function startPoller(sqs: SQSClient, target: PollerTarget): { stop(): Promise<void> } {
  const abort = new AbortController();
  const loop = (async () => {
    while (!abort.signal.aborted) {
      try {
        await pollOnce(sqs, target, abort.signal);
      } catch (error) {
        if (abort.signal.aborted) break;
        console.error(
          JSON.stringify({
            level: 'error',
            source: 'local-queue-poller',
            queue: target.queueUrl,
            error: String(error),
          }),
        );
        await new Promise((r) => setTimeout(r, 1_000));
      }
    }
  })();
  return {
    stop: async () => {
      abort.abort();
      await loop;
    },
  };
}
