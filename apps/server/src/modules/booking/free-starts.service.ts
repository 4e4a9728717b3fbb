import type { Visit } from '@sabai/shared/booking/availability';
import type { freeStartsQuerySchema } from '@sabai/shared/booking/booking.schemas';
import type { z } from 'zod';
import type { AuthUser } from '../../http/auth';
import { AppError } from '../../lib/app-error';
import type { OpenCity } from '../geo';
import type { AvailabilityService } from './availability.service';
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
      // Independent reads in parallel, the schedule's too (known from the query alone; unused when
      // a refusal follows); the refusals below keep their order.
      const facts = deps.availability.prefetchFacts(query.therapistId, query.date);
      facts.catch(() => undefined); // awaited below unless a refusal comes first
      const [found, address] = await Promise.all([
        repository.therapistWithProject(query.therapistId, query.projectId),
        query.addressId !== undefined && user ? repository.findAddress(user.id, query.addressId) : undefined,
      ]);
      const therapist = found?.therapist;
      if (!therapist || therapist.isBanned) throw new AppError('notFound');
      await deps.getOpenCity(therapist.cityId);
      if (therapist.state === 'resting') return [];
      const project = found.project;
      if (!project?.isActive || !found.offers) throw new AppError('projectUnavailable');
      let place = { lat: therapist.latitude, lng: therapist.longitude };
      if (query.addressId !== undefined) {
        if (!address) throw new AppError('notFound');
        place = { lat: address.latitude, lng: address.longitude };
      }
      const visit: Visit = { kind: 'homeVisit', address: place, travelMode: query.travelMode };
      const { free } = await deps.availability.starts({
        therapist,
        date: query.date,
        durationMinutes: project.durationMinutes * query.clocks,
        visit,
        facts,
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
