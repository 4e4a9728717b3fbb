import {
  appVersionAuditEntrySchema,
  appVersionIdParamsSchema,
  appVersionRecordSchema,
  configRecordSchema,
  configTypeParamsSchema,
  publishAppVersionBodySchema,
  selectNewAppQuerySchema,
  withdrawAppVersionBodySchema,
} from '@sabai/shared/platform/platform.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../http/auth';
import { ok, okResponse } from '../../http/envelope';
import type { PlatformService } from './platform.service';

/** Publishing is an operations action: customer service and admins, as the other staff routes. */
const staff = ['customer_service', 'admin'] as const;

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

  app.post(
    '/staff/app-versions',
    {
      config: { access: staff, rateLimit: { max: 30, timeWindow: '10 minutes' } },
      schema: {
        tags: ['platform'],
        summary:
          'Publish an app version for a variant (newer than any before it; method "true" forces it; audited)',
        body: publishAppVersionBodySchema,
        response: okResponse(appVersionRecordSchema),
      },
    },
    async (request) => ok(request.lang, await service.publishAppVersion(requireUser(request), request.body)),
  );

  app.post(
    '/staff/app-versions/:id/withdraw',
    {
      config: { access: staff },
      schema: {
        tags: ['platform'],
        summary: 'Withdraw a published app version, with a reason (clients stop being offered it; audited)',
        params: appVersionIdParamsSchema,
        body: withdrawAppVersionBodySchema,
        response: okResponse(appVersionRecordSchema),
      },
    },
    async (request) =>
      ok(
        request.lang,
        await service.withdrawAppVersion(requireUser(request), request.params.id, request.body.reason),
      ),
  );

  app.get(
    '/staff/app-versions/:id/audit',
    {
      config: { access: staff },
      schema: {
        tags: ['platform'],
        summary: "An app version's audit trail: who published or withdrew it, when, before and after",
        params: appVersionIdParamsSchema,
        response: okResponse(z.array(appVersionAuditEntrySchema)),
      },
    },
    async (request) => ok(request.lang, await service.appVersionAudit(request.params.id)),
  );
};
