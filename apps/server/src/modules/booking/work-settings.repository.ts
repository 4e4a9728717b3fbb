import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { therapists } from '../../db/schema';

/**
 * The provider's own switches live on the catalog's therapist row (state and service radius), the
 * same row discovery lists from: going offline takes the provider out of lists and bookings at once.
 */
export function createWorkSettingsRepository(db: Db) {
  const columns = {
    id: therapists.id,
    cityId: therapists.cityId,
    state: therapists.state,
    serviceRadiusKm: therapists.serviceRadiusKm,
    isBanned: therapists.isBanned,
  };
  return {
    findByUser: async (userId: number) =>
      (await db.select(columns).from(therapists).where(eq(therapists.userId, userId)).limit(1))[0],
    /** Online is `available`; offline is `resting` (when a provider is free is derived, never stored: decision 036). */
    setState: async (therapistId: number, state: 'available' | 'resting') =>
      (
        await db.update(therapists).set({ state }).where(eq(therapists.id, therapistId)).returning(columns)
      )[0],
    setServiceRadius: async (therapistId: number, serviceRadiusKm: number) =>
      (
        await db
          .update(therapists)
          .set({ serviceRadiusKm })
          .where(eq(therapists.id, therapistId))
          .returning(columns)
      )[0],
  };
}

export type WorkSettingsRepository = ReturnType<typeof createWorkSettingsRepository>;
