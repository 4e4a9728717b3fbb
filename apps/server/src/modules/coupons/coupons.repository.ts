import { and, count, desc, eq, gt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { couponBatches, couponCodes, coupons } from '../../db/schema';

export type CouponRow = typeof coupons.$inferSelect;
export type NewCouponBatch = typeof couponBatches.$inferInsert;

/** The coupons tables: batches and their hashed codes, and users' coupons. */
export function createCouponsRepository(db: Db) {
  return {
    async insertBatch(tx: Db, batch: NewCouponBatch, codeHashes: string[]) {
      const [row] = await tx.insert(couponBatches).values(batch).returning({ id: couponBatches.id });
      const batchId = row?.id as number;
      await tx.insert(couponCodes).values(codeHashes.map((codeHash) => ({ codeHash, batchId })));
      return batchId;
    },

    async batchOfCode(codeHash: string) {
      const [row] = await db
        .select({ batch: couponBatches })
        .from(couponCodes)
        .innerJoin(couponBatches, eq(couponBatches.id, couponCodes.batchId))
        .where(eq(couponCodes.codeHash, codeHash));
      return row?.batch;
    },

    async couponOfCode(codeHash: string): Promise<CouponRow | undefined> {
      const [row] = await db.select().from(coupons).where(eq(coupons.codeHash, codeHash));
      return row;
    },

    async insertCoupon(values: typeof coupons.$inferInsert): Promise<CouponRow> {
      const [row] = await db.insert(coupons).values(values).returning();
      return row as CouponRow;
    },

    async findCoupon(id: number): Promise<CouponRow | undefined> {
      const [row] = await db.select().from(coupons).where(eq(coupons.id, id));
      return row;
    },

    /** A page of the user's coupons in one derived status ("expired" = unused past its window). */
    async pageOf(
      userId: number,
      status: 'unused' | 'used' | 'expired',
      now: Date,
      page: number,
      pageSize: number,
    ) {
      const where =
        status === 'used'
          ? and(eq(coupons.userId, userId), eq(coupons.status, 'used'))
          : status === 'expired'
            ? and(eq(coupons.userId, userId), eq(coupons.status, 'unused'), lte(coupons.validUntil, now))
            : and(eq(coupons.userId, userId), eq(coupons.status, 'unused'), gt(coupons.validUntil, now));
      const order = status === 'unused' ? sql`${coupons.validUntil} asc` : desc(coupons.id);
      const [items, [total]] = await Promise.all([
        db
          .select()
          .from(coupons)
          .where(where)
          .orderBy(order, desc(coupons.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ total: count() }).from(coupons).where(where),
      ]);
      return { items, total: total?.total ?? 0 };
    },

    /**
     * Marks the coupon used by the order, only if it is still the owner's, unused and in its
     * window: the conditional update is the check, so two orders racing for one coupon get one.
     */
    async markUsed(tx: Db, couponId: number, userId: number, orderId: number, now: Date): Promise<boolean> {
      const rows = await tx
        .update(coupons)
        .set({ status: 'used', orderId, usedAt: now })
        .where(
          and(
            eq(coupons.id, couponId),
            eq(coupons.userId, userId),
            eq(coupons.status, 'unused'),
            lte(coupons.validFrom, now),
            gt(coupons.validUntil, now),
          ),
        )
        .returning({ id: coupons.id });
      return rows.length === 1;
    },

    /** Gives the order's coupon back (unused); a second call finds nothing to change. */
    async release(orderId: number): Promise<number> {
      const rows = await db
        .update(coupons)
        .set({ status: 'unused', orderId: null, usedAt: null })
        .where(and(eq(coupons.orderId, orderId), eq(coupons.status, 'used')))
        .returning({ id: coupons.id });
      return rows.length;
    },
  };
}

export type CouponsRepository = ReturnType<typeof createCouponsRepository>;
