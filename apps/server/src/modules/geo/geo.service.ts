import type { CountryCodeItem } from '@sabai/shared/geo/geo.schemas';
import type { Language } from '@sabai/shared/i18n';
import type { Clock } from '../../lib/clock';
import type { GeoRepository } from './geo.repository';

/** The country list changes rarely; a short per-process cache keeps the login page cheap. */
const COUNTRY_CACHE_TTL_MS = 60_000;

export function createGeoService(deps: { repository: GeoRepository; clock: Clock }) {
  let cache: { expiresAt: number; byLanguage: Map<Language, CountryCodeItem[]> } | undefined;
  let rowsInFlight: ReturnType<GeoRepository['listCountries']> | undefined;

  async function loadRows() {
    rowsInFlight ??= deps.repository.listCountries().finally(() => {
      rowsInFlight = undefined;
    });
    return rowsInFlight;
  }

  return {
    /** Countries with their dialling code, named in the caller's language by Intl. */
    async listCountryCodes(language: Language): Promise<CountryCodeItem[]> {
      const now = deps.clock.now().getTime();
      if (!cache || cache.expiresAt <= now) {
        cache = { expiresAt: now + COUNTRY_CACHE_TTL_MS, byLanguage: new Map() };
      }
      const cached = cache.byLanguage.get(language);
      if (cached) return cached;
      const rows = await loadRows();
      const names = new Intl.DisplayNames([language, 'en'], { type: 'region', fallback: 'code' });
      const items = rows.map((row) => ({
        countryId: row.id,
        iso2: row.iso2,
        name: names.of(row.iso2) ?? row.iso2,
        areaCode: row.areaCode,
        currency: row.currency,
      }));
      cache.byLanguage.set(language, items);
      return items;
    },
  };
}

export type GeoService = ReturnType<typeof createGeoService>;
