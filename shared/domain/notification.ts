import * as z from 'zod/mini';

/**
 * Spec part 2 entity "Notification"; escrow_created and escrow_released are the notifications page's extra types,
 * review_received the reviews issue's, new_listing the store followers' (decision 058).
 */
export const NOTIFICATION_TYPES = [
  'bid',
  'auction_ending',
  'message',
  'offer',
  'transaction',
  'other',
  'escrow_created',
  'escrow_released',
  /** Someone reviewed the user (decision 050). */
  'review_received',
  /** A store the user follows listed an item (decision 058). */
  'new_listing',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
export const notificationTypeSchema = z.enum(NOTIFICATION_TYPES);

export const NOTIFICATION_TITLE_MAX = 120;
export const NOTIFICATION_MESSAGE_MAX = 500;

/** One stored notification as its owner sees it. */
export const notificationSchema = z.object({
  id: z.string(),
  type: notificationTypeSchema,
  title: z.string(),
  message: z.string(),
  read: z.boolean(),
  /** The listing, conversation or order it is about, when there is one. */
  relatedId: z.nullable(z.string()),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;
