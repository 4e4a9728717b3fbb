import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { tips, walletTopUps } from '../../db/schema';

export type TipRow = typeof tips.$inferSelect;
export type TopUpRow = typeof walletTopUps.$inferSelect;

/** The only code touching the tips and wallet top-up tables (decision 045). */
export function createExtrasRepository(db: Db) {
  return {
    async insertTip(row: typeof tips.$inferInsert): Promise<TipRow> {
      const [inserted] = await db.insert(tips).values(row).returning();
      if (!inserted) throw new Error('tip not inserted');
      return inserted;
    },
    async tip(id: number): Promise<TipRow | undefined> {
      const [row] = await db.select().from(tips).where(eq(tips.id, id));
      return row;
    },
    async paidTipsOf(orderId: number): Promise<TipRow[]> {
      return db
        .select()
        .from(tips)
        .where(and(eq(tips.orderId, orderId), eq(tips.status, 'paid')))
        .orderBy(tips.id);
    },
    /** Pending → paid, once: false when it was paid before (the caller then books nothing). */
    async markTipPaid(tx: Db, id: number, at: Date): Promise<boolean> {
      const updated = await tx
        .update(tips)
        .set({ status: 'paid', paidAt: at })
        .where(and(eq(tips.id, id), eq(tips.status, 'pending')))
        .returning({ id: tips.id });
      return updated.length > 0;
    },

    async insertTopUp(row: typeof walletTopUps.$inferInsert): Promise<TopUpRow> {
      const [inserted] = await db.insert(walletTopUps).values(row).returning();
      if (!inserted) throw new Error('top-up not inserted');
      return inserted;
    },
    async topUp(id: number): Promise<TopUpRow | undefined> {
      const [row] = await db.select().from(walletTopUps).where(eq(walletTopUps.id, id));
      return row;
    },
    async recentTopUps(customerId: number, limit: number): Promise<TopUpRow[]> {
      return db
        .select()
        .from(walletTopUps)
        .where(eq(walletTopUps.customerId, customerId))
        .orderBy(desc(walletTopUps.id))
        .limit(limit);
    },
    async markTopUpPaid(tx: Db, id: number, at: Date): Promise<boolean> {
      const updated = await tx
        .update(walletTopUps)
        .set({ status: 'paid', paidAt: at })
        .where(and(eq(walletTopUps.id, id), eq(walletTopUps.status, 'pending')))
        .returning({ id: walletTopUps.id });
      return updated.length > 0;
    },

    /** Serialises the application of one order's extra payments (two at once could overpay). */
    async lockOrderExtras(tx: Db, orderId: number) {
      await tx.execute(sql`select pg_advisory_xact_lock(45, ${orderId})`);
    },
  };
}

export type ExtrasRepository = ReturnType<typeof createExtrasRepository>;
