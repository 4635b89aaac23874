import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import {
  notificationTarget,
  relativeTime,
  useLiveNotifications,
  useNotificationActions,
  useNotificationSummary,
} from '../../../domains/notifications/api';
import { badgeCount } from '../../../lib/badge';
import '../../../styles/notifications.css';
import { NotificationText } from './notification-text';

function BellIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
      <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
    </svg>
  );
}

/**
 * The header's notification bell (spec part 2 "Header notification bell"): unread badge, a menu with the 5 latest in
 * a scrolling list, 'Mark all read' and 'View All Notifications'. It follows the user's topic, so the badge moves
 * without a reload. A menu (Radix): arrow keys move through the notifications, Escape closes and focus returns.
 */
export function NotificationBell() {
  useLiveNotifications();
  const summary = useNotificationSummary();
  const { markRead, markAllRead } = useNotificationActions();
  const navigate = useNavigate();
  const [now, setNow] = useState(() => Date.now());
  const unread = summary.data?.unreadCount ?? 0;
  const latest = summary.data?.latest ?? [];
  return (
    <DropdownMenu.Root modal={false} onOpenChange={(open) => open && setNow(Date.now())}>
      <DropdownMenu.Trigger
        className="btn btn-ghost btn-icon icon-with-badge"
        aria-label={`Notifications, ${unread} unread`}
      >
        <BellIcon />
        {unread > 0 && (
          <span className="count-badge" aria-hidden data-testid="notification-badge">
            {badgeCount(unread)}
          </span>
        )}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu-content notification-popover" align="end" sideOffset={6}>
          <div className="notification-popover-head">
            <DropdownMenu.Label className="notification-popover-title">Notifications</DropdownMenu.Label>
            <DropdownMenu.Item
              className="menu-item notification-mark-all"
              disabled={unread === 0}
              // Stays open: the list shows them read.
              onSelect={(e) => {
                e.preventDefault();
                void markAllRead();
              }}
            >
              Mark all read
            </DropdownMenu.Item>
          </div>
          <DropdownMenu.Separator className="menu-separator" />
          <div className="notification-popover-list">
            {summary.isLoading && !summary.data ? (
              <p className="notification-empty" role="status">
                Loading...
              </p>
            ) : latest.length === 0 ? (
              <p className="notification-empty">No notifications yet</p>
            ) : (
              latest.map((n) => (
                <DropdownMenu.Item
                  key={n.id}
                  className={`menu-item notification-item${n.read ? '' : ' notification-unread'}`}
                  onSelect={() => {
                    if (!n.read) void markRead(n.id);
                    navigate(notificationTarget(n));
                  }}
                >
                  <NotificationText notification={n} time={relativeTime(n.createdAt, now)} />
                </DropdownMenu.Item>
              ))
            )}
          </div>
          <DropdownMenu.Separator className="menu-separator" />
          <DropdownMenu.Item asChild className="menu-item notification-view-all">
            <Link to="/notifications">View All Notifications</Link>
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
