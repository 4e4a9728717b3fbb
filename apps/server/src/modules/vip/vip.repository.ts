import { and, desc, eq, gt, lte, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appConfigs, users, vipCitySettings, vipMemberships, vipPurchaseRequests } from '../../db/schema';

export const MEMBERSHIP_CONFIG_TYPE = 3099;

/** Memberships, the per-city price and the 3099 switch. */
export function createVipRepository(db: Db) {
  const activeEndOf = (executor: Db, userId: SQL | Placeholder | number, now: SQL | Placeholder | Date) =>
    executor
      .select({ endsAt: vipMemberships.endsAt })
      .from(vipMemberships)
      .where(
        and(
          eq(vipMemberships.userId, userId),
          lte(vipMemberships.startsAt, now),
          gt(vipMemberships.endsAt, now),
        ),
      )
      .orderBy(desc(vipMemberships.endsAt))
      .limit(1);
  /**
   * Every booking asks it (the member price): outside a transaction a prepared query, built once
   * and planned once per connection (decisions 069, 079); inside one the plain query.
   */
  const preparedActiveEnd = activeEndOf(db, sql.placeholder('userId'), sql.placeholder('now')).prepare(
    'vip_active_end',
  );
  return {
    /** The end of the membership running at `now` (the latest end of a window holding it), if any. */
    async activeEnd(userId: number, now: Date, tx?: Db): Promise<Date | undefined> {
      const [row] = tx
        ? await activeEndOf(tx, userId, now)
        : await preparedActiveEnd.execute({ userId, now });
      return row?.endsAt;
    },

    /** The latest end of any window still to come or running (renewals chain from it). */
    async latestEnd(tx: Db, userId: number, now: Date): Promise<Date | undefined> {
      const [row] = await tx
        .select({ endsAt: sql<Date>`max(${vipMemberships.endsAt})`.mapWith(vipMemberships.endsAt) })
        .from(vipMemberships)
        .where(and(eq(vipMemberships.userId, userId), gt(vipMemberships.endsAt, now)));
      return row?.endsAt ?? undefined;
    },

    /** Serialises one user's purchases (two at once must chain, not both start from the same end). */
    async lockUser(tx: Db, userId: number) {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    },

    async findByPurchase(tx: Db, purchaseKey: string) {
      const [row] = await tx.select().from(vipMemberships).where(eq(vipMemberships.purchaseKey, purchaseKey));
      return row;
    },

    async insertMembership(tx: Db, values: typeof vipMemberships.$inferInsert) {
      const [row] = await tx.insert(vipMemberships).values(values).returning();
      return row as typeof vipMemberships.$inferSelect;
    },

    async insertRequest(values: typeof vipPurchaseRequests.$inferInsert) {
      const [row] = await db.insert(vipPurchaseRequests).values(values).returning();
      return row as typeof vipPurchaseRequests.$inferSelect;
    },

    async request(id: number) {
      const [row] = await db.select().from(vipPurchaseRequests).where(eq(vipPurchaseRequests.id, id));
      return row;
    },

    /** Marks a pending request paid; undefined when it was paid before (nothing to grant again). */
    async markRequestPaid(tx: Db, id: number, now: Date) {
      const [row] = await tx
        .update(vipPurchaseRequests)
        .set({ status: 'paid', paidAt: now })
        .where(and(eq(vipPurchaseRequests.id, id), eq(vipPurchaseRequests.status, 'pending')))
        .returning();
      return row;
    },

    async citySettings(cityId: number): Promise<unknown> {
      const [row] = await db
        .select({ settings: vipCitySettings.settings })
        .from(vipCitySettings)
        .where(eq(vipCitySettings.cityId, cityId));
      return row?.settings;
    },

    /** The 3099 document's `isOpen` (a JSON string, as the spec's client receives it). */
    async isOnSale(): Promise<boolean> {
      const [row] = await db
        .select({ value: appConfigs.value })
        .from(appConfigs)
        .where(eq(appConfigs.type, MEMBERSHIP_CONFIG_TYPE));
      if (!row) return false;
      try {
        return (JSON.parse(row.value) as { isOpen?: unknown }).isOpen === true;
      } catch {
        return false;
      }
    },
  };
}

export type VipRepository = ReturnType<typeof createVipRepository>;
