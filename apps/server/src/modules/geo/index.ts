export { type CityRow, createCitiesRepository } from './cities.repository';
export { citiesRoutes } from './cities.routes';
export { type CitiesService, createCitiesService, type OpenCity } from './cities.service';
export { createGeoRepository } from './geo.repository';
export { geoRoutes } from './geo.routes';
export { createGeoService, type GeoService } from './geo.service';
