import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Notification } from '../../../../../shared/domain/notification';
import { LoadFailed } from '../../../components/ui/load-failed';
import { MorePages } from '../../../components/ui/more-pages';
import { PageLoading } from '../../../components/ui/page-loading';
import {
  notificationTarget,
  relativeTime,
  useNotificationActions,
  useNotificationPages,
  useNotificationSummary,
} from '../../../domains/notifications/api';
import { RequireSignIn } from '../../../lib/session/require-sign-in';
import { badgeCount } from '../../../lib/badge';
import '../../../styles/notifications.css';
import { NotificationText } from '../components/notification-text';

function Notifications() {
  const pages = useNotificationPages();
  const summary = useNotificationSummary();
  const { markRead, markAllRead } = useNotificationActions();
  const navigate = useNavigate();
  const [now] = useState(() => Date.now());
  const [marking, setMarking] = useState(false);

  // The summary moves with every push and mark (the bell follows the user's topic): the list follows it.
  const unread = summary.data?.unreadCount ?? pages.data?.[0]?.unreadCount ?? 0;
  const newest = summary.data?.latest[0]?.id;
  const { mutate } = pages;
  useEffect(() => {
    if (summary.data) void mutate();
  }, [summary.data?.unreadCount, newest, mutate]); // eslint-disable-line react-hooks/exhaustive-deps

  const items = pages.data?.flatMap((p) => p.items) ?? [];
  const open = (n: Notification) => {
    if (!n.read) void markRead(n.id);
    navigate(notificationTarget(n));
  };

  return (
    <section className="container page-narrow notifications-page" aria-labelledby="notifications-title">
      <div className="notifications-head">
        <h1 className="page-title" id="notifications-title">
          Notifications
        </h1>
        {unread > 0 && (
          <span className="badge badge-primary" aria-label={`${unread} unread`}>
            {badgeCount(unread)}
          </span>
        )}
        <button
          type="button"
          className="btn btn-outline notifications-mark-all"
          disabled={unread === 0 || marking}
          onClick={() => {
            setMarking(true);
            void markAllRead().finally(() => setMarking(false));
          }}
        >
          Mark all as read
        </button>
      </div>
      {pages.error && !pages.data ? (
        <LoadFailed title="Failed to load notifications" onRetry={() => void pages.mutate()} />
      ) : !pages.data ? (
        <PageLoading />
      ) : items.length === 0 ? (
        <p className="status notification-empty">No notifications yet</p>
      ) : (
        <>
          <ul className="notifications-list" aria-label="Your notifications">
            {items.map((n) => (
              <li key={n.id}>
                <button
                  type="button"
                  className={`notification-row${n.read ? '' : ' notification-unread'}`}
                  onClick={() => open(n)}
                >
                  <NotificationText notification={n} time={relativeTime(n.createdAt, now)} />
                </button>
              </li>
            ))}
          </ul>
          <MorePages pages={pages} failedTitle="Failed to load notifications" className="notifications-more" />
        </>
      )}
    </section>
  );
}

/** Spec part 2 "Notifications page": login required, unread badge, 'Mark all as read', paged, same navigation. */
export function NotificationsPage() {
  return (
    <RequireSignIn>
      <Notifications />
    </RequireSignIn>
  );
}
