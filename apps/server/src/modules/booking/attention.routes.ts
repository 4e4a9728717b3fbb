import {
  attentionPageSchema,
  attentionQuerySchema,
  staffAuditTrailSchema,
} from '@sabai/shared/booking/attention.schemas';
import { bookingIdParamsSchema } from '@sabai/shared/booking/booking.schemas';
import { cityBookingSettingsSchema } from '@sabai/shared/booking/booking-settings.schemas';
import { cityParamsSchema } from '@sabai/shared/geo/geo.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, okResponse } from '../../http/envelope';
import type { AttentionService } from './attention.service';
import type { BookingSettingsReader } from './booking-settings.reader';

const STAFF = ['customer_service', 'admin'] as const;

/** A city's booking settings for the web app, and customer service's attention list and audit trail. */
export const attentionRoutes: FastifyPluginAsyncZod<{
  attention: AttentionService;
  settings: BookingSettingsReader;
}> = async (app, { attention, settings }) => {
  app.get(
    '/cities/:cityId/booking-settings',
    {
      config: { access: 'public' },
      schema: {
        tags: ['availability'],
        summary:
          "A city's booking numbers: lead time, grid, horizon, payment and answer windows, reminders, fees, radius…",
        params: cityParamsSchema,
        response: okResponse(cityBookingSettingsSchema),
      },
    },
    async (request, reply) => {
      const body = ok(request.lang, await settings.ofCity(request.params.cityId));
      // The same for everyone and changed rarely: browsers and proxies may keep it a minute.
      reply.header('cache-control', `public, max-age=${settings.maxAgeSeconds}`);
      return body;
    },
  );
  app.get(
    '/staff/orders/attention',
    {
      config: { access: STAFF },
      schema: {
        tags: ['orders'],
        summary:
          'Orders needing attention: open flags (late departure, provider late, overrun), longest waiting first',
        querystring: attentionQuerySchema,
        response: okResponse(attentionPageSchema),
      },
    },
    async (request) => ok(request.lang, await attention.listOpenFlags(request.query)),
  );
  app.get(
    '/staff/orders/:id/audit',
    {
      config: { access: STAFF },
      schema: {
        tags: ['orders'],
        summary:
          "An order's audit trail: every staff action (who, when, why, before and after) and its flags",
        params: bookingIdParamsSchema,
        response: okResponse(staffAuditTrailSchema),
      },
    },
    async (request) => ok(request.lang, await attention.auditTrail(request.params.id)),
  );
};
