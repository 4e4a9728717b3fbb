import {
  banBodySchema,
  smsOutboxItemSchema,
  smsOutboxQuerySchema,
  userIdParamsSchema,
  userRecordSchema,
} from '@sabai/shared/identity/identity.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, okResponse } from '../../http/envelope';
import type { AccountService } from './account.service';
import type { DevSmsGateway } from './sms-gateway';

/** Development only (never registered in production): the codes the dev SMS gateway "sent" to a number. */
export const devSmsRoutes: FastifyPluginAsyncZod<{ gateway: DevSmsGateway }> = async (app, { gateway }) => {
  app.get(
    '/dev/sms-outbox',
    {
      config: { access: 'public' },
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

/**
 * Test only (registered when NODE_ENV is `test`): ban or lift a ban the way staff do, so browser
 * journeys can watch a session end without an admin account. Never in development or production.
 */
export const devAccountRoutes: FastifyPluginAsyncZod<{ account: AccountService }> = async (
  app,
  { account },
) => {
  // The staff actor of the ban: a user id no account has (the service refuses banning oneself).
  const testStaff = { id: 0, roles: ['admin'] as const, sessionId: 0 };
  app.post(
    '/dev/users/:userId/ban',
    {
      config: { access: 'public' },
      schema: {
        tags: ['development'],
        summary: 'Test only: ban an account (ends its sessions) or lift the ban',
        params: userIdParamsSchema,
        body: banBodySchema,
        response: okResponse(userRecordSchema),
      },
    },
    async (request) =>
      ok(request.lang, await account.setBanned(testStaff, request.params.userId, request.body.banned)),
  );
};
