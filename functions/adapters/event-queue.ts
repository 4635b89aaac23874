import { SendMessageBatchCommand } from '@aws-sdk/client-sqs';
import type { DomainEvent } from '../../shared/events';
import type { EventPublisher } from '../core/notifications/ports';
import { sqsClient } from '../lib/aws-clients';
import { queueUrl } from './queues';

/** SQS takes at most 10 messages per batch. */
const BATCH = 10;

/** Domain events onto the events queue, ten per request; a message SQS refuses fails the whole call (callers retry). */
export const eventQueue: EventPublisher = {
  async publish(events: readonly DomainEvent[]) {
    for (let i = 0; i < events.length; i += BATCH) {
      const batch = events.slice(i, i + BATCH);
      const { Failed } = await sqsClient().send(
        new SendMessageBatchCommand({
          QueueUrl: queueUrl('events'),
          Entries: batch.map((event, j) => ({ Id: String(j), MessageBody: JSON.stringify(event) })),
        }),
      );
      if (Failed && Failed.length > 0) {
        throw new Error(`events queue refused ${Failed.length} of ${batch.length} messages: ${Failed[0]!.Code}`);
      }
    }
  },
};
