import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pushSubscriptions } from '../../db/schema';

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

export function createPushRepository(db: Db) {
  return {
    /** One row per endpoint: subscribing again (another login in the same browser) moves it. */
    upsert: async (row: typeof pushSubscriptions.$inferInsert) =>
      (
        await db
          .insert(pushSubscriptions)
          .values(row)
          .onConflictDoUpdate({
            target: pushSubscriptions.endpoint,
            set: {
              userId: row.userId,
              p256dh: row.p256dh,
              auth: row.auth,
              language: row.language,
              createdAt: row.createdAt,
            },
          })
          .returning()
      )[0] as PushSubscriptionRow,

    /** Removes the caller's own subscription; answers whether there was one. */
    removeMine: async (userId: number, endpoint: string) =>
      (
        await db
          .delete(pushSubscriptions)
          .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
          .returning({ id: pushSubscriptions.id })
      ).length > 0,

    ofUser: async (userId: number) =>
      db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)),

    remove: async (id: number) => {
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
    },

    delivered: async (id: number, at: Date) => {
      await db.update(pushSubscriptions).set({ lastDeliveredAt: at }).where(eq(pushSubscriptions.id, id));
    },
  };
}

export type PushRepository = ReturnType<typeof createPushRepository>;
