import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';

/** Everything the free-start computation needs about one therapist, read in one row. */
export interface ScheduleFactsRow {
  id: number;
  city_id: number;
  latitude: number;
  longitude: number;
  state: 'available' | 'resting';
  /** The city's stored booking settings (only what it changes from the defaults). */
  settings: Record<string, unknown>;
  /** The shortest active project offered (or the asked project's duration, if offered); null: none. */
  duration_minutes: number | null;
  shifts: { weekday: number; start: string; end: string }[];
  days_off: string[];
  /** [starts_at, ends_at] as ISO text. */
  time_off: [string, string][];
  /** [busy_start, busy_end, ends_at, lat, lng] of each live order touching the window. */
  bookings: [string, string, string, number | null, number | null][];
}

/**
 * The schedules of a page of therapists in ONE query (correlated sub-selects per therapist, each
 * served by its table's (therapist_id, …) key), so a page of cards costs one round trip however
 * many cards it has.
 */
export function createEarliestStartsRepository(db: Db) {
  return {
    scheduleFacts: (input: {
      therapistIds: readonly number[];
      projectId: number | undefined;
      liveCodes: readonly number[];
      /** Busy time and time off touching [from, from + the city's horizon + 2 days) matter. */
      from: Date;
      defaultHorizonDays: number;
      /** Days off on or after this local date matter. */
      fromDate: string;
    }): Promise<ScheduleFactsRow[]> => {
      if (!input.therapistIds.length) return Promise.resolve([]);
      const from = input.from.toISOString();
      // The end of the window, per city: its horizon (stored, else the default) plus two days.
      const to = sql`(${from}::timestamptz + (coalesce((cs.settings->>'bookingHorizonDays')::int,
        ${input.defaultHorizonDays}) + 2) * interval '1 day')`;
      const projectCondition = input.projectId === undefined ? sql`` : sql`and p.id = ${input.projectId}`;
      return queryRows<ScheduleFactsRow>(
        db,
        sql`select t.id, t.city_id, t.latitude, t.longitude, t.state,
            coalesce(cs.settings, '{}'::jsonb) as settings,
            (select min(p.duration_minutes) from therapist_projects tp
              join service_projects p on p.id = tp.project_id
              where tp.therapist_id = t.id and p.is_active ${projectCondition}) as duration_minutes,
            coalesce((select json_agg(json_build_object('weekday', w.weekday, 'start', w.start_time,
                'end', w.end_time)) from therapist_working_hours w where w.therapist_id = t.id),
              '[]'::json) as shifts,
            coalesce((select json_agg(d.day::text) from therapist_days_off d
                where d.therapist_id = t.id and d.day >= ${input.fromDate}::date),
              '[]'::json) as days_off,
            coalesce((select json_agg(json_build_array(o.starts_at, o.ends_at)) from therapist_time_off o
                where o.therapist_id = t.id and o.starts_at < ${to}
                  and o.ends_at > ${from}::timestamptz),
              '[]'::json) as time_off,
            coalesce((select json_agg(json_build_array(r.busy_start, r.busy_end, r.ends_at,
                  (r.address->>'lat')::float8, (r.address->>'lng')::float8))
                from orders r
                where r.therapist_id = t.id
                  and r.status = any(${`{${input.liveCodes.join(',')}}`}::int[])
                  and r.busy_start < ${to} and r.busy_end > ${from}::timestamptz),
              '[]'::json) as bookings
          from therapists t
          left join city_booking_settings cs on cs.city_id = t.city_id
          where t.id = any(${`{${input.therapistIds.join(',')}}`}::int[])`,
      );
    },
  };
}

export type EarliestStartsRepository = ReturnType<typeof createEarliestStartsRepository>;
