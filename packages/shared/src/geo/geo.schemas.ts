import { z } from 'zod';
import { idSchema } from '../input';

export const countryCodeItemSchema = z.object({
  countryId: z.number().int(),
  iso2: z.string().length(2),
  name: z.string(),
  areaCode: z.string(),
  currency: z.string().length(3),
});
export type CountryCodeItem = z.infer<typeof countryCodeItemSchema>;
export const countryCodeListSchema = z.array(countryCodeItemSchema);

export const CITY_STATUSES = ['open', 'voting', 'closed'] as const;

export const cityItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.enum(CITY_STATUSES),
  countryIso2: z.string().length(2),
  timeZone: z.string(),
  currency: z.string().length(3),
  location: z.object({ lat: z.number(), lng: z.number() }),
  voteCount: z.number().int(),
  /** Whether the logged-in caller voted for it (always false for guests). */
  hasVoted: z.boolean(),
});
export type CityItem = z.infer<typeof cityItemSchema>;

/** The city picker: cities to choose from, and cities gathering votes to open. */
export const cityListSchema = z.object({ open: z.array(cityItemSchema), voting: z.array(cityItemSchema) });
export type CityList = z.infer<typeof cityListSchema>;

export const nearestCityQuerySchema = z.object({
  lat: z.coerce.number().min(-90).max(90),
  lng: z.coerce.number().min(-180).max(180),
});
export const nearestCitySchema = z.object({ city: cityItemSchema, distanceKm: z.number() });
export type NearestCity = z.infer<typeof nearestCitySchema>;

export const cityParamsSchema = z.object({ cityId: idSchema });

export const cityVoteSchema = z.object({
  cityId: z.number().int(),
  voteCount: z.number().int(),
  hasVoted: z.boolean(),
});
export type CityVote = z.infer<typeof cityVoteSchema>;
