import { z } from 'zod';
import { CURRENCIES, DISTANCE_UNITS } from './units';

export { CURRENCIES, type Currency, DISTANCE_UNITS, type DistanceUnit } from './units';

export const currencySchema = z.enum(CURRENCIES);
export const distanceUnitSchema = z.enum(DISTANCE_UNITS);
