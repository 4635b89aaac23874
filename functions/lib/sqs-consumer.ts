import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import type * as z from 'zod/mini';
import { lambdaHandler, type Invocation } from './lambda-handler';
import type { Logger } from './logger';
import type { BusinessMetrics } from './metrics';

/** What the per-message function gets besides the parsed message. */
export interface MessageContext<B = undefined> {
  messageId: string;
  /** What `perBatch` made for this invocation's batch: shared by its messages (e.g. reads they all make). */
  batch: B;
  record: SQSRecord;
  /** The invocation's logger with this message's id on every line. */
  log: Logger;
  metrics: BusinessMetrics;
}

export interface SqsConsumerOptions<B = undefined> {
  /** Messages of a batch run side by side (independent messages, I/O-bound work); otherwise one after another. */
  concurrent?: boolean;
  /** Made once per invocation and handed to each of its messages. */
  perBatch?: () => B;
}

/** The message as the schema has it, or undefined when the body is not JSON or not that message. */
function parseMessage<S extends z.ZodMiniType>(schema: S, body: string): z.infer<S> | undefined {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return undefined;
  }
  const parsed = schema.safeParse(json);
  return parsed.success ? parsed.data : undefined;
}

/**
 * The one SQS consumer shape (Powertools Batch processing, partial batch responses): each message is parsed with its
 * named zod schema; a malformed one is logged and dropped (retrying can't fix it); a thrown error fails only that
 * message, which comes back after its visibility timeout and goes to the dead-letter queue after maxReceiveCount.
 */
export function sqsConsumer<S extends z.ZodMiniType, B = undefined>(
  service: string,
  schema: S,
  processMessage: (message: z.infer<S>, context: MessageContext<B>) => Promise<void>,
  options: SqsConsumerOptions<B> = {},
): (event: SQSEvent, context?: Context) => Promise<SQSBatchResponse> {
  const processRecord = async (record: SQSRecord, invocation: Invocation, batch: B) => {
    const log = invocation.log.child({ messageId: record.messageId });
    const message = parseMessage(schema, record.body);
    if (message === undefined) {
      log.warn('dropped malformed message');
      return;
    }
    try {
      await processMessage(message, { messageId: record.messageId, batch, record, log, metrics: invocation.metrics });
    } catch (error) {
      log.error('message failed', { error });
      throw error;
    }
  };
  return lambdaHandler<SQSEvent, SQSBatchResponse>(service, (event, invocation) => {
    const batch = options.perBatch?.() as B;
    // A processor per invocation: its state is per batch.
    return processPartialResponse(
      event,
      (record: SQSRecord) => processRecord(record, invocation, batch),
      new BatchProcessor(EventType.SQS),
      {
        context: invocation.context,
        processInParallel: options.concurrent === true,
        // Every message failing is still a partial response (all listed), not an invocation error.
        throwOnFullBatchFailure: false,
      },
    );
  });
}
