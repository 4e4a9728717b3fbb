import {
  serviceRadiusBodySchema,
  workSettingsSchema,
  workStatusBodySchema,
} from '@sabai/shared/booking/work-settings.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../http/auth';
import { ok, okResponse } from '../../http/envelope';
import type { WorkSettingsService } from './work-settings.service';

/** The workbench's switches: online/offline and the service radius of the signed-in provider. */
export const workSettingsRoutes: FastifyPluginAsyncZod<{ service: WorkSettingsService }> = async (
  app,
  { service },
) => {
  const access = ['provider'] as const;
  const tags = ['availability'];

  app.get(
    '/therapists/me/work-settings',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Am I online, how far I travel, and my city’s time zone',
        response: okResponse(workSettingsSchema),
      },
    },
    async (request) => ok(request.lang, await service.mine(requireUser(request))),
  );
  app.put(
    '/therapists/me/work-status',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Go online (take orders) or offline (resting: not listed, not bookable)',
        body: workStatusBodySchema,
        response: okResponse(workSettingsSchema),
      },
    },
    async (request) => ok(request.lang, await service.setOnline(requireUser(request), request.body.isOnline)),
  );
  app.put(
    '/therapists/me/service-radius',
    {
      config: { access },
      schema: {
        tags,
        summary: 'How far from my base I take home visits (whole kilometres, bounded)',
        body: serviceRadiusBodySchema,
        response: okResponse(workSettingsSchema),
      },
    },
    async (request) =>
      ok(request.lang, await service.setServiceRadius(requireUser(request), request.body.serviceRadiusKm)),
  );
};
