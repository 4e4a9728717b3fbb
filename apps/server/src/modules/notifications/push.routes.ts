import {
  pushConfigSchema,
  pushSubscriptionBodySchema,
  pushUnsubscribeBodySchema,
} from '@sabai/shared/notifications/notifications.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../http/auth';
import { ok, okResponse } from '../../http/envelope';
import type { PushService } from './push.service';

const subscribedSchema = z.object({ subscribed: z.boolean() });

/** Web Push (decision 056): the VAPID public key, and my browser's subscription on and off. */
export const pushRoutes: FastifyPluginAsyncZod<{ service: PushService }> = async (app, { service }) => {
  const tags = ['push'];
  app.get(
    '/push/config',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'The VAPID public key for pushManager.subscribe (null: Web Push is off)',
        response: okResponse(pushConfigSchema),
      },
    },
    async (request) => ok(request.lang, service.config()),
  );
  app.post(
    '/push/subscriptions',
    {
      config: { access: 'user', rateLimit: { max: 20, timeWindow: '10 minutes' } },
      schema: {
        tags,
        summary: "Subscribe this browser (PushSubscription.toJSON()); pushes come in the request's language",
        body: pushSubscriptionBodySchema,
        response: okResponse(subscribedSchema),
      },
    },
    async (request) =>
      ok(request.lang, await service.subscribe(requireUser(request), request.body, request.lang)),
  );
  app.post(
    '/push/subscriptions/remove',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Unsubscribe this browser; another user’s endpoint answers as not found',
        body: pushUnsubscribeBodySchema,
        response: okResponse(subscribedSchema),
      },
    },
    async (request) =>
      ok(request.lang, await service.unsubscribe(requireUser(request), request.body.endpoint)),
  );
};
