import { z } from 'zod';
import { NOTIFICATION_MESSAGE_KEYS } from './notification-types';

/** A notification as its recipient reads it: the text in the request's language. */
export const notificationSchema = z.object({
  id: z.number().int(),
  pushType: z.number().int(),
  orderId: z.number().int().nullable(),
  messageKey: z.enum(NOTIFICATION_MESSAGE_KEYS),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  /** Localised from `messageKey` and `params` in the `lang` header's language. */
  text: z.string(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type NotificationView = z.infer<typeof notificationSchema>;

/**
 * The payload of the realtime `notification.created` event: the record without the text (the
 * event is written once for every language; the list route answers the localised text).
 */
export const notificationCreatedSchema = notificationSchema.omit({ text: true });

export const notificationListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  /** Only unread ones. */
  unread: z
    .enum(['true', 'false', '1', '0'])
    .transform((value) => value === 'true' || value === '1')
    .optional(),
});

export const notificationPageSchema = z.object({
  items: z.array(notificationSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  hasMore: z.boolean(),
});

export const unreadCountSchema = z.object({ count: z.number().int() });
export const readAllSchema = z.object({ marked: z.number().int() });
