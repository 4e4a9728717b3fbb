import {
  type FreeStart,
  freeStarts,
  type ProviderSchedule,
  type Visit,
} from '@sabai/shared/booking/availability';
import type { scheduleBodySchema, timeOffBodySchema } from '@sabai/shared/booking/booking.schemas';
import type { CityBookingSettings } from '@sabai/shared/booking/booking-settings';
import { cityBookingSettingsSchema } from '@sabai/shared/booking/booking-settings.schemas';
import { LIVE_STATUS_CODES } from '@sabai/shared/booking/order-status';
import { addDays, localDateTimeOf } from '@sabai/shared/booking/zoned-time';
import type { z } from 'zod';
import type { AuthUser } from '../../http/auth';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { BookingRepository, ScheduleFacts } from './booking.repository';

const DAY_MS = 24 * 60 * 60_000;

type TherapistRow = NonNullable<Awaited<ReturnType<BookingRepository['findTherapist']>>>;
/** What the schedule needs of its therapist: whose facts, the city's zone and where they set out from. */
type ScheduleOwner = Pick<TherapistRow, 'id' | 'cityId' | 'latitude' | 'longitude'>;

/**
 * The window of facts the free starts of one local date depend on: time off and live orders from
 * the day before to the day after (a late order's buffer or an early one's travel crosses
 * midnight; two days either side of the date's UTC noon cover every zone's local day).
 */
export function factsWindowOf(date: string): { from: Date; to: Date } {
  const noon = Date.parse(`${date}T12:00:00Z`);
  return { from: new Date(noon - 2 * DAY_MS), to: new Date(noon + 2 * DAY_MS) };
}

/**
 * A window holding `factsWindowOf` of every local date an instant can fall on (UTC−12 to UTC+14
 * put it on the UTC date or one either side): a booking reads it before it knows the city's zone.
 */
export function factsWindowAround(instant: Date): { from: Date; to: Date } {
  const noon = Date.parse(`${instant.toISOString().slice(0, 10)}T12:00:00Z`);
  return { from: new Date(noon - 3 * DAY_MS), to: new Date(noon + 3 * DAY_MS) };
}

/**
 * The facts of a wider window narrowed to [from, to) by the predicates `scheduleFacts` reads with
 * (time off and busy time touching it), so the free starts see exactly what a read of that window sees.
 */
export function factsWithin(facts: ScheduleFacts, { from, to }: { from: Date; to: Date }): ScheduleFacts {
  const start = from.getTime();
  const end = to.getTime();
  const touches = (a: string, b: string) => Date.parse(a) < end && Date.parse(b) > start;
  return {
    ...facts,
    time_off: facts.time_off.filter(([a, b]) => touches(a, b)),
    bookings: facts.bookings.filter(([, busyStart, busyEnd]) => touches(busyStart, busyEnd)),
  };
}

/** Per-city settings, read through the shared schema so an absent row or field means the default. */
export function createSettingsReader(repository: BookingRepository) {
  return async function settingsOf(cityId: number): Promise<CityBookingSettings> {
    const stored = await repository.citySettings(cityId);
    return cityBookingSettingsSchema.parse(stored ?? {});
  };
}

/** Working hours, days off and time off (edited by the therapist) and the free starts computed from them. */
export function createAvailabilityService(deps: {
  repository: BookingRepository;
  clock: Clock;
  timeZoneOf: (cityId: number) => Promise<string>;
}) {
  const { repository, clock } = deps;

  async function ownTherapist(me: AuthUser): Promise<TherapistRow> {
    const therapist = await repository.therapistOfUser(me.id);
    if (!therapist) throw new AppError('notFound');
    return therapist;
  }

  async function scheduleView(therapistId: number) {
    const [shifts, daysOff, timeOff] = await Promise.all([
      repository.workingHours(therapistId),
      repository.daysOff(therapistId),
      repository.timeOff(therapistId, clock.now()),
    ]);
    return {
      weeklyShifts: shifts.map((row) => ({ weekday: row.weekday, start: row.startTime, end: row.endTime })),
      daysOff,
      timeOff: timeOff.map((row) => ({
        id: row.id,
        startsAt: row.startsAt.toISOString(),
        endsAt: row.endsAt.toISOString(),
        reason: row.reason,
      })),
    };
  }

  /** What `freeStarts` needs for one local date (see `factsWindowOf`), read in one round trip. */
  async function readFacts(therapistId: number, date: string) {
    const { from, to } = factsWindowOf(date);
    return repository.scheduleFacts(therapistId, LIVE_STATUS_CODES, from, to);
  }

  async function readSchedule(
    therapist: ScheduleOwner,
    date: string,
    exceptOrderId?: number,
    prefetched?: ScheduleFacts | Promise<ScheduleFacts | undefined>,
  ): Promise<{ schedule: ProviderSchedule; settings: CityBookingSettings }> {
    const [timeZone, facts] = await Promise.all([
      deps.timeZoneOf(therapist.cityId),
      prefetched ?? readFacts(therapist.id, date),
    ]);
    if (!facts) throw new AppError('notFound');
    return {
      settings: cityBookingSettingsSchema.parse(facts.settings ?? {}),
      schedule: {
        timeZone,
        weeklyShifts: facts.shifts,
        daysOff: facts.days_off,
        timeOff: facts.time_off.map(([start, end]) => ({ start: new Date(start), end: new Date(end) })),
        bookings: facts.bookings
          .filter(([id]) => id !== exceptOrderId)
          .map(([, busyStart, busyEnd, serviceEnd, lat, lng]) => ({
            busyStart: new Date(busyStart),
            busyEnd: new Date(busyEnd),
            serviceEnd: new Date(serviceEnd),
            place: lat === null || lng === null ? null : { lat, lng },
          })),
        home: { lat: therapist.latitude, lng: therapist.longitude },
      },
    };
  }

  const scheduleFor = async (therapist: TherapistRow, date: string, exceptOrderId?: number) =>
    (await readSchedule(therapist, date, exceptOrderId)).schedule;

  return {
    scheduleFor,

    localDateOf: (instant: Date, timeZone: string) => localDateTimeOf(instant.getTime(), timeZone).date,

    async starts(input: {
      therapist: ScheduleOwner;
      date: string;
      durationMinutes: number;
      visit: Visit;
      /** The order being moved to this therapist: its own busy time is not in the way. */
      exceptOrderId?: number;
      /** A reassignment keeps the booked start even when it is closer than the lead time. */
      ignoreLeadTime?: boolean;
      /** The facts of this therapist and date when the caller read them with its own (`factsWindowOf`). */
      facts?: ScheduleFacts;
    }): Promise<{ free: FreeStart[]; schedule: ProviderSchedule; settings: CityBookingSettings }> {
      const read = await readSchedule(input.therapist, input.date, input.exceptOrderId, input.facts);
      const { schedule } = read;
      const settings = input.ignoreLeadTime ? { ...read.settings, leadTimeMinutes: 0 } : read.settings;
      const free = freeStarts({
        schedule,
        date: input.date,
        now: clock.now(),
        durationMinutes: input.durationMinutes,
        visit: input.visit,
        settings,
      });
      return { free, schedule, settings };
    },

    async mySchedule(me: AuthUser) {
      return scheduleView((await ownTherapist(me)).id);
    },

    async setMySchedule(me: AuthUser, body: z.infer<typeof scheduleBodySchema>) {
      const therapist = await ownTherapist(me);
      if (body.weeklyShifts.some((shift) => shift.start === shift.end))
        throw new AppError('workingHoursInvalid');
      await repository.replaceSchedule(therapist.id, body.weeklyShifts, body.daysOff);
      return scheduleView(therapist.id);
    },

    async addMyTimeOff(me: AuthUser, body: z.infer<typeof timeOffBodySchema>) {
      const therapist = await ownTherapist(me);
      const startsAt = new Date(body.startsAt);
      const endsAt = new Date(body.endsAt);
      if (endsAt <= startsAt || endsAt.getTime() - startsAt.getTime() > 60 * DAY_MS) {
        throw new AppError('workingHoursInvalid');
      }
      await repository.addTimeOff(therapist.id, startsAt, endsAt, body.reason);
      return scheduleView(therapist.id);
    },

    async removeMyTimeOff(me: AuthUser, id: number) {
      const therapist = await ownTherapist(me);
      if (!(await repository.removeTimeOff(therapist.id, id))) throw new AppError('notFound');
      return scheduleView(therapist.id);
    },

    /** Tomorrow's local date in a zone, for callers that want "the next day". */
    nextDate: (date: string) => addDays(date, 1),
  };
}

export type AvailabilityService = ReturnType<typeof createAvailabilityService>;
