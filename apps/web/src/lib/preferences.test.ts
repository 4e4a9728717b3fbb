// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { getStoredCityId, getStoredCurrency, mirrorCityCookie, rememberCity } from './preferences';
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

describe('the chosen city in a cookie (decision 092)', () => {
  it('goes with page requests once chosen, and at start for a city stored before', () => {
    rememberCity({ id: 3, currency: 'THB' });
    expect(document.cookie).toMatch(/(?:^|; )cityId=3(?:;|$)/);
    writeStored(STORAGE_KEYS.cityId, 5);
    expect(document.cookie).toMatch(/(?:^|; )cityId=3(?:;|$)/);
    mirrorCityCookie();
    expect(document.cookie).toMatch(/(?:^|; )cityId=5(?:;|$)/);
  });
});
