import type { Clock } from '../clock/clock';
import type { EventPublisher } from '../realtime/ports';
import type { Notification, NotificationType } from '../../../shared/domain/notification';
import type { NotificationToggle } from '../../../shared/domain/seller-settings';

/** A notification as stored: what its owner sees plus who owns it and the key it was deduplicated by. */
export interface NewNotification extends Omit<Notification, 'read'> {
  userId: string;
  dedupeKey: string;
}

/** What `create` did: stored it now, or found the one an earlier request with the same key stored. */
export type CreateOutcome = { created: true } | { created: false; existing: Notification | null };

export type MarkOutcome = 'marked' | 'already' | 'missing';

export interface NotificationPageQuery {
  limit: number;
  /** Only notifications older than this id (ids are time-ordered). */
  before?: string;
}

/** Notifications per user, newest first, with an unread counter kept in the same transactions as the items. */
export interface NotificationStore {
  /** Stores it unread and counts it, unless the user already has one with its dedupeKey. */
  create(n: NewNotification): Promise<CreateOutcome>;
  /** Newest first; `more` when older ones exist. */
  page(userId: string, q: NotificationPageQuery): Promise<{ items: Notification[]; more: boolean }>;
  unreadCount(userId: string): Promise<number>;
  /** Marks the user's own notification read and uncounts it; 'missing' when the user has no such notification. */
  markRead(userId: string, id: string): Promise<MarkOutcome>;
  /** Marks every unread notification of the user read (in bounded transactions) and returns how many. */
  markAllRead(userId: string): Promise<number>;
  /** Which of these (userId, dedupeKey) pairs already have a notification, as `${userId} ${dedupeKey}`. */
  notified(pairs: readonly { userId: string; dedupeKey: string }[]): Promise<Set<string>>;
}

/** Sends domain events to the events queue (the consumer pushes socket events and runs notify.requested). */
export type { EventPublisher };

export interface NotificationDeps {
  store: NotificationStore;
  events: EventPublisher;
  clock: Clock;
  /** A time-ordered id (a ULID) for a notification created at `at`. */
  newId: (at: Date) => string;
}

/** What a notification's recipient chose to hear (decision 057), read only for a notification a toggle may mute. */
export interface NotificationPreferences {
  /** The user's notification toggles (the defaults when they never saved). */
  toggles(userId: string): Promise<Record<NotificationToggle, boolean>>;
  /** The seller of the order, or null when there is no such order. */
  sellerOf(orderId: string): Promise<string | null>;
}

/** notify's: the store and push, and the recipient's choices. */
export interface NotifyDeps extends NotificationDeps {
  preferences: NotificationPreferences;
}

export type { Notification, NotificationType };
