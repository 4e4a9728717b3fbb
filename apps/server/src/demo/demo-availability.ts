import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client';
import { DEMO_IMAGE_PATH } from '../modules/catalog';
import { CATALOG_DEMO_SEED_NAME } from './catalog-demo';

/** How often a running demo server looks for demo therapists whose "bookable later" time passed. */
export const DEMO_AVAILABILITY_EVERY_MS = 5 * 60_000;

/**
 * Keeps the demo showing all three therapist states. Demo "bookable later" therapists are seeded
 * with a time 1–6 hours ahead, so a demo server running (or restarted) hours later would show them
 * all as available. This moves each passed time 1–6 hours ahead of `now` again (spread by id).
 * Only demo rows are touched: the demo catalogue must have been seeded in this database, and the
 * therapist still wears a generated demo avatar (real therapists upload theirs). Callers run it
 * only when demo data is enabled (development and demo installations, never production).
 */
export async function refreshDemoAvailability(db: Db, now: Date): Promise<number> {
  const moved = await queryRows<{ id: number }>(
    db,
    sql`update therapists t
    set available_from = ${now.toISOString()}::timestamptz + (1 + t.id % 6) * interval '1 hour'
    where t.state = 'bookable_later'
      and t.available_from <= ${now.toISOString()}::timestamptz
      and t.avatar like ${`${DEMO_IMAGE_PATH}avatar-%`}
      and exists (select 1 from seed_runs s where s.name = ${CATALOG_DEMO_SEED_NAME})
    returning t.id`,
  );
  return moved.length;
}
