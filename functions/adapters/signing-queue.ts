import { z } from 'zod';
import { signingTopic, type DomainEvent } from '../../shared/events';
import type { SigningCheck, SigningEvents, SigningQueue } from '../core/signing/requests';
import { sendToQueue } from './queues';

/** A message of the signing queue. */
export const signingCheckSchema = z.object({
  uuid: z.string().uuid(),
  purpose: z.enum(['sign-in']),
  attempt: z.number().int().min(1),
});

export const signingQueue: SigningQueue = {
  enqueue: (check: SigningCheck, delaySeconds) => sendToQueue('signing', check, delaySeconds),
};

/** Status changes go through the events queue, whose consumer pushes them to the topic's sockets. */
export const signingEvents: SigningEvents = {
  async statusChanged(r, at) {
    const event: DomainEvent = {
      // One id per status: a redelivered or re-sent announcement is recognisably the same event.
      id: `${r.uuid}:${r.status}`,
      topic: signingTopic(r.uuid),
      type: 'signing.status',
      occurredAt: at.toISOString(),
      data: { uuid: r.uuid, purpose: r.purpose, status: r.status },
    };
    await sendToQueue('events', event);
  },
};
