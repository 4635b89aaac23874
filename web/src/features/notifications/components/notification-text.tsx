import type { Notification } from '../../../../../shared/domain/notification';

/** A notification's title, message and age; unread ones are marked for sight and for screen readers. */
export function NotificationText({ notification: n, time }: { notification: Notification; time: string }) {
  return (
    <span className="notification-text">
      <span className="notification-title">
        {!n.read && <span className="notification-dot" aria-label="Unread" role="img" />}
        {n.title}
      </span>
      <span className="notification-message">{n.message}</span>
      <span className="notification-time">{time}</span>
    </span>
  );
}
