// The currencies and distance units a user may choose, without their zod schemas (settings.ts):
// the web app's first screen reads these, and importing settings.ts there would put zod in it.
export const CURRENCIES = ['USD', 'KHR', 'THB', 'VND', 'CNY'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const DISTANCE_UNITS = ['km', 'mi'] as const;
export type DistanceUnit = (typeof DISTANCE_UNITS)[number];
