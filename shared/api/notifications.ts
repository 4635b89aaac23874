import * as z from 'zod/mini';
import { notificationSchema } from '../domain/notification';
import { defineContract } from './contract';

/** The signed-in user's notifications (spec part 2 "Header notification bell", "Notifications page"). */

/** The bell's popover shows this many (spec part 2 "Business constants and limits"). */
export const BELL_LATEST = 5;
/** One page of /notifications. */
export const NOTIFICATIONS_PAGE_SIZE = 20;

/** Notification ids are ULIDs: time-ordered, so the newest sorts last. */
export const notificationIdSchema = z.string().check(z.regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, 'Not a notification id'));

const unreadCount = z.number().check(z.int(), z.nonnegative());

export const getNotificationSummary = defineContract({
  method: 'GET',
  path: '/api/me/notifications/summary',
  response: z.object({ unreadCount, latest: z.array(notificationSchema).check(z.maxLength(BELL_LATEST)) }),
});

export const listNotifications = defineContract({
  method: 'GET',
  path: '/api/me/notifications',
  query: z.strictObject({
    /** The `nextCursor` of the previous page. */
    cursor: z.optional(notificationIdSchema),
    limit: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(50))),
  }),
  response: z.object({
    /** Newest first. */
    items: z.array(notificationSchema),
    nextCursor: z.nullable(z.string()),
    unreadCount,
  }),
});

export const markNotificationRead = defineContract({
  method: 'POST',
  path: '/api/me/notifications/{id}/read',
  params: z.strictObject({ id: notificationIdSchema }),
  body: z.strictObject({}),
  response: z.object({ id: z.string(), read: z.literal(true), unreadCount }),
});

export const markAllNotificationsRead = defineContract({
  method: 'POST',
  path: '/api/me/notifications/read-all',
  body: z.strictObject({}),
  response: z.object({ marked: z.number().check(z.int(), z.nonnegative()), unreadCount }),
});

export type NotificationSummary = z.infer<typeof getNotificationSummary.response>;
export type NotificationPage = z.infer<typeof listNotifications.response>;
