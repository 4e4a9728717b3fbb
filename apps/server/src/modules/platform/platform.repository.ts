import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appConfigs, appVersions } from '../../db/schema';

export function createPlatformRepository(db: Db) {
  return {
    async findConfig(type: number) {
      const [row] = await db.select().from(appConfigs).where(eq(appConfigs.type, type)).limit(1);
      return row;
    },
    listVersions: (classify: number) =>
      db
        .select()
        .from(appVersions)
        .where(and(eq(appVersions.classify, classify)))
        .orderBy(desc(appVersions.publishedAt), desc(appVersions.id))
        .limit(20),
  };
}

export type PlatformRepository = ReturnType<typeof createPlatformRepository>;
