import { afterEach, describe, expect, it } from 'vitest';
import { getStoredCityId, getStoredCurrency, rememberCity } from './preferences';
import { removeStored, STORAGE_KEYS, writeStored } from './storage';

afterEach(() => {
  removeStored(STORAGE_KEYS.currency);
  removeStored(STORAGE_KEYS.cityCurrency);
  removeStored(STORAGE_KEYS.cityId);
});

describe('display currency', () => {
  it('is US dollars before any city or currency is chosen', () => {
    expect(getStoredCurrency()).toBe('USD');
  });

  it("follows the chosen city's currency (Bangkok reads baht)", () => {
    rememberCity({ id: 3, currency: 'THB' });
    expect(getStoredCityId()).toBe('3');
    expect(getStoredCurrency()).toBe('THB');
  });

  it('keeps the currency picked in Settings whatever the city', () => {
    writeStored(STORAGE_KEYS.currency, 'KHR');
    rememberCity({ id: 3, currency: 'THB' });
    expect(getStoredCurrency()).toBe('KHR');
  });

  it('falls back to US dollars for a city currency the app cannot show', () => {
    rememberCity({ id: 9, currency: 'LAK' });
    expect(getStoredCurrency()).toBe('USD');
  });
});
