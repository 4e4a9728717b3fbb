import { z } from 'zod';
import { DOTTED_VERSION_PATTERN } from './app-version';

/** Config type 3099: whether the annual VIP membership is on sale, and where its page lives. */
export const MEMBERSHIP_CONFIG_TYPE = 3099;
export const membershipConfigValueSchema = z.object({ isOpen: z.boolean(), link: z.string() });
export type MembershipConfigValue = z.infer<typeof membershipConfigValueSchema>;

/**
 * Config type 3100: the map background, changeable at run time. `tileUrl` is an XYZ template
 * ({z}/{x}/{y}, optional {s}) or "none"; `datum` says which coordinate system the tiles are drawn
 * in (gcj02 for mainland-China providers); `attribution` is shown on the map.
 */
export const MAP_TILES_CONFIG_TYPE = 3100;
export const mapTilesConfigValueSchema = z.object({
  tileUrl: z.string().min(1),
  datum: z.enum(['wgs84', 'gcj02']),
  attribution: z.string(),
});
export type MapTilesConfigValue = z.infer<typeof mapTilesConfigValueSchema>;

export const configTypeParamsSchema = z.object({
  type: z.coerce.number().int().min(1).max(999_999),
});

/** `data.value` is the config document as a JSON string, as the spec's client expects. */
export const configRecordSchema = z.object({
  type: z.number().int(),
  value: z.string(),
  updatedAt: z.string(),
});
export type ConfigRecord = z.infer<typeof configRecordSchema>;

export const selectNewAppQuerySchema = z.object({
  classify: z.coerce.number().int().min(1).max(99),
});

/** An app version record; `method` is the string "true" when the update is forced. */
export const appVersionRecordSchema = z.object({
  id: z.number().int(),
  classify: z.number().int(),
  version: z.string(),
  hwVersion: z.string(),
  hwWgtUrl: z.string(),
  iosVersion: z.string(),
  iosWgtUrl: z.string(),
  androidWgtUrl: z.string(),
  method: z.enum(['true', 'false']),
  des: z.string(),
  publishedAt: z.string(),
});
export type AppVersionRecord = z.infer<typeof appVersionRecordSchema>;

export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
  databaseKind: z.enum(['pglite', 'postgres']),
  realtime: z.enum(['local', 'redis']),
  uptimeSeconds: z.number(),
  version: z.string(),
});

const versionText = z
  .string()
  .trim()
  .regex(DOTTED_VERSION_PATTERN)
  .describe('Dotted-numeric version, e.g. 2.6.83');
const downloadUrl = z.union([z.literal(''), z.url({ protocol: /^https$/ }).max(500)]).default('');

/** Staff publish a version of an app variant (audited); `method` as the spec's records say it. */
export const publishAppVersionBodySchema = z.object({
  classify: z.number().int().min(1).max(99),
  version: versionText,
  method: z.enum(['true', 'false']).default('false'),
  des: z.string().trim().max(1000).default(''),
  hwVersion: z.union([z.literal(''), versionText]).default(''),
  hwWgtUrl: downloadUrl,
  iosVersion: z.union([z.literal(''), versionText]).default(''),
  iosWgtUrl: downloadUrl,
  androidWgtUrl: downloadUrl,
});
export type PublishAppVersionBody = z.infer<typeof publishAppVersionBodySchema>;

export const appVersionIdParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

/** Withdrawing a published version (a forced update published by mistake) needs a reason. */
export const withdrawAppVersionBodySchema = z.object({ reason: z.string().trim().min(1).max(500) });

export const appVersionAuditEntrySchema = z.object({
  id: z.number().int(),
  versionId: z.number().int(),
  staffId: z.number().int(),
  action: z.enum(['publish', 'withdraw']),
  reason: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  at: z.string(),
});
export type AppVersionAuditEntry = z.infer<typeof appVersionAuditEntrySchema>;
