import type { NotificationKind } from '@sabai/shared/notifications/notification-types';
import { PUSH_TYPES } from '@sabai/shared/notifications/notification-types';
import { and, count, desc, eq, getTableColumns, isNull, ne, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { type AnnouncementText, announcementStaffAudit, announcements, notifications } from '../../db/schema';

export type { AnnouncementText };
export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotificationRow = typeof notifications.$inferInsert;
/** A record with its announcement's texts when it is an announcement's copy. */
export type NotificationWithText = NotificationRow & {
  announcementTexts: Record<string, AnnouncementText> | null;
};

export interface NotificationFilter {
  onlyUnread: boolean;
  kind?: NotificationKind | undefined;
  pushType?: number | undefined;
}

const CANCELLED_ACCOUNT = 3;

export function createNotificationsRepository(db: Db) {
  const mine = (recipientId: number, id: number) =>
    and(eq(notifications.recipientId, recipientId), eq(notifications.id, id));
  const withText = { ...getTableColumns(notifications), announcementTexts: announcements.texts };
  const kindCondition = (kind: NotificationKind | undefined): SQL | undefined =>
    kind === 'system'
      ? eq(notifications.pushType, PUSH_TYPES.announcement)
      : kind === 'order'
        ? ne(notifications.pushType, PUSH_TYPES.announcement)
        : undefined;

  return {
    /** Inserts the records not written before (by dedupe key); answers the new ones. */
    insertNew: async (tx: Db, rows: NewNotificationRow[]) =>
      rows.length
        ? tx
            .insert(notifications)
            .values(rows)
            .onConflictDoNothing({ target: notifications.dedupeKey })
            .returning()
        : [],

    list: async (
      recipientId: number,
      filter: NotificationFilter,
      limit: number,
      offset: number,
    ): Promise<NotificationWithText[]> =>
      db
        .select(withText)
        .from(notifications)
        .leftJoin(announcements, eq(announcements.id, notifications.announcementId))
        .where(
          and(
            eq(notifications.recipientId, recipientId),
            filter.onlyUnread ? isNull(notifications.readAt) : undefined,
            kindCondition(filter.kind),
            filter.pushType !== undefined ? eq(notifications.pushType, filter.pushType) : undefined,
          ),
        )
        .orderBy(desc(notifications.id))
        .limit(limit)
        .offset(offset),

    unreadCount: async (recipientId: number) =>
      (
        await db
          .select({ count: count() })
          .from(notifications)
          .where(and(eq(notifications.recipientId, recipientId), isNull(notifications.readAt)))
      )[0]?.count ?? 0,

    find: async (recipientId: number, id: number): Promise<NotificationWithText | undefined> =>
      (
        await db
          .select(withText)
          .from(notifications)
          .leftJoin(announcements, eq(announcements.id, notifications.announcementId))
          .where(mine(recipientId, id))
      )[0],

    /** Marks it read once; a second call keeps the first reading time. Answers whether it was unread. */
    markRead: async (recipientId: number, id: number, now: Date) =>
      (
        await db
          .update(notifications)
          .set({ readAt: now })
          .where(and(mine(recipientId, id), isNull(notifications.readAt)))
          .returning({ id: notifications.id })
      ).length > 0,

    markAllRead: async (recipientId: number, now: Date) =>
      (
        await db
          .update(notifications)
          .set({ readAt: now })
          .where(and(eq(notifications.recipientId, recipientId), isNull(notifications.readAt)))
          .returning({ id: notifications.id })
      ).length,

    /**
     * Publishes an announcement in one transaction: the row, the staff audit and one unread copy per
     * account that is not cancelled, written by one INSERT … SELECT (no row per user in this process).
     */
    publishAnnouncement: async (
      tx: Db,
      input: { texts: Record<string, AnnouncementText>; staffId: number; now: Date },
    ) => {
      const [announcement] = await tx
        .insert(announcements)
        .values({ texts: input.texts, publishedBy: input.staffId, publishedAt: input.now })
        .returning();
      if (!announcement) throw new Error('announcement insert returned nothing');
      await tx.insert(announcementStaffAudit).values({
        announcementId: announcement.id,
        staffId: input.staffId,
        action: 'publish',
        after: { texts: input.texts },
        at: input.now,
      });
      const copies = await queryRows<{ id: number }>(
        tx,
        sql`insert into notifications
              (recipient_id, push_type, announcement_id, message_key, params, dedupe_key, created_at)
            select id, ${PUSH_TYPES.announcement}, ${announcement.id}, 'announcement', '{}'::jsonb,
                   'announcement:' || ${announcement.id}::text || ':' || id::text, ${input.now.toISOString()}::timestamptz
            from users where is_logout <> ${CANCELLED_ACCOUNT}
            on conflict (dedupe_key) do nothing
            returning id`,
      );
      return { announcement, recipients: copies.length };
    },
  };
}

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
