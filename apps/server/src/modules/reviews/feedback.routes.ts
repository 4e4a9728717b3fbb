import {
  feedbackBodySchema,
  feedbackDetailSchema,
  feedbackIdParamsSchema,
  feedbackPageQuerySchema,
  feedbackPageSchema,
  feedbackReplyBodySchema,
  feedbackStatusBodySchema,
  staffFeedbackQuerySchema,
} from '@sabai/shared/feedback/feedback.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../http/auth';
import { ok, okResponse } from '../../http/envelope';
import type { FeedbackService } from './feedback.service';

const staff = ['customer_service', 'admin'] as const;
const tags = ['feedback'];

/**
 * Feedback (issue #16 item 3, decision 053). Images are uploaded first through `/app/care/images`
 * (reviews.routes.ts), which checks and re-encodes them; the feedback names their keys.
 */
export const feedbackRoutes: FastifyPluginAsyncZod<{ feedback: FeedbackService }> = async (
  app,
  { feedback },
) => {
  app.post(
    '/feedback',
    {
      config: { access: 'user', idempotency: 'optional', rateLimit: { max: 20, timeWindow: '1 hour' } },
      schema: {
        tags,
        summary: 'Send feedback (type, description, contact, optional own order, up to 4 images)',
        body: feedbackBodySchema,
        response: okResponse(feedbackDetailSchema),
      },
    },
    async (request) => ok(request.lang, await feedback.create(requireUser(request), request.body)),
  );
  app.get(
    '/feedback',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'My feedback, most recently active first',
        querystring: feedbackPageQuerySchema,
        response: okResponse(feedbackPageSchema),
      },
    },
    async (request) => ok(request.lang, await feedback.mine(requireUser(request), request.query)),
  );
  app.get(
    '/feedback/:id',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'One of my feedback with its thread of replies',
        params: feedbackIdParamsSchema,
        response: okResponse(feedbackDetailSchema),
      },
    },
    async (request) => ok(request.lang, await feedback.get(requireUser(request), request.params.id)),
  );
  app.post(
    '/feedback/:id/replies',
    {
      config: { access: 'user', rateLimit: { max: 30, timeWindow: '10 minutes' } },
      schema: {
        tags,
        summary: 'Reply in my feedback thread (not once it is closed)',
        params: feedbackIdParamsSchema,
        body: feedbackReplyBodySchema,
        response: okResponse(feedbackDetailSchema),
      },
    },
    async (request) =>
      ok(
        request.lang,
        await feedback.replyAsCustomer(requireUser(request), request.params.id, request.body.text),
      ),
  );

  app.get(
    '/staff/feedback',
    {
      config: { access: staff },
      schema: {
        tags,
        summary: 'Feedback for customer service, least recently active first, by status and type',
        querystring: staffFeedbackQuerySchema,
        response: okResponse(feedbackPageSchema),
      },
    },
    async (request) => ok(request.lang, await feedback.listForStaff(request.query)),
  );
  app.get(
    '/staff/feedback/:id',
    {
      config: { access: staff },
      schema: {
        tags,
        summary: 'One feedback with its thread, for customer service',
        params: feedbackIdParamsSchema,
        response: okResponse(feedbackDetailSchema),
      },
    },
    async (request) => ok(request.lang, await feedback.getForStaff(request.params.id)),
  );
  app.post(
    '/staff/feedback/:id/replies',
    {
      config: { access: staff },
      schema: {
        tags,
        summary: "Customer service's reply (audited; the customer is notified; pending → processing)",
        params: feedbackIdParamsSchema,
        body: feedbackReplyBodySchema,
        response: okResponse(feedbackDetailSchema),
      },
    },
    async (request) =>
      ok(
        request.lang,
        await feedback.replyAsStaff(requireUser(request), request.params.id, request.body.text),
      ),
  );
  app.post(
    '/staff/feedback/:id/status',
    {
      config: { access: staff },
      schema: {
        tags,
        summary: 'Move the feedback forward: processing, handled, closed (audited; the customer is notified)',
        params: feedbackIdParamsSchema,
        body: feedbackStatusBodySchema,
        response: okResponse(feedbackDetailSchema),
      },
    },
    async (request) =>
      ok(
        request.lang,
        await feedback.changeStatus(requireUser(request), request.params.id, request.body.status),
      ),
  );
};
