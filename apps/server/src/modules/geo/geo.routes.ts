import { type CountryCodeItem, countryCodeListSchema } from '@sabai/shared/geo/geo.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, okResponse } from '../../http/envelope';
import type { GeoService } from './geo.service';

export const geoRoutes: FastifyPluginAsyncZod<{ service: GeoService }> = async (app, { service }) => {
  const serialised = new WeakMap<CountryCodeItem[], string>();
  app.get(
    '/Login/countryCode',
    {
      config: { access: 'public' },
      schema: {
        tags: ['geo'],
        summary: 'Countries with dialling codes, named in the caller language',
        response: okResponse(countryCodeListSchema),
      },
    },
    async (request, reply) => {
      const items = await service.listCountryCodes(request.lang);
      let body = serialised.get(items);
      if (!body) {
        body = JSON.stringify(ok(request.lang, items));
        serialised.set(items, body);
      }
      // The login page asks for this list constantly; the answer is serialised once per cached list.
      // A string body is sent as is; the response schema still documents the shape in /docs.
      return reply.type('application/json; charset=utf-8').send(body as never);
    },
  );
};
