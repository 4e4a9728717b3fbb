import { errorEnvelopeSchema } from '@sabai/shared/envelope';
import { healthSchema } from '@sabai/shared/platform/platform.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { ok, okResponse } from '../../http/envelope';
import { AppError } from '../../lib/app-error';
import type { EventBus } from '../realtime';

export const healthRoutes: FastifyPluginAsyncZod<{
  database: Database;
  bus: EventBus;
  version: string;
}> = async (app, { database, bus, version }) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['platform'],
        summary: 'Liveness and database reachability',
        response: {
          ...okResponse(healthSchema),
          503: errorEnvelopeSchema.describe('The database does not answer; data is the health report'),
        },
      },
    },
    async (request) => {
      const databaseUp = await database.ping();
      const report = {
        status: databaseUp ? ('ok' as const) : ('degraded' as const),
        database: databaseUp ? ('up' as const) : ('down' as const),
        databaseKind: database.kind,
        realtime: bus.kind,
        uptimeSeconds: Math.round(process.uptime()),
        version,
      };
      if (!databaseUp) throw new AppError('serviceUnavailable', {}, report);
      return ok(request.lang, report);
    },
  );
};
