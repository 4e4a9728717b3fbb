import { smsOutboxItemSchema, smsOutboxQuerySchema } from '@sabai/shared/identity/identity.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, okResponse } from '../../http/envelope';
import { isLocalCaller } from '../../http/local-caller';
import { AppError } from '../../lib/app-error';
import type { DevSmsGateway } from './sms-gateway';

/**
 * Development only: the codes the dev SMS gateway "sent" to a number. Registered only with
 * SMS_DEV_OUTBOX=true outside production, and answered only to callers on this machine (the
 * browser journeys and a developer's own browser): anyone else reading it could log in as anyone.
 */
export const devSmsRoutes: FastifyPluginAsyncZod<{ gateway: DevSmsGateway }> = async (app, { gateway }) => {
  app.addHook('onRequest', async (request) => {
    if (!isLocalCaller(request)) throw new AppError('devToolLocalOnly');
  });
  app.get(
    '/dev/sms-outbox',
    {
      config: { access: 'public', refusals: ['devToolLocalOnly'] },
      schema: {
        tags: ['development'],
        summary: 'Development only: SMS messages sent to a number (E.164, e.g. +85512345678), newest first',
        querystring: smsOutboxQuerySchema,
        response: okResponse(z.array(smsOutboxItemSchema)),
      },
    },
    async (request) => {
      const digits = request.query.phone.replace(/[^0-9]/g, '');
      return ok(
        request.lang,
        gateway.outbox(`+${digits}`).map((entry) => ({
          to: entry.to,
          purpose: entry.purpose,
          code: entry.code,
          text: entry.text,
          sentAt: entry.sentAt.toISOString(),
        })),
      );
    },
  );
};
