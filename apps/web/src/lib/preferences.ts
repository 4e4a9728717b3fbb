import { isLanguage, type Language, languageFromHeader } from '@sabai/shared/i18n';
import { CURRENCIES, type Currency, DISTANCE_UNITS, type DistanceUnit } from '@sabai/shared/units';
import { readStored, STORAGE_KEYS, writeStored } from './storage';

/** The user's remembered preferences, read with safe defaults. */
export function getStoredLanguage(): Language {
  const stored = readStored<string>(STORAGE_KEYS.language);
  if (isLanguage(stored)) return stored;
  // First visit: follow the browser's language when we speak it.
  return languageFromHeader(typeof navigator === 'undefined' ? undefined : navigator.language);
}

const isCurrency = (value: string | undefined): value is Currency =>
  (CURRENCIES as readonly string[]).includes(value ?? '');

/**
 * The display currency: the one picked in Settings, else the chosen city's (a Bangkok user reads
 * baht, a Phnom Penh user dollars, the currency prices there are quoted in), else US dollars.
 */
export function getStoredCurrency(): Currency {
  const chosen = readStored<string>(STORAGE_KEYS.currency);
  if (isCurrency(chosen)) return chosen;
  const cityCurrency = readStored<string>(STORAGE_KEYS.cityCurrency);
  return isCurrency(cityCurrency) ? cityCurrency : 'USD';
}

/** Remembers the city the user chose or was located in, with its currency for the default above. */
export function rememberCity(city: { id: number; currency: string }): void {
  writeStored(STORAGE_KEYS.cityId, city.id);
  writeStored(STORAGE_KEYS.cityCurrency, city.currency);
  mirrorCityCookie();
}

/**
 * The chosen city goes with each page request too: the server draws Home's first banner for it
 * (decision 092) and cannot read localStorage. Called at start as well, for a city stored before.
 */
export function mirrorCityCookie(): void {
  if (typeof document === 'undefined') return;
  const cityId = getStoredCityId();
  if (!/^\d{1,9}$/.test(cityId)) return;
  // biome-ignore lint/suspicious/noDocumentCookie: one preference cookie; the Cookie Store API is missing from the WebViews we serve
  document.cookie = `cityId=${cityId}; path=/; max-age=31536000; samesite=lax`;
}

export function getStoredDistanceUnit(): DistanceUnit {
  const stored = readStored<string>(STORAGE_KEYS.distanceUnit);
  return (DISTANCE_UNITS as readonly string[]).includes(stored ?? '') ? (stored as DistanceUnit) : 'km';
}

export function getStoredCityId(): string {
  const stored = readStored<string | number>(STORAGE_KEYS.cityId);
  return stored === undefined ? '1' : String(stored);
}
