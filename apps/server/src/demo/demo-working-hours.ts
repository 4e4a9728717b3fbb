import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client';
import { DEMO_IMAGE_PATH } from '../modules/catalog';
import { CATALOG_DEMO_SEED_NAME } from './catalog-demo';

/**
 * Working weeks for the demo therapists, so the cards show every state from real rules (decision
 * 036): whether one is "available now", "bookable from 14:00" or fully booked follows from these
 * hours and live orders at the moment of looking. Four patterns by id: 09:00–21:00 every day,
 * 10:00–22:00 with one day off a week, 14:00–24:00, and a night shift 18:00–02:00.
 * Only demo rows without any hours are given some (so a therapist's own edit is kept, and a demo
 * database seeded before hours existed gets them on its next start); the demo catalogue must have
 * been seeded here, and the therapist still wears a generated demo avatar.
 */
export async function seedDemoWorkingHours(db: Db): Promise<number> {
  const rows = await queryRows<{ therapist_id: number }>(
    db,
    sql`insert into therapist_working_hours (therapist_id, weekday, start_time, end_time)
      select t.id, w,
        (array['09:00', '10:00', '14:00', '18:00'])[1 + t.id % 4],
        (array['21:00', '22:00', '24:00', '02:00'])[1 + t.id % 4]
      from therapists t cross join generate_series(1, 7) w
      where t.avatar like ${`${DEMO_IMAGE_PATH}avatar-%`}
        and not (t.id % 4 = 1 and w = 1 + t.id % 7)
        and not exists (select 1 from therapist_working_hours h where h.therapist_id = t.id)
        and exists (select 1 from seed_runs s where s.name = ${CATALOG_DEMO_SEED_NAME})
      on conflict do nothing
      returning therapist_id`,
  );
  return new Set(rows.map((row) => row.therapist_id)).size;
}
