import { describe, expect, it } from 'vitest';
import {
  countActiveFilters,
  parseTherapistFilters,
  therapistFiltersToParams,
  toTherapistQuery,
} from './therapist-filters';

describe('therapist filters in the URL', () => {
  it('reads known values and ignores the rest', () => {
    const params = new URLSearchParams(
      'sort=rating&gender=female&language=km&availableNow=true&projectId=3&storeId=abc&extra=1',
    );
    expect(parseTherapistFilters(params)).toEqual({
      sort: 'rating',
      gender: 'female',
      language: 'km',
      availableNow: true,
      projectId: 3,
    });
  });

  it('defaults to nearest first and drops malformed values', () => {
    expect(
      parseTherapistFilters(new URLSearchParams('sort=cheapest&gender=x&projectId=-2&language=fr')),
    ).toEqual({
      sort: 'distance',
    });
    expect(parseTherapistFilters(new URLSearchParams('projectId=0&availableNow=yes'))).toEqual({
      sort: 'distance',
    });
  });

  it('round-trips, leaving defaults out of the URL', () => {
    const filters = { sort: 'price' as const, language: 'zh' as const, availableNow: true };
    const params = therapistFiltersToParams(filters);
    expect(params.toString()).toBe('sort=price&language=zh&availableNow=true');
    expect(parseTherapistFilters(params)).toEqual(filters);
    expect(therapistFiltersToParams({ sort: 'distance' }).toString()).toBe('');
  });

  it('builds the server query and counts active filters (not the sort)', () => {
    expect(toTherapistQuery({ sort: 'distance', gender: 'male' })).toEqual({
      sort: 'distance',
      gender: 'male',
      language: undefined,
      availableNow: undefined,
      projectId: undefined,
      storeId: undefined,
    });
    expect(countActiveFilters({ sort: 'rating' })).toBe(0);
    expect(countActiveFilters({ sort: 'rating', gender: 'female', projectId: 2 })).toBe(2);
  });
});
