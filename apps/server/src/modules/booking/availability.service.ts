import {
  type FreeStart,
  freeStarts,
  type LiveBooking,
  type ProviderSchedule,
  type Visit,
} from '@sabai/shared/booking/availability';
import type { scheduleBodySchema, timeOffBodySchema } from '@sabai/shared/booking/booking.schemas';
import type { CityBookingSettings } from '@sabai/shared/booking/booking-settings';
import { cityBookingSettingsSchema } from '@sabai/shared/booking/booking-settings.schemas';
import { LIVE_STATUS_CODES } from '@sabai/shared/booking/order-status';
import type { WeeklyShift } from '@sabai/shared/booking/working-hours';
import { addDays, localDateTimeOf } from '@sabai/shared/booking/zoned-time';
import type { z } from 'zod';
import type { AuthUser } from '../../http/auth';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { BookingRepository, OrderRow } from './booking.repository';

const DAY_MS = 24 * 60 * 60_000;

type TherapistRow = NonNullable<Awaited<ReturnType<BookingRepository['findTherapist']>>>;

const placeOf = (order: OrderRow) =>
  order.address ? { lat: order.address.lat, lng: order.address.lng } : null;

export const toLiveBooking = (order: OrderRow): LiveBooking => ({
  busyStart: order.busyStart,
  busyEnd: order.busyEnd,
  serviceEnd: order.endsAt,
  place: placeOf(order),
});

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
  settingsOf: (cityId: number) => Promise<CityBookingSettings>;
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

  /**
   * What `freeStarts` needs for one local date: the week, days off, time off and the live orders of
   * the day before to the day after (a late order's buffer or an early one's travel crosses midnight).
   */
  async function scheduleFor(
    therapist: TherapistRow,
    date: string,
    exceptOrderId?: number,
  ): Promise<ProviderSchedule> {
    const timeZone = await deps.timeZoneOf(therapist.cityId);
    const noon = Date.parse(`${date}T12:00:00Z`);
    const from = new Date(noon - 2 * DAY_MS);
    const to = new Date(noon + 2 * DAY_MS);
    const [shifts, daysOff, timeOff, live] = await Promise.all([
      repository.workingHours(therapist.id),
      repository.daysOff(therapist.id),
      repository.timeOff(therapist.id, from, to),
      repository.liveOrdersOf(therapist.id, LIVE_STATUS_CODES, from, to),
    ]);
    return {
      timeZone,
      weeklyShifts: shifts.map(
        (row): WeeklyShift => ({ weekday: row.weekday, start: row.startTime, end: row.endTime }),
      ),
      daysOff,
      timeOff: timeOff.map((row) => ({ start: row.startsAt, end: row.endsAt })),
      bookings: live.filter((order) => order.id !== exceptOrderId).map(toLiveBooking),
      home: { lat: therapist.latitude, lng: therapist.longitude },
    };
  }

  return {
    scheduleFor,

    localDateOf: (instant: Date, timeZone: string) => localDateTimeOf(instant.getTime(), timeZone).date,

    async starts(input: {
      therapist: TherapistRow;
      date: string;
      durationMinutes: number;
      visit: Visit;
      /** The order being moved to this therapist: its own busy time is not in the way. */
      exceptOrderId?: number;
      /** A reassignment keeps the booked start even when it is closer than the lead time. */
      ignoreLeadTime?: boolean;
    }): Promise<{ free: FreeStart[]; schedule: ProviderSchedule; settings: CityBookingSettings }> {
      const citySettings = await deps.settingsOf(input.therapist.cityId);
      const settings = input.ignoreLeadTime ? { ...citySettings, leadTimeMinutes: 0 } : citySettings;
      const schedule = await scheduleFor(input.therapist, input.date, input.exceptOrderId);
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
