import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type Database, queryRows } from '../src/db/client';
import {
  categories,
  cities,
  serviceProjects,
  storeProjects,
  stores,
  therapistProjects,
  therapists,
  therapistWorkingHours,
} from '../src/db/schema';
import { grantRoles, registerUser } from './identity-helpers';

export const PHNOM_PENH = { lat: 11.5564, lng: 104.9282 };
/** 08:00 on Tuesday 24 November 2026 in Phnom Penh (UTC+7). */
export const BOOKING_NOW = new Date('2026-11-24T01:00:00Z');

let sequence = 0;

/** An open city (or one with the given status) in Phnom Penh's zone, paying in US cents. */
export async function createCity(database: Database, status: 'open' | 'closed' = 'open') {
  const [country] = await queryRows<{ id: number }>(
    database.db,
    sql`select id from countries order by id limit 1`,
  );
  sequence += 1;
  const [city] = await database.db
    .insert(cities)
    .values({
      countryId: country?.id as number,
      names: { en: `Booking City ${sequence}` },
      status,
      timeZone: 'Asia/Phnom_Penh',
      currency: 'USD',
      latitude: PHNOM_PENH.lat,
      longitude: PHNOM_PENH.lng,
    })
    .returning();
  return city as typeof cities.$inferSelect;
}

/** A 60-minute project at $20 ($16 for members) with its category. */
export async function createProject(database: Database, cityId: number) {
  sequence += 1;
  const [category] = await database.db
    .insert(categories)
    .values({ code: `booking-${sequence}-${Date.now()}`, names: { en: 'Massage' } })
    .returning();
  const [project] = await database.db
    .insert(serviceProjects)
    .values({
      cityId,
      categoryId: category?.id as number,
      names: { en: 'Khmer massage' },
      descriptions: { en: '' },
      durationMinutes: 60,
      price: 2000,
      memberPrice: 1600,
      currency: 'USD',
      extraUnitMinutes: 30,
      extraUnitPrice: 1000,
    })
    .returning();
  return project as typeof serviceProjects.$inferSelect;
}

/**
 * A therapist linked to a provider login, offering the project, working 09:00–21:00 every day of the
 * week, based in the city centre with a 10 km radius.
 */
export async function createTherapist(
  app: FastifyInstance,
  database: Database,
  input: { cityId: number; projectId: number; state?: 'available' | 'resting'; storeId?: number },
) {
  const provider = await registerUser(app);
  await grantRoles(app, database, provider.user.id, ['provider']);
  const [therapist] = await database.db
    .insert(therapists)
    .values({
      cityId: input.cityId,
      userId: provider.user.id,
      storeId: input.storeId ?? null,
      displayName: 'Sokha',
      gender: 'female',
      introductions: { en: '' },
      serviceAreas: { en: '' },
      latitude: PHNOM_PENH.lat,
      longitude: PHNOM_PENH.lng,
      state: input.state ?? 'available',
      currency: 'USD',
    })
    .returning();
  const id = therapist?.id as number;
  await database.db.insert(therapistProjects).values({ therapistId: id, projectId: input.projectId });
  await database.db.insert(therapistWorkingHours).values(
    [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
      therapistId: id,
      weekday,
      startTime: '09:00',
      endTime: '21:00',
    })),
  );
  return { therapistId: id, token: provider.token, userId: provider.user.id };
}

/** A store open 10:00–22:00 every day, offering the project. */
export async function createStore(database: Database, cityId: number, projectId: number) {
  const [store] = await database.db
    .insert(stores)
    .values({
      cityId,
      names: { en: 'Sabai Spa' },
      descriptions: { en: '' },
      addresses: { en: 'Street 51' },
      latitude: PHNOM_PENH.lat,
      longitude: PHNOM_PENH.lng,
      openingHours: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, opens: '10:00', closes: '22:00' })),
    })
    .returning();
  await database.db.insert(storeProjects).values({ storeId: store?.id as number, projectId });
  return store as typeof stores.$inferSelect;
}

/** A valid new address body near the city centre (about 1.1 km away). */
export const addressBody = (overrides: Record<string, unknown> = {}) => ({
  contactName: 'Dara',
  genderTitle: 'ms',
  areaCode: '855',
  phone: '012 345 678',
  placeType: 'house',
  detail: 'Street 240, Daun Penh',
  houseNumber: '',
  arrivalNotes: 'Blue gate',
  lat: PHNOM_PENH.lat + 0.01,
  lng: PHNOM_PENH.lng,
  ...overrides,
});
