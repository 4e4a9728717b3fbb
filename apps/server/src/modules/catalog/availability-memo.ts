import type { AvailabilityOf, TherapistAvailability } from './therapist-cards';

const NOT_AVAILABLE: TherapistAvailability = { isAvailableNow: false, earliestStart: null };

/**
 * Booking's derived availability, remembered per therapist and project for a few seconds: lists
 * from nearby places show the same nearest therapists again and again, and computing their
 * schedules is the list's costliest part. A derived copy with the list answers' own short life
 * (decision 036), never a stored flag: it expires by itself, and a fresh read (pull-to-refresh)
 * skips and refreshes it. The ids still missing are read in one batch, so a page stays one query.
 */
export function createAvailabilityMemo(deps: {
  availabilityOf: AvailabilityOf;
  ttlMs: number;
  maxEntries: number;
  /** Real time (infrastructure timing, like the nearby index), even under a test clock. */
  now: () => number;
}) {
  const entries = new Map<string, { value: TherapistAvailability; at: number }>();
  return async function availabilityOf(
    therapistIds: readonly number[],
    options: { projectId?: number | undefined },
    fresh = false,
  ): Promise<Map<number, TherapistAvailability>> {
    const project = options.projectId ?? 0;
    const now = deps.now();
    const answer = new Map<number, TherapistAvailability>();
    const missing: number[] = [];
    for (const id of therapistIds) {
      const hit = fresh ? undefined : entries.get(`${id}:${project}`);
      if (hit && now - hit.at < deps.ttlMs) answer.set(id, hit.value);
      else missing.push(id);
    }
    if (!missing.length) return answer;
    const read = await deps.availabilityOf(missing, options);
    for (const id of missing) {
      const value = read.get(id) ?? NOT_AVAILABLE;
      const key = `${id}:${project}`;
      answer.set(id, value);
      entries.delete(key);
      entries.set(key, { value, at: now });
    }
    // Oldest first (a Map keeps insertion order).
    for (const key of entries.keys()) {
      if (entries.size <= deps.maxEntries) break;
      entries.delete(key);
    }
    return answer;
  };
}
