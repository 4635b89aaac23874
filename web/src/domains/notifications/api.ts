import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import useSWRInfinite from 'swr/infinite';
import type { ResponseOf } from '../../../../shared/api/contract';
import {
  getNotificationSummary,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  type NotificationPage,
} from '../../../../shared/api/notifications';
import type { Notification } from '../../../../shared/domain/notification';
import { userTopic, type SocketEvent } from '../../../../shared/events';
import { apiGet, apiSend } from '../../lib/api';
import { useTopic } from '../../lib/realtime/use-topic';
import { useOptionalSession, useSignedInSession } from '../../lib/session/session-context';
import { isKeyOf, keys } from '../keys';

export type NotificationSummary = ResponseOf<typeof getNotificationSummary>;

/**
 * SWR key of the signed-in user's summary (the bell, the account panel). The /notifications pages follow it: they
 * read again whenever it changes.
 */
const isSummaryKey = (key: unknown) => isKeyOf(key, 'notification-summary');

/**
 * Where a notification leads (spec part 2): message -> /messages; bid or offer -> the item, else /activity;
 * auction_ending and new_listing (decision 058) -> the item, else /marketplace; transaction -> /activity. The notifications page adds escrow types
 * -> /activity; review_received -> the order reviewed (decision 050); anything else -> /notifications.
 */
export function notificationTarget(n: Pick<Notification, 'type' | 'relatedId'>): string {
  const item = n.relatedId ? `/item/${encodeURIComponent(n.relatedId)}` : null;
  switch (n.type) {
    case 'message':
      return '/messages';
    case 'bid':
    case 'offer':
      return item ?? '/activity';
    case 'auction_ending':
    case 'new_listing':
      return item ?? '/marketplace';
    case 'transaction':
    case 'escrow_created':
    case 'escrow_released':
      return '/activity';
    case 'review_received':
      return n.relatedId ? `/purchased/${encodeURIComponent(n.relatedId)}` : '/notifications';
    default:
      return '/notifications';
  }
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['week', 7 * 86_400],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];
const relative = new Intl.RelativeTimeFormat('en', { numeric: 'always' });

/** English relative time, e.g. '5 minutes ago' (spec part 2 "Notification age text"). */
export function relativeTime(iso: string, nowMs: number): string {
  const seconds = Math.round((Date.parse(iso) - nowMs) / 1000);
  const abs = Math.abs(seconds);
  for (const [unit, size] of UNITS) {
    if (abs >= size) return relative.format(Math.trunc(seconds / size), unit);
  }
  return abs < 5 ? 'just now' : relative.format(seconds, 'second');
}

/** The signed-in user's unread count and 5 latest (the bell, the account panel's badge); one cache entry per user. */
export function useNotificationSummary() {
  const session = useOptionalSession();
  const token = session?.token ?? null;
  const user = session?.user ?? null;
  return useSWR(
    user && token ? keys.notificationSummary(user.id) : null,
    () => apiGet(getNotificationSummary, { token }),
    {
      // Spec part 2: a failed read is only logged and the list stays empty.
      onError: (error) => console.warn('Notification fetch failed', error),
    },
  );
}

/** Reads the summary again (after a mark, or when the socket says something changed); the pages follow it. */
export function useRefreshNotifications() {
  const { mutate } = useSWRConfig();
  return useCallback(() => mutate(isSummaryKey), [mutate]);
}

/**
 * Follows the user's topic while mounted (the header's bell): a new notification moves the badge at once, a read in
 * another tab re-reads; after a (re)connect the summary is read again, since pushes may have been missed meanwhile.
 */
export function useLiveNotifications() {
  const session = useOptionalSession();
  const userId = session?.user?.id ?? null;
  const { mutate } = useSWRConfig();
  const refresh = useRefreshNotifications();
  const onEvent = (event: SocketEvent) => {
    if (!userId) return;
    if (event.type === 'notification.created') {
      const { notification, unreadCount } = event.data;
      void mutate(
        keys.notificationSummary(userId),
        (current: NotificationSummary | undefined) => ({
          unreadCount,
          latest: [notification, ...(current?.latest ?? []).filter((n) => n.id !== notification.id)].slice(0, 5),
        }),
        { revalidate: false },
      );
    } else if (event.type === 'notifications.read') {
      void refresh();
    }
  };
  useTopic(userId ? userTopic(userId) : null, onEvent, { onSubscribed: () => void refresh() });
}

/** Mark one read / all read, then re-read the views. */
export function useNotificationActions() {
  const token = useOptionalSession()?.token ?? null;
  const refresh = useRefreshNotifications();
  const markRead = useCallback(
    async (id: string) => {
      try {
        await apiSend(markNotificationRead, { params: { id }, body: {}, token });
      } catch (error) {
        // Spec part 2: notification failures are only logged; the re-read shows what the server holds.
        console.warn('Marking a notification read failed', error);
      }
      await refresh();
    },
    [token, refresh],
  );
  const markAllRead = useCallback(async () => {
    try {
      await apiSend(markAllNotificationsRead, { body: {}, token });
    } catch (error) {
      console.warn('Marking all notifications read failed', error);
    }
    await refresh();
  }, [token, refresh]);
  return { markRead, markAllRead };
}

type PageKey = ReturnType<typeof keys.notificationPages>;

/** The signed-in user's notifications, newest first, a page at a time (`nextCursor`). */
export function useNotificationPages() {
  const { user, token } = useSignedInSession();
  return useSWRInfinite<NotificationPage, Error, (i: number, prev: NotificationPage | null) => PageKey | null>(
    (_, prev) => (prev && !prev.nextCursor ? null : keys.notificationPages(user.id, prev?.nextCursor ?? null)),
    ([, , cursor]) => apiGet(listNotifications, { token, query: cursor ? { cursor } : {} }),
  );
}
