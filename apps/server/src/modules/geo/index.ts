import type { FastifyPluginAsync } from 'fastify';
import type { AppModule, ModuleContext } from '../../app-module';
import { createCitiesRepository } from './cities.repository';
import { citiesRoutes } from './cities.routes';
import { createCitiesService, type OpenCity } from './cities.service';
import { createGeoRepository } from './geo.repository';
import { geoRoutes } from './geo.routes';
import { createGeoService } from './geo.service';

export type { CityRow } from './cities.repository';
export type { CitiesService, OpenCity } from './cities.service';
export type { GeoService } from './geo.service';

/** What other modules use of geo: which city a request is about, and a city's time zone. */
export interface GeoApi {
  getOpenCity: (cityId: number | undefined) => Promise<OpenCity>;
  timeZoneOf: (cityId: number) => Promise<string>;
}

/** Countries, cities (open, voting, closed) and the caller's country by address. */
export function createGeoModule(context: Pick<ModuleContext, 'db' | 'clock'>): AppModule<GeoApi> {
  const cities = createCitiesService({
    repository: createCitiesRepository(context.db),
    clock: context.clock,
  });
  const geo = createGeoService({ repository: createGeoRepository(context.db), clock: context.clock });
  const routes: FastifyPluginAsync = async (api) => {
    await api.register(citiesRoutes, { service: cities });
    await api.register(geoRoutes, { service: geo });
  };
  return { name: 'geo', api: { getOpenCity: cities.getOpenCity, timeZoneOf: cities.timeZoneOf }, routes };
}
