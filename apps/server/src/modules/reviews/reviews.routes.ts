import multipart from '@fastify/multipart';
import {
  complaintBodySchema,
  complaintDecisionBodySchema,
  complaintPageSchema,
  complaintSchema,
  myReviewSchema,
  orderIdParamsSchema,
  publicReviewPageSchema,
  publicReviewSchema,
  receivedReviewPageSchema,
  reviewBodySchema,
  reviewPageQuerySchema,
  reviewReplyBodySchema,
  reviewTranslationSchema,
  staffComplaintQuerySchema,
  staffReasonBodySchema,
  staffReviewPageSchema,
  staffReviewQuerySchema,
  uploadedImageSchema,
} from '@sabai/shared/reviews/reviews.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../http/auth';
import { ok, okResponse } from '../../http/envelope';
import { readSingleUpload } from '../../http/uploads';
import { CARE_IMAGE_MAX_BYTES, type CareImages } from './care-images';
import type { ComplaintsService } from './complaints.service';
import type { ReviewTranslationsService } from './review-translations.service';
import type { ReviewsService } from './reviews.service';

const staff = ['customer_service', 'admin'] as const;

/** Reviews and complaints (issue #16 items 1–2, decision 049). */
export const reviewsRoutes: FastifyPluginAsyncZod<{
  reviews: ReviewsService;
  complaints: ComplaintsService;
  translations: ReviewTranslationsService;
  images: CareImages;
}> = async (app, { reviews, complaints, translations, images }) => {
  await app.register(multipart, {
    limits: { fileSize: CARE_IMAGE_MAX_BYTES, files: 1, fields: 2, parts: 3 },
  });

  app.post(
    '/care/images',
    {
      config: { access: 'user', rateLimit: { max: 30, timeWindow: '10 minutes' } },
      schema: {
        tags: ['reviews', 'complaints'],
        summary: 'Upload a review photo or complaint image (multipart field "file"); answers its key',
        consumes: ['multipart/form-data'],
        response: okResponse(uploadedImageSchema),
      },
    },
    async (request) => {
      const me = requireUser(request);
      const buffer = await readSingleUpload(request, CARE_IMAGE_MAX_BYTES);
      return ok(request.lang, await images.upload(me.id, buffer));
    },
  );

  const tags = ['reviews'];
  app.get(
    '/orders/:id/review',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'My review of this order, or null',
        params: orderIdParamsSchema,
        response: okResponse(myReviewSchema.nullable()),
      },
    },
    async (request) => ok(request.lang, await reviews.mine(requireUser(request), request.params.id)),
  );
  app.post(
    '/orders/:id/review',
    {
      config: { access: 'user', idempotency: 'optional' },
      schema: {
        tags,
        summary: 'Review the order once its service is over (once per order); completes a home visit',
        params: orderIdParamsSchema,
        body: reviewBodySchema,
        response: okResponse(myReviewSchema),
      },
    },
    async (request) =>
      ok(request.lang, await reviews.create(requireUser(request), request.params.id, request.body)),
  );
  app.put(
    '/orders/:id/review',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Change my review (within 48 hours of writing it)',
        params: orderIdParamsSchema,
        body: reviewBodySchema,
        response: okResponse(myReviewSchema),
      },
    },
    async (request) =>
      ok(request.lang, await reviews.update(requireUser(request), request.params.id, request.body)),
  );
  app.post(
    '/reviews/:id/reply',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "The reviewed therapist's one reply",
        params: orderIdParamsSchema,
        body: reviewReplyBodySchema,
        response: okResponse(publicReviewSchema),
      },
    },
    async (request) =>
      ok(request.lang, await reviews.reply(requireUser(request), request.params.id, request.body.text)),
  );
  app.get(
    '/reviews/:id/translation',
    {
      // Public like the lists it is read from; a real provider costs money per call, hence the limit.
      config: { access: 'public', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary:
          "A visible review and its reply in the reader's language (the lang header); cached per language",
        params: orderIdParamsSchema,
        response: okResponse(reviewTranslationSchema),
      },
    },
    async (request) => ok(request.lang, await translations.translate(request.params.id, request.lang)),
  );
  app.get(
    '/therapists/me/reviews',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'The reviews about me as a therapist, newest first, with my reply (workbench)',
        querystring: reviewPageQuerySchema,
        response: okResponse(receivedReviewPageSchema),
      },
    },
    async (request) => ok(request.lang, await reviews.received(requireUser(request), request.query)),
  );
  app.get(
    '/therapists/:id/reviews',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "A therapist's visible reviews, newest first, paged",
        params: orderIdParamsSchema,
        querystring: reviewPageQuerySchema,
        response: okResponse(publicReviewPageSchema),
      },
    },
    async (request) =>
      ok(request.lang, await reviews.list({ therapistId: request.params.id }, request.query)),
  );
  app.get(
    '/stores/:id/reviews',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "A store's visible reviews, newest first, paged",
        params: orderIdParamsSchema,
        querystring: reviewPageQuerySchema,
        response: okResponse(publicReviewPageSchema),
      },
    },
    async (request) => ok(request.lang, await reviews.list({ storeId: request.params.id }, request.query)),
  );
  app.get(
    '/staff/reviews',
    {
      config: { access: staff },
      schema: {
        tags,
        summary: 'Reviews for customer service: visible (newest first) or hidden (latest hidden first)',
        querystring: staffReviewQuerySchema,
        response: okResponse(staffReviewPageSchema),
      },
    },
    async (request) => ok(request.lang, await reviews.listForStaff(request.query, request.lang)),
  );
  app.post(
    '/staff/reviews/:id/hide',
    {
      config: { access: staff },
      schema: {
        tags,
        summary: 'Hide a review that breaks the rules (reason required; audited; ratings recomputed)',
        params: orderIdParamsSchema,
        body: staffReasonBodySchema,
        response: okResponse(myReviewSchema),
      },
    },
    async (request) =>
      ok(request.lang, await reviews.hide(requireUser(request), request.params.id, request.body.reason)),
  );

  const complaintTags = ['complaints'];
  app.post(
    '/complaints',
    {
      config: { access: 'user', idempotency: 'optional' },
      schema: {
        tags: complaintTags,
        summary: 'Complain about my order (within 7 days of its end; type, title, content, images)',
        body: complaintBodySchema,
        response: okResponse(complaintSchema),
      },
    },
    async (request) => ok(request.lang, await complaints.create(requireUser(request), request.body)),
  );
  app.get(
    '/complaints',
    {
      config: { access: 'user' },
      schema: {
        tags: complaintTags,
        summary: 'My complaints, newest first, with status and the staff reply',
        querystring: reviewPageQuerySchema,
        response: okResponse(complaintPageSchema),
      },
    },
    async (request) => ok(request.lang, await complaints.mine(requireUser(request), request.query)),
  );
  app.get(
    '/complaints/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: complaintTags,
        summary: 'One of my complaints',
        params: orderIdParamsSchema,
        response: okResponse(complaintSchema),
      },
    },
    async (request) => ok(request.lang, await complaints.get(requireUser(request), request.params.id)),
  );
  app.get(
    '/staff/complaints',
    {
      config: { access: staff },
      schema: {
        tags: complaintTags,
        summary: 'Complaints for customer service, oldest first, by status',
        querystring: staffComplaintQuerySchema,
        response: okResponse(complaintPageSchema),
      },
    },
    async (request) => ok(request.lang, await complaints.listForStaff(request.query)),
  );
  app.post(
    '/staff/complaints/:id/decision',
    {
      config: { access: staff },
      schema: {
        tags: complaintTags,
        summary: 'Handle or reject a pending complaint with a reply the customer reads (audited)',
        params: orderIdParamsSchema,
        body: complaintDecisionBodySchema,
        response: okResponse(complaintSchema),
      },
    },
    async (request) =>
      ok(request.lang, await complaints.decide(requireUser(request), request.params.id, request.body)),
  );
};
