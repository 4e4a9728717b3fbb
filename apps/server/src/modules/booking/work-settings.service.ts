import { SERVICE_RADIUS_KM, type WorkSettings } from '@sabai/shared/booking/work-settings.schemas';
import type { AuthUser } from '../../http/auth';
import { AppError } from '../../lib/app-error';
import type { WorkSettingsRepository } from './work-settings.repository';

type TherapistSwitches = NonNullable<Awaited<ReturnType<WorkSettingsRepository['findByUser']>>>;

/** Online/offline and the service radius of the signed-in provider (the workbench's switches). */
export function createWorkSettingsService(deps: {
  repository: WorkSettingsRepository;
  timeZoneOf: (cityId: number) => Promise<string>;
  /** The platform's share in the city (payments' setting), for the earnings the workbench shows. */
  platformShareOf: (cityId: number) => Promise<number>;
}) {
  const { repository } = deps;

  async function own(me: AuthUser): Promise<TherapistSwitches> {
    const therapist = await repository.findByUser(me.id);
    if (!therapist) throw new AppError('notFound');
    return therapist;
  }

  async function view(therapist: TherapistSwitches): Promise<WorkSettings> {
    return {
      therapistId: therapist.id,
      // "Bookable later" still takes bookings from its time on: the provider is not offline.
      isOnline: !therapist.isBanned && therapist.state !== 'resting',
      serviceRadiusKm: therapist.serviceRadiusKm,
      serviceRadiusMinKm: SERVICE_RADIUS_KM.min,
      serviceRadiusMaxKm: SERVICE_RADIUS_KM.max,
      cityId: therapist.cityId,
      timeZone: await deps.timeZoneOf(therapist.cityId),
      platformShareBasisPoints: await deps.platformShareOf(therapist.cityId),
    };
  }

  return {
    async mine(me: AuthUser) {
      return view(await own(me));
    },

    async setOnline(me: AuthUser, isOnline: boolean) {
      const therapist = await own(me);
      // Going offline is always allowed; a suspended profile cannot come back by itself.
      if (isOnline && therapist.isBanned) throw new AppError('providerSuspended');
      const updated = await repository.setState(therapist.id, isOnline ? 'available' : 'resting');
      return view(updated ?? therapist);
    },

    async setServiceRadius(me: AuthUser, serviceRadiusKm: number) {
      const therapist = await own(me);
      const updated = await repository.setServiceRadius(therapist.id, serviceRadiusKm);
      return view(updated ?? therapist);
    },
  };
}

export type WorkSettingsService = ReturnType<typeof createWorkSettingsService>;
