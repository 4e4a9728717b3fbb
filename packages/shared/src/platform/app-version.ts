/**
 * The upgrade check's rules, zod-free so the web app's update check loads without zod.
 * Spec section 5: "Version comparison is dotted-numeric": each dot-separated part compares as a
 * number (2.6.10 is newer than 2.6.9), a missing part counts as 0 (2.6 equals 2.6.0).
 */
export const DOTTED_VERSION_PATTERN = /^[0-9]{1,6}(\.[0-9]{1,6}){0,3}$/;

export const isDottedVersion = (value: string) => DOTTED_VERSION_PATTERN.test(value);

/** Negative when `a` is older than `b`, 0 when equal, positive when newer. */
export function compareVersions(a: string, b: string): number {
  const left = a.split('.').map((part) => Number.parseInt(part, 10) || 0);
  const right = b.split('.').map((part) => Number.parseInt(part, 10) || 0);
  for (let index = 0; index < Math.max(left.length, right.length); index += 1) {
    const difference = (left[index] ?? 0) - (right[index] ?? 0);
    if (difference !== 0) return difference < 0 ? -1 : 1;
  }
  return 0;
}

/** The parts of a version record (spec section 3) the check reads. */
export interface VersionRecordLike {
  version: string;
  /** The string "true" means a forced update. */
  method: string;
  des: string;
}

export interface AvailableUpdate {
  /** The newest published version. */
  version: string;
  des: string;
  /**
   * Forced when any published version newer than the running one is forced: skipping past a
   * forced release (1.0 → forced 1.1 → optional 1.2) must not make the update optional again.
   */
  isForced: boolean;
}

/** What the upgrade popup shows for `current`, or null when it is up to date. */
export function findAvailableUpdate(
  records: readonly VersionRecordLike[],
  current: string,
): AvailableUpdate | null {
  const newer = records
    .filter((record) => isDottedVersion(record.version) && compareVersions(record.version, current) > 0)
    .sort((a, b) => compareVersions(b.version, a.version));
  const [newest] = newer;
  if (!newest) return null;
  return {
    version: newest.version,
    des: newest.des,
    isForced: newer.some((record) => record.method === 'true'),
  };
}

/** App variants ("build id maps to an app variant 1, 2 or 3", spec section 6), sent as `dir`. */
export const APP_VARIANTS = [1, 2, 3] as const;
export type AppVariant = (typeof APP_VARIANTS)[number];
