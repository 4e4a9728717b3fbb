import { isLanguage, type Language, languageFromHeader } from '@sabai/shared/i18n';
import { CURRENCIES, type Currency, DISTANCE_UNITS, type DistanceUnit } from '@sabai/shared/units';
import { readStored, STORAGE_KEYS } from './storage';

/** The user's remembered preferences, read with safe defaults. */
export function getStoredLanguage(): Language {
  const stored = readStored<string>(STORAGE_KEYS.language);
  if (isLanguage(stored)) return stored;
  // First visit: follow the browser's language when we speak it.
  return languageFromHeader(typeof navigator === 'undefined' ? undefined : navigator.language);
}

export function getStoredCurrency(): Currency {
  const stored = readStored<string>(STORAGE_KEYS.currency);
  return (CURRENCIES as readonly string[]).includes(stored ?? '') ? (stored as Currency) : 'USD';
}

export function getStoredDistanceUnit(): DistanceUnit {
  const stored = readStored<string>(STORAGE_KEYS.distanceUnit);
  return (DISTANCE_UNITS as readonly string[]).includes(stored ?? '') ? (stored as DistanceUnit) : 'km';
}

export function getStoredCityId(): string {
  const stored = readStored<string | number>(STORAGE_KEYS.cityId);
  return stored === undefined ? '1' : String(stored);
}
