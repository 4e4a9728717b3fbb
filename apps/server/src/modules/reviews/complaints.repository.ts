import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { complaints, orders } from '../../db/schema';

export type ComplaintRow = typeof complaints.$inferSelect & { orderNumber: string };
export type NewComplaintRow = typeof complaints.$inferInsert;

const columns = {
  id: complaints.id,
  orderId: complaints.orderId,
  customerId: complaints.customerId,
  type: complaints.type,
  title: complaints.title,
  content: complaints.content,
  imageKeys: complaints.imageKeys,
  status: complaints.status,
  reply: complaints.reply,
  decidedBy: complaints.decidedBy,
  decidedAt: complaints.decidedAt,
  createdAt: complaints.createdAt,
  orderNumber: orders.orderNumber,
};

/** Complaints (decision 049), each read with its order's number for the lists. */
export function createComplaintsRepository(db: Db) {
  const select = () =>
    db.select(columns).from(complaints).innerJoin(orders, eq(orders.id, complaints.orderId));
  return {
    async insert(row: NewComplaintRow): Promise<number> {
      const [inserted] = await db.insert(complaints).values(row).returning({ id: complaints.id });
      if (!inserted) throw new Error('complaint insert returned nothing');
      return inserted.id;
    },

    async find(id: number): Promise<ComplaintRow | undefined> {
      const [row] = await select().where(eq(complaints.id, id)).limit(1);
      return row;
    },

    listOfCustomer: (customerId: number, limit: number, offset: number) =>
      select()
        .where(eq(complaints.customerId, customerId))
        .orderBy(desc(complaints.createdAt), desc(complaints.id))
        .limit(limit)
        .offset(offset),

    listForStaff: (status: ComplaintRow['status'] | undefined, limit: number, offset: number) =>
      select()
        .where(status ? eq(complaints.status, status) : undefined)
        .orderBy(complaints.createdAt, complaints.id)
        .limit(limit)
        .offset(offset),

    /** Decides a pending complaint; nothing when someone decided it first. */
    async decide(
      tx: Db,
      id: number,
      decision: { status: 'handled' | 'rejected'; reply: string; decidedBy: number; decidedAt: Date },
    ) {
      const [row] = await tx
        .update(complaints)
        .set(decision)
        .where(and(eq(complaints.id, id), eq(complaints.status, 'pending')))
        .returning();
      return row;
    },
  };
}

export type ComplaintsRepository = ReturnType<typeof createComplaintsRepository>;
