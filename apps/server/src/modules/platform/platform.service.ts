import { compareVersions } from '@sabai/shared/platform/app-version';
import type {
  AppVersionAuditEntry,
  AppVersionRecord,
  ConfigRecord,
  PublishAppVersionBody,
} from '@sabai/shared/platform/platform.schemas';
import type { Db } from '../../db/client';
import type { AuthUser } from '../../http/auth';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { AppVersionRow, PlatformRepository } from './platform.repository';

function recordOf(row: AppVersionRow): AppVersionRecord {
  return {
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
  };
}

/** What the audit keeps of a version: the fields a client's upgrade check reads. */
const auditedState = (row: AppVersionRow) => ({
  classify: row.classify,
  version: row.version,
  method: row.isForced ? 'true' : 'false',
  des: row.description,
  withdrawnAt: row.withdrawnAt?.toISOString() ?? null,
});

export function createPlatformService(deps: { repository: PlatformRepository; db: Db; clock: Clock }) {
  const { repository, db, clock } = deps;
  return {
    async getConfig(type: number): Promise<ConfigRecord> {
      const row = await repository.findConfig(type);
      if (!row) throw new AppError('notFound');
      return { type: row.type, value: row.value, updatedAt: row.updatedAt.toISOString() };
    },

    /** Newest first; the client compares `version` dotted-numerically with its own. */
    async listAppVersions(classify: number): Promise<AppVersionRecord[]> {
      const rows = await repository.listVersions(classify);
      return rows.map(recordOf);
    },

    /**
     * Staff publish a release. It must be newer than every version ever published for the variant
     * (withdrawn ones too): the client offers the newest by dotted-numeric order, so an older number
     * would never be seen, and a withdrawn number is not reused for different code.
     */
    async publishAppVersion(staff: AuthUser, body: PublishAppVersionBody): Promise<AppVersionRecord> {
      const now = clock.now();
      const row = await db.transaction(async (tx) => {
        // Serialise publishing per variant, so two staff publishing at once cannot both pass the check.
        await repository.lockVariant(tx, body.classify);
        const numbers = await repository.versionNumbersOf(tx, body.classify);
        const newest = numbers.sort((a, b) => compareVersions(b, a))[0];
        if (newest && compareVersions(body.version, newest) <= 0)
          throw new AppError('appVersionNotNewer', { newest });
        const inserted = await repository.insertVersion(tx, {
          classify: body.classify,
          version: body.version,
          isForced: body.method === 'true',
          description: body.des,
          hwVersion: body.hwVersion,
          hwWgtUrl: body.hwWgtUrl,
          iosVersion: body.iosVersion,
          iosWgtUrl: body.iosWgtUrl,
          androidWgtUrl: body.androidWgtUrl,
          publishedAt: now,
        });
        await repository.insertAudit(tx, {
          versionId: inserted.id,
          staffId: staff.id,
          action: 'publish',
          reason: '',
          before: null,
          after: auditedState(inserted),
          at: now,
        });
        return inserted;
      });
      return recordOf(row);
    },

    /** Staff withdraw a release (say, a forced update published by mistake); clients stop seeing it. */
    async withdrawAppVersion(staff: AuthUser, id: number, reason: string): Promise<AppVersionRecord> {
      const now = clock.now();
      const row = await db.transaction(async (tx) => {
        const before = await repository.findVersion(tx, id);
        if (!before) throw new AppError('notFound');
        const after = await repository.withdrawVersion(tx, id, now);
        if (!after) throw new AppError('appVersionWithdrawn');
        await repository.insertAudit(tx, {
          versionId: id,
          staffId: staff.id,
          action: 'withdraw',
          reason,
          before: auditedState(before),
          after: auditedState(after),
          at: now,
        });
        return after;
      });
      return recordOf(row);
    },

    async appVersionAudit(id: number): Promise<AppVersionAuditEntry[]> {
      const version = await repository.findVersion(db, id);
      if (!version) throw new AppError('notFound');
      const rows = await repository.auditOf(id);
      return rows.map((row) => ({
        id: row.id,
        versionId: row.versionId,
        staffId: row.staffId,
        action: row.action,
        reason: row.reason,
        before: row.before ?? null,
        after: row.after ?? null,
        at: row.at.toISOString(),
      }));
    },
  };
}

export type PlatformService = ReturnType<typeof createPlatformService>;
