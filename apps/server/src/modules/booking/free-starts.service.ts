import type { Visit } from '@sabai/shared/booking/availability';
import type { freeStartsQuerySchema } from '@sabai/shared/booking/booking.schemas';
import { LIVE_STATUS_CODES } from '@sabai/shared/booking/order-status';
import type { z } from 'zod';
import type { AuthUser } from '../../http/auth';
import { AppError } from '../../lib/app-error';
import type { OpenCity } from '../geo';
import { type AvailabilityService, factsWindowOf } from './availability.service';
import type { BookingRepository } from './booking.repository';

/** The booking page's start times: anyone may read them; an address (only the caller's) adds its travel. */
export function createFreeStartsService(deps: {
  repository: BookingRepository;
  availability: AvailabilityService;
  getOpenCity: (cityId: number) => Promise<OpenCity>;
}) {
  const { repository } = deps;
  return {
    async list(user: AuthUser | null, query: z.infer<typeof freeStartsQuerySchema>) {
      // One statement reads the therapist, the project, the caller's address and the schedule
      // facts (decision 077); the refusals below keep their order.
      const found = await repository.freeStartsFacts({
        therapistId: query.therapistId,
        projectId: query.projectId,
        userId: query.addressId !== undefined && user ? user.id : null,
        addressId: query.addressId ?? null,
        liveCodes: LIVE_STATUS_CODES,
        ...factsWindowOf(query.date),
      });
      if (!found || found.isBanned) throw new AppError('notFound');
      await deps.getOpenCity(found.cityId);
      if (found.state === 'resting') return [];
      const durationMinutes = found.projectDurationMinutes;
      if (!found.projectIsActive || durationMinutes === null || !found.offers)
        throw new AppError('projectUnavailable');
      let place = { lat: found.latitude, lng: found.longitude };
      if (query.addressId !== undefined) {
        if (!found.address) throw new AppError('notFound');
        place = { lat: found.address[0], lng: found.address[1] };
      }
      const visit: Visit = { kind: 'homeVisit', address: place, travelMode: query.travelMode };
      const { free } = await deps.availability.starts({
        therapist: found,
        date: query.date,
        durationMinutes: durationMinutes * query.clocks,
        visit,
        facts: found,
      });
      return free.map(({ startsAt, endsAt, localDate, localTime, utcOffsetMinutes, travelMinutes }) => ({
        startsAt,
        endsAt,
        localDate,
        localTime,
        utcOffsetMinutes,
        travelMinutes,
      }));
    },
  };
}

export type FreeStartsService = ReturnType<typeof createFreeStartsService>;
