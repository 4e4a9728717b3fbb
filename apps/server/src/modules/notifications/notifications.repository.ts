import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notifications } from '../../db/schema';

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotificationRow = typeof notifications.$inferInsert;

export function createNotificationsRepository(db: Db) {
  const mine = (recipientId: number, id: number) =>
    and(eq(notifications.recipientId, recipientId), eq(notifications.id, id));
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

    list: async (recipientId: number, onlyUnread: boolean, limit: number, offset: number) =>
      db
        .select()
        .from(notifications)
        .where(
          and(
            eq(notifications.recipientId, recipientId),
            onlyUnread ? isNull(notifications.readAt) : undefined,
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

    find: async (recipientId: number, id: number) =>
      (await db.select().from(notifications).where(mine(recipientId, id)))[0],

    /** Marks it read once; a second call keeps the first reading time. */
    markRead: async (recipientId: number, id: number, now: Date) =>
      (
        await db
          .update(notifications)
          .set({ readAt: now })
          .where(and(mine(recipientId, id), isNull(notifications.readAt)))
          .returning()
      )[0],

    markAllRead: async (recipientId: number, now: Date) =>
      (
        await db
          .update(notifications)
          .set({ readAt: now })
          .where(and(eq(notifications.recipientId, recipientId), isNull(notifications.readAt)))
          .returning({ id: notifications.id })
      ).length,
  };
}

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
