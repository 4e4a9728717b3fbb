import { z } from 'zod';

export const CURRENCIES = ['USD', 'KHR', 'THB', 'VND', 'CNY'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const DISTANCE_UNITS = ['km', 'mi'] as const;
export type DistanceUnit = (typeof DISTANCE_UNITS)[number];

export const currencySchema = z.enum(CURRENCIES);
export const distanceUnitSchema = z.enum(DISTANCE_UNITS);
