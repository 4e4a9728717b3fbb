import { z } from 'zod';

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
