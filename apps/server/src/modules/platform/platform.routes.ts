import {
  appVersionRecordSchema,
  configRecordSchema,
  configTypeParamsSchema,
  selectNewAppQuerySchema,
} from '@sabai/shared/platform/platform.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, okResponse } from '../../http/envelope';
import type { PlatformService } from './platform.service';

export const platformRoutes: FastifyPluginAsyncZod<{ service: PlatformService }> = async (
  app,
  { service },
) => {
  app.get(
    '/common/type/:type',
    {
      config: { access: 'public' },
      schema: {
        tags: ['platform'],
        summary: 'A configuration document by type (3099: VIP membership switch {isOpen, link})',
        params: configTypeParamsSchema,
        response: okResponse(configRecordSchema),
      },
    },
    async (request) => ok(request.lang, await service.getConfig(request.params.type)),
  );

  app.get(
    '/user/selectNewApp',
    {
      config: { access: 'public' },
      schema: {
        tags: ['platform'],
        summary: 'Published app versions for an app variant, newest first',
        querystring: selectNewAppQuerySchema,
        response: okResponse(z.array(appVersionRecordSchema)),
      },
    },
    async (request) => ok(request.lang, await service.listAppVersions(request.query.classify)),
  );
};
