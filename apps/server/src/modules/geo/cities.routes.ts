import {
  cityListSchema,
  cityParamsSchema,
  cityVoteSchema,
  nearestCityQuerySchema,
  nearestCitySchema,
} from '@sabai/shared/geo/geo.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../http/auth';
import { ok, okResponse } from '../../http/envelope';
import type { CitiesService } from './cities.service';

export const citiesRoutes: FastifyPluginAsyncZod<{ service: CitiesService }> = async (app, { service }) => {
  app.get(
    '/cities',
    {
      config: { access: 'public' },
      schema: {
        tags: ['geo'],
        summary: 'Open cities to choose from, and cities gathering votes (most votes first)',
        response: okResponse(cityListSchema),
      },
    },
    async (request) => ok(request.lang, await service.listCities(request.lang, request.user?.id)),
  );

  app.get(
    '/cities/nearest',
    {
      config: { access: 'public' },
      schema: {
        tags: ['geo'],
        summary: 'The open city nearest to a WGS-84 point (from browser geolocation)',
        querystring: nearestCityQuerySchema,
        response: okResponse(nearestCitySchema),
      },
    },
    async (request) => ok(request.lang, await service.nearestOpenCity(request.query, request.lang)),
  );

  app.post(
    '/cities/:cityId/votes',
    {
      config: { access: 'user' },
      schema: {
        tags: ['geo'],
        summary: 'Vote for a city to open (one vote per user per city)',
        params: cityParamsSchema,
        response: okResponse(cityVoteSchema),
      },
    },
    async (request) => ok(request.lang, await service.vote(request.params.cityId, requireUser(request).id)),
  );
};
