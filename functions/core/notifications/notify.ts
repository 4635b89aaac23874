import type { Notification } from '../../../shared/domain/notification';
import { type DomainEventOf, userTopic } from '../../../shared/events';
import { gateOf } from './notification-gate';
import type { NotificationPreferences, NotifyDeps } from './ports';

export type NotifyRequest = DomainEventOf<'notify.requested'>['data'];

/** The live push of a stored notification; its id is per notification, so a re-send is recognisably the same. */
export function notificationCreated(
  userId: string,
  notification: Notification,
  unreadCount: number,
  at: Date,
): DomainEventOf<'notification.created'> {
  return {
    id: `notification.created:${notification.id}`,
    occurredAt: at.toISOString(),
    type: 'notification.created',
    topic: userTopic(userId),
    data: { notification, unreadCount },
  };
}

/**
 * Whether the recipient turned off the toggle that covers this notification (decision 057). The settings are read only
 * for a notification a toggle may mute, and the order only when the toggle mutes the seller's copy alone.
 */
async function muted(request: NotifyRequest, preferences: NotificationPreferences): Promise<boolean> {
  const gate = gateOf(request);
  if (!gate || (await preferences.toggles(request.userId))[gate.toggle]) return false;
  if (!gate.sellerOnly) return true;
  return request.relatedId !== null && (await preferences.sellerOf(request.relatedId)) === request.userId;
}

/**
 * The one way a user gets notified (every feature asks through a notify.requested event): drops it when the user
 * muted its kind (decision 057), else stores the notification once per (user, dedupeKey), then pushes it with the
 * unread count to the user's topic. A repeated request (a redelivered event, a schedule's second run) stores nothing;
 * it pushes the stored one again while it is unread, so a push lost after the first store still arrives.
 */
export async function notify(
  request: NotifyRequest,
  deps: NotifyDeps,
): Promise<{ created: boolean; notificationId: string | null }> {
  if (await muted(request, deps.preferences)) return { created: false, notificationId: null };
  const at = deps.clock.now();
  const notification: Notification = {
    id: deps.newId(at),
    type: request.type,
    title: request.title,
    message: request.message,
    read: false,
    relatedId: request.relatedId,
    createdAt: at.toISOString(),
  };
  const outcome = await deps.store.create({ ...notification, userId: request.userId, dedupeKey: request.dedupeKey });
  const stored = outcome.created ? notification : outcome.existing;
  if (stored && !stored.read) {
    const unreadCount = await deps.store.unreadCount(request.userId);
    await deps.events.publish([notificationCreated(request.userId, stored, unreadCount, at)]);
  }
  return { created: outcome.created, notificationId: stored?.id ?? null };
}
