import { earliestStart, type ProviderSchedule, type Visit } from '@sabai/shared/booking/availability';
import { freeStartsQuerySchema } from '@sabai/shared/booking/booking.schemas';
import type { CityBookingSettings } from '@sabai/shared/booking/booking-settings';
import { cityBookingSettingsSchema } from '@sabai/shared/booking/booking-settings.schemas';
import { LIVE_STATUS_CODES } from '@sabai/shared/booking/order-status';
import { addDays, localDateTimeOf } from '@sabai/shared/booking/zoned-time';
import type { Clock } from '../../lib/clock';
import type { EarliestStartsRepository, ScheduleFactsRow } from './earliest-starts.repository';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** What a therapist card shows about time: derived from working hours and live orders, nothing stored. */
export interface TherapistAvailability {
  /** A booking starting at the earliest start the rules allow (now + lead time, on the grid) fits. */
  isAvailableNow: boolean;
  /** The first free start within the horizon (ISO UTC), or null: resting, nothing offered, fully booked. */
  earliestStart: string | null;
}

export interface EarliestStartsOptions {
  /** The project asked about; otherwise each therapist's shortest active project. */
  projectId?: number | undefined;
}

const NOT_AVAILABLE: TherapistAvailability = { isAvailableNow: false, earliestStart: null };

/**
 * The booking page's own computation (`earliestStart` over `freeStarts`), for many therapists at
 * once: one query for the whole page, then pure functions. The card's visit is the booking page's
 * default query: a home visit at the therapist's own place by the default travel mode, so a card
 * never promises a time the booking page would not offer for that project.
 */
export function createEarliestStartsService(deps: {
  repository: EarliestStartsRepository;
  clock: Clock;
  timeZoneOf: (cityId: number) => Promise<string>;
}) {
  const travelMode = freeStartsQuerySchema.shape.travelMode.parse(undefined);

  function availabilityOf(
    row: ScheduleFactsRow,
    now: Date,
    timeZone: string,
    settings: CityBookingSettings,
  ): TherapistAvailability {
    if (row.state === 'resting' || row.duration_minutes === null) return NOT_AVAILABLE;
    const home = { lat: row.latitude, lng: row.longitude };
    const schedule: ProviderSchedule = {
      timeZone,
      weeklyShifts: row.shifts,
      daysOff: row.days_off,
      timeOff: row.time_off.map(([start, end]) => ({ start: new Date(start), end: new Date(end) })),
      bookings: row.bookings.map(([busyStart, busyEnd, serviceEnd, lat, lng]) => ({
        busyStart: new Date(busyStart),
        busyEnd: new Date(busyEnd),
        serviceEnd: new Date(serviceEnd),
        place: lat === null || lng === null ? null : { lat, lng },
      })),
      home,
    };
    const visit: Visit = { kind: 'homeVisit', address: home, travelMode };
    const first = earliestStart({ schedule, now, durationMinutes: row.duration_minutes, visit, settings });
    if (!first) return NOT_AVAILABLE;
    // The earliest start the rules allow is the first grid point at or after now + lead time, so
    // it lies less than one grid step after it: a first free start before that bound is that point.
    const earliestAllowed = now.getTime() + settings.leadTimeMinutes * MINUTE;
    return {
      isAvailableNow: Date.parse(first.startsAt) < earliestAllowed + settings.slotGridMinutes * MINUTE,
      earliestStart: first.startsAt,
    };
  }

  return {
    /** Availability of each therapist asked about (banned or unknown ids are simply absent). */
    async earliestStarts(
      therapistIds: readonly number[],
      options: EarliestStartsOptions = {},
    ): Promise<Map<number, TherapistAvailability>> {
      const answer = new Map<number, TherapistAvailability>();
      if (!therapistIds.length) return answer;
      const now = deps.clock.now();
      const rows = await deps.repository.scheduleFacts({
        therapistIds: [...new Set(therapistIds)],
        projectId: options.projectId,
        liveCodes: LIVE_STATUS_CODES,
        from: new Date(now.getTime() - DAY),
        defaultHorizonDays: DEFAULT_HORIZON_DAYS,
        fromDate: addDays(localDateTimeOf(now.getTime(), 'UTC').date, -2),
      });
      const zones = new Map<number, string>();
      const settingsByCity = new Map<number, CityBookingSettings>();
      for (const row of rows) {
        if (!zones.has(row.city_id)) zones.set(row.city_id, await deps.timeZoneOf(row.city_id));
        let settings = settingsByCity.get(row.city_id);
        if (!settings) {
          settings = cityBookingSettingsSchema.parse(row.settings);
          settingsByCity.set(row.city_id, settings);
        }
        answer.set(row.id, availabilityOf(row, now, zones.get(row.city_id) as string, settings));
      }
      return answer;
    },
  };
}

/** A city without its own horizon books this many days ahead. */
const DEFAULT_HORIZON_DAYS = cityBookingSettingsSchema.parse({}).bookingHorizonDays;

export type EarliestStartsService = ReturnType<typeof createEarliestStartsService>;
