import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  therapists,
  withdrawalAccounts,
  withdrawalCitySettings,
  withdrawalStaffAudit,
  withdrawals,
} from '../../db/schema';

export type WithdrawalAccountRow = typeof withdrawalAccounts.$inferSelect;
export type WithdrawalRow = typeof withdrawals.$inferSelect;

/** The only code touching the withdrawal tables. Writes that move money take the caller's transaction. */
export function createWithdrawalsRepository(db: Db) {
  return {
    /** The therapist profile behind a provider login (read-only: catalog owns the table). */
    async therapistOfUser(userId: number) {
      const [row] = await db
        .select({ id: therapists.id, cityId: therapists.cityId, currency: therapists.currency })
        .from(therapists)
        .where(eq(therapists.userId, userId))
        .limit(1);
      return row;
    },

    async citySettings(cityId: number): Promise<unknown> {
      const [row] = await db
        .select({ settings: withdrawalCitySettings.settings })
        .from(withdrawalCitySettings)
        .where(eq(withdrawalCitySettings.cityId, cityId));
      return row?.settings;
    },

    async saveCitySettings(cityId: number, settings: Record<string, unknown>) {
      await db
        .insert(withdrawalCitySettings)
        .values({ cityId, settings })
        .onConflictDoUpdate({ target: withdrawalCitySettings.cityId, set: { settings } });
    },

    async accountsOf(userId: number) {
      return db
        .select()
        .from(withdrawalAccounts)
        .where(and(eq(withdrawalAccounts.userId, userId), isNull(withdrawalAccounts.deletedAt)))
        .orderBy(desc(withdrawalAccounts.id));
    },

    async countAccounts(userId: number) {
      const [row] = await db
        .select({ total: count() })
        .from(withdrawalAccounts)
        .where(and(eq(withdrawalAccounts.userId, userId), isNull(withdrawalAccounts.deletedAt)));
      return row?.total ?? 0;
    },

    /** The user's live account, or nothing (someone else's account does not exist for them). */
    async ownAccount(userId: number, id: number) {
      const [row] = await db
        .select()
        .from(withdrawalAccounts)
        .where(
          and(
            eq(withdrawalAccounts.id, id),
            eq(withdrawalAccounts.userId, userId),
            isNull(withdrawalAccounts.deletedAt),
          ),
        );
      return row;
    },

    async account(id: number) {
      const [row] = await db.select().from(withdrawalAccounts).where(eq(withdrawalAccounts.id, id));
      return row;
    },

    async insertAccount(values: typeof withdrawalAccounts.$inferInsert) {
      const [row] = await db.insert(withdrawalAccounts).values(values).returning();
      if (!row) throw new Error('withdrawal account insert returned nothing');
      return row;
    },

    async setCardImage(userId: number, id: number, key: string) {
      const [row] = await db
        .update(withdrawalAccounts)
        .set({ cardImageKey: key })
        .where(
          and(
            eq(withdrawalAccounts.id, id),
            eq(withdrawalAccounts.userId, userId),
            isNull(withdrawalAccounts.deletedAt),
          ),
        )
        .returning();
      return row;
    },

    async removeAccount(userId: number, id: number, at: Date) {
      const [row] = await db
        .update(withdrawalAccounts)
        .set({ deletedAt: at })
        .where(
          and(
            eq(withdrawalAccounts.id, id),
            eq(withdrawalAccounts.userId, userId),
            isNull(withdrawalAccounts.deletedAt),
          ),
        )
        .returning({ id: withdrawalAccounts.id });
      return row !== undefined;
    },

    async insertWithdrawal(tx: Db, values: typeof withdrawals.$inferInsert) {
      const [row] = await tx.insert(withdrawals).values(values).returning();
      if (!row) throw new Error('withdrawal insert returned nothing');
      return row;
    },

    async update(tx: Db, id: number, set: Partial<typeof withdrawals.$inferInsert>) {
      const [row] = await tx.update(withdrawals).set(set).where(eq(withdrawals.id, id)).returning();
      if (!row) throw new Error(`withdrawal ${id} vanished`);
      return row;
    },

    async withdrawal(id: number) {
      const [row] = await db.select().from(withdrawals).where(eq(withdrawals.id, id));
      return row;
    },

    /** The withdrawal locked for this transaction: staff actions on it are serialised. */
    async lockedWithdrawal(tx: Db, id: number) {
      const [row] = await tx.select().from(withdrawals).where(eq(withdrawals.id, id)).for('update');
      return row;
    },

    async withdrawalsOf(userId: number, page: { offset: number; limit: number }) {
      return db
        .select()
        .from(withdrawals)
        .where(eq(withdrawals.userId, userId))
        .orderBy(desc(withdrawals.id))
        .offset(page.offset)
        .limit(page.limit);
    },

    async withdrawalsByStatus(status: string | undefined, page: { offset: number; limit: number }) {
      return db
        .select()
        .from(withdrawals)
        .where(status ? eq(withdrawals.status, status) : undefined)
        .orderBy(status === 'pending' || status === 'processing' ? withdrawals.id : desc(withdrawals.id))
        .offset(page.offset)
        .limit(page.limit);
    },

    async insertAudit(tx: Db, values: typeof withdrawalStaffAudit.$inferInsert) {
      await tx.insert(withdrawalStaffAudit).values(values);
    },

    async auditOf(withdrawalId: number) {
      return db
        .select()
        .from(withdrawalStaffAudit)
        .where(eq(withdrawalStaffAudit.withdrawalId, withdrawalId))
        .orderBy(withdrawalStaffAudit.id);
    },

    /** For tests and the staff list: how many of a user's withdrawals are in each status. */
    async statusCounts(userId: number) {
      return db
        .select({ status: withdrawals.status, total: sql<number>`count(*)::int` })
        .from(withdrawals)
        .where(eq(withdrawals.userId, userId))
        .groupBy(withdrawals.status);
    },
  };
}

export type WithdrawalsRepository = ReturnType<typeof createWithdrawalsRepository>;
