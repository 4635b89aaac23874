import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { domainEventSchema } from '../../shared/events';
import { realtimeStore } from '../adapters/db/realtime-store';
import { db } from '../adapters/db/service';
import { socketSender } from '../adapters/socket-sender';
import { notificationDeps } from '../adapters/notification-deps';
import { notify } from '../core/notifications/notify';
import { publishEvent } from '../core/realtime/publish-event';
import { createLogger } from '../lib/logger';

const log = createLogger({ service: 'jobs', job: 'publish-events' });

/**
 * Consumer of the events queue: pushes each domain event to its topic's sockets. A malformed message is logged and
 * dropped (retrying can't fix it); a failed delivery is reported so only that message comes back.
 */
export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
  for (const record of event.Records) {
    let parsed;
    try {
      parsed = domainEventSchema.safeParse(JSON.parse(record.body));
    } catch {
      parsed = undefined;
    }
    if (!parsed?.success) {
      log.warn('dropped malformed event', { messageId: record.messageId });
      continue;
    }
    const event = parsed.data;
    try {
      // Not a socket event: store the notification (once per dedupe key), which publishes notification.created.
      if (event.type === 'notify.requested') {
        const result = await notify(event.data, notificationDeps());
        log.info('notify handled', { messageId: record.messageId, eventId: event.id, created: result.created });
        continue;
      }
      const result = await publishEvent(event, {
        store: realtimeStore(db()),
        sender: socketSender,
        now: new Date(),
      });
      log.info('event published', { messageId: record.messageId, topic: event.topic, ...result });
    } catch (error) {
      log.error('event publish failed', { messageId: record.messageId, error });
      batchItemFailures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures };
}
