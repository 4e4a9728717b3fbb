import type { CountryCodeItem } from '@sabai/shared/geo/geo.schemas';
import { LANGUAGES, type Language } from '@sabai/shared/i18n';
import type { Clock } from '../../lib/clock';
import { createTtlCache, createTtlValue } from '../../lib/ttl-cache';
import type { GeoRepository } from './geo.repository';

/** The country list changes rarely; a short per-process cache keeps the login page cheap. */
const COUNTRY_CACHE_TTL_MS = 60_000;

export function createGeoService(deps: { repository: GeoRepository; clock: Clock }) {
  const rows = createTtlValue<Awaited<ReturnType<GeoRepository['listCountries']>>>({
    ttlMs: COUNTRY_CACHE_TTL_MS,
    clock: deps.clock,
  });
  const byLanguage = createTtlCache<Language, CountryCodeItem[]>({
    ttlMs: COUNTRY_CACHE_TTL_MS,
    maxEntries: LANGUAGES.length,
    clock: deps.clock,
  });

  return {
    /** Countries with their dialling code, named in the caller's language by Intl. */
    listCountryCodes(language: Language): Promise<CountryCodeItem[]> {
      return byLanguage.get(language, async () => {
        const names = new Intl.DisplayNames([language, 'en'], { type: 'region', fallback: 'code' });
        return (await rows.get(() => deps.repository.listCountries())).map((row) => ({
          countryId: row.id,
          iso2: row.iso2,
          name: names.of(row.iso2) ?? row.iso2,
          areaCode: row.areaCode,
          currency: row.currency,
        }));
      });
    },
  };
}

export type GeoService = ReturnType<typeof createGeoService>;
