import type { AppVersionRecord, ConfigRecord } from '@sabai/shared/platform/platform.schemas';
import { AppError } from '../../lib/app-error';
import type { PlatformRepository } from './platform.repository';

export function createPlatformService(deps: { repository: PlatformRepository }) {
  return {
    async getConfig(type: number): Promise<ConfigRecord> {
      const row = await deps.repository.findConfig(type);
      if (!row) throw new AppError('notFound');
      return { type: row.type, value: row.value, updatedAt: row.updatedAt.toISOString() };
    },

    /** Newest first; the client compares `version` dotted-numerically with its own. */
    async listAppVersions(classify: number): Promise<AppVersionRecord[]> {
      const rows = await deps.repository.listVersions(classify);
      return rows.map((row) => ({
        id: row.id,
        classify: row.classify,
        version: row.version,
        hwVersion: row.hwVersion,
        hwWgtUrl: row.hwWgtUrl,
        iosVersion: row.iosVersion,
        iosWgtUrl: row.iosWgtUrl,
        androidWgtUrl: row.androidWgtUrl,
        method: row.isForced ? 'true' : 'false',
        des: row.description,
        publishedAt: row.publishedAt.toISOString(),
      }));
    },
  };
}

export type PlatformService = ReturnType<typeof createPlatformService>;
