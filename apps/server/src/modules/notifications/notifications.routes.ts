import { idSchema } from '@sabai/shared/input';
import {
  announcementBodySchema,
  announcementPublishedSchema,
  noticeQuerySchema,
  noticeReceiveBodySchema,
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

const staff = ['customer_service', 'admin'] as const;

/** My notifications: newest first, in my language; only mine. */
export const notificationsRoutes: FastifyPluginAsyncZod<{ service: NotificationsService }> = async (
  app,
  { service },
) => {
  const tags = ['notifications'];
  app.get(
    '/notifications',
    {
      config: { access: 'user' },
      schema: {
        tags,
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
        summary: 'Mark one of my notifications read',
        params: z.object({ id: idSchema }),
        response: okResponse(notificationSchema),
      },
    },
    async (request) =>
      ok(request.lang, await service.markRead(requireUser(request), request.params.id, request.lang)),
  );
  app.get(
    '/notifications/:id',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'One of my notifications (the detail page); another user’s answers as not found',
        params: z.object({ id: idSchema }),
        response: okResponse(notificationSchema),
      },
    },
    async (request) =>
      ok(request.lang, await service.get(requireUser(request), request.params.id, request.lang)),
  );

  // The spec's notice endpoints (section 7): the same records, counted and marked read.
  app.get(
    '/notice/unreadCount',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'How many of my notifications are unread (spec: uid, noticeOs; data is the count)',
        querystring: noticeQuerySchema,
        response: okResponse(z.number().int()),
      },
    },
    async (request) =>
      ok(request.lang, await service.noticeUnreadCount(requireUser(request), request.query.uid)),
  );
  app.post(
    '/notice/receive',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          'Mark my notifications received (read): all, or only `noticeId`; answers how many became read',
        body: noticeReceiveBodySchema,
        querystring: noticeQuerySchema,
        response: okResponse(z.number().int()),
      },
    },
    async (request) =>
      ok(
        request.lang,
        await service.receive(requireUser(request), {
          uid: request.body?.uid ?? request.query.uid,
          noticeId: request.body?.noticeId,
        }),
      ),
  );

  app.post(
    '/staff/announcements',
    {
      config: { access: staff, rateLimit: { max: 10, timeWindow: '10 minutes' } },
      schema: {
        tags,
        summary: 'Publish a system announcement to every account (audited); English required',
        body: announcementBodySchema,
        response: okResponse(announcementPublishedSchema),
      },
    },
    async (request) =>
      ok(
        request.lang,
        await service.publishAnnouncement(
          requireUser(request),
          request.body.texts as Record<string, { title: string; body: string }>,
        ),
      ),
  );
};
