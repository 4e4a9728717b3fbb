import { idSchema } from '@sabai/shared/input';
import {
  notificationListQuerySchema,
  notificationPageSchema,
  notificationSchema,
  readAllSchema,
  unreadCountSchema,
} from '@sabai/shared/notifications/notifications.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../http/auth';
import { ok, okResponse } from '../../http/envelope';
import type { NotificationsService } from './notifications.service';

/** My notifications: newest first, in my language; only mine. */
export const notificationsRoutes: FastifyPluginAsyncZod<{ service: NotificationsService }> = async (
  app,
  { service },
) => {
  const tags = ['notifications'];
  const security = [{ token: [] }];
  app.get(
    '/notifications',
    {
      config: { access: 'user' },
      schema: {
        tags,
        security,
        summary: 'My notifications, newest first, with the text in my language',
        querystring: notificationListQuerySchema,
        response: okResponse(notificationPageSchema),
      },
    },
    async (request) =>
      ok(request.lang, await service.list(requireUser(request), request.query, request.lang)),
  );
  app.get(
    '/notifications/unread-count',
    {
      config: { access: 'user' },
      schema: {
        tags,
        security,
        summary: 'How many of my notifications are unread',
        response: okResponse(unreadCountSchema),
      },
    },
    async (request) => ok(request.lang, await service.unreadCount(requireUser(request))),
  );
  app.post(
    '/notifications/read-all',
    {
      config: { access: 'user' },
      schema: {
        tags,
        security,
        summary: 'Mark all my notifications read',
        response: okResponse(readAllSchema),
      },
    },
    async (request) => ok(request.lang, await service.markAllRead(requireUser(request))),
  );
  app.post(
    '/notifications/:id/read',
    {
      config: { access: 'user' },
      schema: {
        tags,
        security,
        summary: 'Mark one of my notifications read',
        params: z.object({ id: idSchema }),
        response: okResponse(notificationSchema),
      },
    },
    async (request) =>
      ok(request.lang, await service.markRead(requireUser(request), request.params.id, request.lang)),
  );
};
