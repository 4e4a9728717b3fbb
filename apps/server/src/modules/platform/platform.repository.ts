import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appConfigs, appVersionAudit, appVersions } from '../../db/schema';

/** Advisory lock namespace for publishing app versions (the second key is the variant). */
const APP_VERSION_LOCK = 7_316_001;

export type AppVersionRow = typeof appVersions.$inferSelect;

export function createPlatformRepository(db: Db) {
  return {
    async findConfig(type: number) {
      const [row] = await db.select().from(appConfigs).where(eq(appConfigs.type, type)).limit(1);
      return row;
    },
    /** The published (not withdrawn) versions of a variant, newest first. */
    listVersions: (classify: number) =>
      db
        .select()
        .from(appVersions)
        .where(and(eq(appVersions.classify, classify), isNull(appVersions.withdrawnAt)))
        .orderBy(desc(appVersions.publishedAt), desc(appVersions.id))
        .limit(20),

    /** Held to the end of the transaction: one publisher per variant at a time. */
    lockVariant: async (tx: Db, classify: number) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${APP_VERSION_LOCK}, ${classify})`);
    },

    /** Every version number ever published for a variant, withdrawn ones included. */
    versionNumbersOf: async (tx: Db, classify: number) =>
      (
        await tx
          .select({ version: appVersions.version })
          .from(appVersions)
          .where(eq(appVersions.classify, classify))
      ).map((row) => row.version),

    async findVersion(tx: Db, id: number): Promise<AppVersionRow | undefined> {
      const [row] = await tx.select().from(appVersions).where(eq(appVersions.id, id)).limit(1);
      return row;
    },

    async insertVersion(tx: Db, values: typeof appVersions.$inferInsert): Promise<AppVersionRow> {
      const [row] = await tx.insert(appVersions).values(values).returning();
      if (!row) throw new Error('insert into app_versions returned no row');
      return row;
    },

    /** Withdraws a published version once; undefined when it was already withdrawn. */
    async withdrawVersion(tx: Db, id: number, at: Date): Promise<AppVersionRow | undefined> {
      const [row] = await tx
        .update(appVersions)
        .set({ withdrawnAt: at })
        .where(and(eq(appVersions.id, id), isNull(appVersions.withdrawnAt)))
        .returning();
      return row;
    },

    insertAudit: (tx: Db, row: typeof appVersionAudit.$inferInsert) => tx.insert(appVersionAudit).values(row),

    auditOf: (versionId: number) =>
      db
        .select()
        .from(appVersionAudit)
        .where(eq(appVersionAudit.versionId, versionId))
        .orderBy(appVersionAudit.at, appVersionAudit.id),
  };
}

export type PlatformRepository = ReturnType<typeof createPlatformRepository>;
