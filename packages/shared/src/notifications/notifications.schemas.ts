import { z } from 'zod';
import { LANGUAGES } from '../i18n';
import { int4Schema, textSchema } from '../input';
import { NOTIFICATION_KINDS, NOTIFICATION_MESSAGE_KEYS } from './notification-types';

/** A notification as its recipient reads it: the text in the request's language. */
export const notificationSchema = z.object({
  id: z.number().int(),
  pushType: z.number().int(),
  orderId: z.number().int().nullable(),
  /** Set on a system announcement's copy (decision 056). */
  announcementId: z.number().int().nullable(),
  messageKey: z.enum(NOTIFICATION_MESSAGE_KEYS),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  /** A short heading: the push type's name, or the announcement's title, in the `lang` header's language. */
  title: z.string(),
  /** Localised from `messageKey` and `params` in the `lang` header's language (an announcement's body). */
  text: z.string(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type NotificationView = z.infer<typeof notificationSchema>;

/**
 * The payload of the realtime `notification.created` event: the record without the text (the
 * event is written once for every language; the list route answers the localised text).
 */
export const notificationCreatedSchema = notificationSchema.omit({ text: true, title: true });

export const notificationListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  /** Only the system's announcements, or only the orders' news (decision 056). */
  kind: z.enum(NOTIFICATION_KINDS).optional(),
  /** Only one push type (the spec's "notifications by payload type"). */
  pushType: z.coerce.number().int().min(0).max(99).optional(),
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

/** The spec's `uid` and `noticeOs` (section 7): the caller's own id when given; the client's platform. */
export const noticeQuerySchema = z.object({ uid: int4Schema.optional(), noticeOs: int4Schema.optional() });
/** `POST /app/notice/receive`: the spec's fields, plus `noticeId` to mark only that one read. */
export const noticeReceiveBodySchema = noticeQuerySchema
  .extend({ noticeId: int4Schema.min(1).optional() })
  .nullish();

const announcementTextSchema = z.object({
  title: textSchema().trim().min(1).max(80),
  body: textSchema().trim().min(1).max(2000),
});

/** A system announcement as staff write it: English always, any other language optionally. */
export const announcementBodySchema = z.object({
  texts: z
    .partialRecord(z.enum(LANGUAGES), announcementTextSchema)
    .refine((texts) => texts.en !== undefined, { error: 'English text is required', path: ['en'] }),
});
export const announcementPublishedSchema = z.object({ id: z.number().int(), recipients: z.number().int() });

/** Base64url without padding, as `PushSubscription.toJSON()` gives the keys. */
const base64url = (bytes: number) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/)
    .length(Math.ceil((bytes * 4) / 3));

/** The browser's `PushSubscription.toJSON()`: where to post and the keys to encrypt for. */
export const pushSubscriptionBodySchema = z.object({
  endpoint: textSchema()
    .max(1024)
    .pipe(z.url({ protocol: /^https?$/ })),
  expirationTime: z.number().nullish(),
  keys: z.object({
    /** The browser's P-256 public key, uncompressed (65 bytes). */
    p256dh: base64url(65),
    /** The shared authentication secret (16 bytes). */
    auth: base64url(16),
  }),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBodySchema>;
export const pushUnsubscribeBodySchema = z.object({ endpoint: textSchema().max(1024) });
/** The server's VAPID public key for `pushManager.subscribe`, or null when Web Push is off. */
export const pushConfigSchema = z.object({ publicKey: z.string().nullable() });
