import { haversineKm } from '@sabai/shared/geo';
import type { CityItem, CityList, CityVote, NearestCity } from '@sabai/shared/geo/geo.schemas';
import type { Language } from '@sabai/shared/i18n';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { localised } from '../../lib/localised';
import { createTtlValue } from '../../lib/ttl-cache';
import type { CitiesRepository, CityRow } from './cities.repository';

/** Cities change when an operator opens one; every process re-reads them this often. */
const CITY_CACHE_TTL_MS = 30_000;

/** An open city as other modules need it: where it is, its currency and its time zone. */
export interface OpenCity {
  id: number;
  currency: string;
  timeZone: string;
  centre: { lat: number; lng: number };
}

export function createCitiesService(deps: { repository: CitiesRepository; clock: Clock }) {
  const cache = createTtlValue<CityRow[]>({ ttlMs: CITY_CACHE_TTL_MS, clock: deps.clock });
  const rows = () => cache.get(() => deps.repository.listCities());

  const toItem = (
    row: CityRow,
    language: Language,
    votes: Map<number, number>,
    voted: Set<number> = new Set(),
  ): CityItem => ({
    id: row.id,
    name: localised(row.names, language),
    status: row.status,
    countryIso2: row.countryIso2,
    timeZone: row.timeZone,
    currency: row.currency,
    location: { lat: row.latitude, lng: row.longitude },
    voteCount: votes.get(row.id) ?? 0,
    hasVoted: voted.has(row.id),
  });

  return {
    async listCities(language: Language, userId?: number): Promise<CityList> {
      const [all, votes, voted] = await Promise.all([
        rows(),
        deps.repository.voteCounts(),
        userId === undefined ? new Set<number>() : deps.repository.votedCityIds(userId),
      ]);
      return {
        open: all.filter((c) => c.status === 'open').map((c) => toItem(c, language, votes, voted)),
        voting: all
          .filter((c) => c.status === 'voting')
          .map((c) => toItem(c, language, votes, voted))
          .sort((a, b) => b.voteCount - a.voteCount || a.id - b.id),
      };
    },

    /** The open city closest to a point (from the browser's geolocation). */
    async nearestOpenCity(point: { lat: number; lng: number }, language: Language): Promise<NearestCity> {
      const open = (await rows()).filter((c) => c.status === 'open');
      let best: { row: CityRow; km: number } | undefined;
      for (const row of open) {
        const km = haversineKm(point, { lat: row.latitude, lng: row.longitude });
        if (!best || km < best.km) best = { row, km };
      }
      if (!best) throw new AppError('notFound');
      return { city: toItem(best.row, language, new Map()), distanceKm: Math.round(best.km * 100) / 100 };
    },

    /**
     * The city a request is about: the one asked for, else the first open city. Unknown ids are
     * not found; a city that exists but is not open answers "city not open, switch city".
     */
    async getOpenCity(cityId: number | undefined): Promise<OpenCity> {
      const all = await rows();
      const row =
        cityId === undefined ? all.find((c) => c.status === 'open') : all.find((c) => c.id === cityId);
      if (!row) throw new AppError(cityId === undefined ? 'cityNotOpen' : 'notFound');
      if (row.status !== 'open') throw new AppError('cityNotOpen');
      return {
        id: row.id,
        currency: row.currency,
        timeZone: row.timeZone,
        centre: { lat: row.latitude, lng: row.longitude },
      };
    },

    /** One vote per user for a city gathering votes; an open or closed city takes none. */
    async vote(cityId: number, userId: number): Promise<CityVote> {
      const city = (await rows()).find((c) => c.id === cityId) ?? (await deps.repository.findCity(cityId));
      if (!city) throw new AppError('notFound');
      if (city.status !== 'voting') throw new AppError('cityNotVoting');
      if (!(await deps.repository.addVote(cityId, userId))) throw new AppError('cityAlreadyVoted');
      return { cityId, voteCount: await deps.repository.countVotes(cityId), hasVoted: true };
    },

    /** A city's IANA time zone, of any status: how other modules read local time without geo's tables. */
    async timeZoneOf(cityId: number): Promise<string> {
      const row = (await rows()).find((c) => c.id === cityId) ?? (await deps.repository.findCity(cityId));
      if (!row) throw new AppError('notFound');
      return row.timeZone;
    },

    /** A city of any status (voting needs cities that are not open). */
    async getCity(cityId: number): Promise<CityRow> {
      const row = (await rows()).find((c) => c.id === cityId) ?? (await deps.repository.findCity(cityId));
      if (!row) throw new AppError('notFound');
      return row;
    },
  };
}

export type CitiesService = ReturnType<typeof createCitiesService>;
