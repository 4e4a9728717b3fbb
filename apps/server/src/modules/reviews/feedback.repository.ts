import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { feedback, feedbackReplies, orders } from '../../db/schema';

export type FeedbackStatusValue = (typeof feedback.$inferSelect)['status'];
export type FeedbackRow = typeof feedback.$inferSelect & { orderNumber: string | null; replyCount: number };
export type NewFeedbackRow = typeof feedback.$inferInsert;
export type FeedbackReplyRow = typeof feedbackReplies.$inferSelect;

const columns = {
  id: feedback.id,
  customerId: feedback.customerId,
  orderId: feedback.orderId,
  type: feedback.type,
  description: feedback.description,
  contact: feedback.contact,
  imageKeys: feedback.imageKeys,
  status: feedback.status,
  createdAt: feedback.createdAt,
  updatedAt: feedback.updatedAt,
  orderNumber: orders.orderNumber,
  replyCount: sql<number>`(select count(*)::int from feedback_replies r where r.feedback_id = ${feedback.id})`,
};

/** Feedback and its thread of replies (decision 053), each read with its order's number when linked. */
export function createFeedbackRepository(db: Db) {
  const select = (from: Db = db) =>
    from.select(columns).from(feedback).leftJoin(orders, eq(orders.id, feedback.orderId));
  return {
    async insert(row: NewFeedbackRow): Promise<number> {
      const [inserted] = await db.insert(feedback).values(row).returning({ id: feedback.id });
      if (!inserted) throw new Error('feedback insert returned nothing');
      return inserted.id;
    },

    async find(id: number, from: Db = db): Promise<FeedbackRow | undefined> {
      const [row] = await select(from).where(eq(feedback.id, id)).limit(1);
      return row;
    },

    /** The row under lock, so a reply and a status change never cross (the caller's transaction). */
    async lock(tx: Db, id: number) {
      const [row] = await tx.select().from(feedback).where(eq(feedback.id, id)).for('update').limit(1);
      return row;
    },

    repliesOf: (feedbackId: number) =>
      db
        .select()
        .from(feedbackReplies)
        .where(eq(feedbackReplies.feedbackId, feedbackId))
        .orderBy(asc(feedbackReplies.id)),

    listOfCustomer: (customerId: number, limit: number, offset: number) =>
      select()
        .where(eq(feedback.customerId, customerId))
        .orderBy(desc(feedback.updatedAt), desc(feedback.id))
        .limit(limit)
        .offset(offset),

    listForStaff: (
      filter: { status?: FeedbackStatusValue | undefined; type?: string | undefined },
      limit: number,
      offset: number,
    ) =>
      select()
        .where(
          and(
            filter.status ? eq(feedback.status, filter.status) : undefined,
            filter.type ? eq(feedback.type, filter.type) : undefined,
          ),
        )
        .orderBy(asc(feedback.updatedAt), asc(feedback.id))
        .limit(limit)
        .offset(offset),

    async insertReply(tx: Db, row: typeof feedbackReplies.$inferInsert) {
      await tx.insert(feedbackReplies).values(row);
      await tx.update(feedback).set({ updatedAt: row.createdAt }).where(eq(feedback.id, row.feedbackId));
    },

    async setStatus(tx: Db, id: number, status: FeedbackStatusValue, at: Date) {
      await tx.update(feedback).set({ status, updatedAt: at }).where(eq(feedback.id, id));
    },
  };
}

export type FeedbackRepository = ReturnType<typeof createFeedbackRepository>;
