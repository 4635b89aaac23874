import { signingTopic } from '../../shared/events';
import type { SigningCheck, SigningEvents, SigningQueue } from '../core/signing/requests';
import { eventQueue } from './event-queue';
import { sendToQueue } from './queues';

export const signingQueue: SigningQueue = {
  enqueue: (check: SigningCheck, delaySeconds) => sendToQueue('signing', check, delaySeconds),
};

/** Status changes go through the events publisher, whose consumer pushes them to the topic's sockets. */
export const signingEvents: SigningEvents = {
  async statusChanged(r, at) {
    await eventQueue.publish([
      {
        // One id per status: a redelivered or re-sent announcement is recognisably the same event.
        id: `${r.uuid}:${r.status}`,
        topic: signingTopic(r.uuid),
        type: 'signing.status',
        occurredAt: at.toISOString(),
        data: { uuid: r.uuid, purpose: r.purpose, status: r.status },
      },
    ]);
  },
};
