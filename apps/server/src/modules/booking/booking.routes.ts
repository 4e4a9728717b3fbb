import {
  bookingIdParamsSchema,
  changeProjectBodySchema,
  createHomeVisitBodySchema,
  createInStoreBodySchema,
  extraClocksBodySchema,
  freeStartSchema,
  freeStartsQuerySchema,
  orderAlternativeSchema,
  orderDetailSchema,
  orderListQuerySchema,
  orderPositionSchema,
  orderQuoteSchema,
  orderSummarySchema,
  positionBodySchema,
  providerOrdersQuerySchema,
  reassignBodySchema,
  scheduleBodySchema,
  scheduleSchema,
  settlementPreviewSchema,
  staffOrderQuerySchema,
  timeOffBodySchema,
  transitionBodySchema,
} from '@sabai/shared/booking/booking.schemas';
import { pageSchema } from '@sabai/shared/catalog/catalog.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../http/auth';
import { ok, okResponse } from '../../http/envelope';
import type { AvailabilityService } from './availability.service';
import type { FreeStartsService } from './free-starts.service';
import type { WithOrderLabels } from './order-labels';
import type { OrdersService } from './orders.service';

const pageOf = pageSchema;

/** Availability (the therapist's week, free starts) and orders. */
export const bookingRoutes: FastifyPluginAsyncZod<{
  availability: AvailabilityService;
  freeStarts: FreeStartsService;
  orders: OrdersService;
  withLabels: WithOrderLabels;
}> = async (app, { availability, freeStarts, orders, withLabels }) => {
  const provider = ['provider'] as const;

  app.get(
    '/therapists/me/schedule',
    {
      config: { access: provider },
      schema: {
        tags: ['availability'],
        summary: 'My working week, days off and time off',
        response: okResponse(scheduleSchema),
      },
    },
    async (request) => ok(request.lang, await availability.mySchedule(requireUser(request))),
  );
  app.put(
    '/therapists/me/schedule',
    {
      config: { access: provider },
      schema: {
        tags: ['availability'],
        summary: 'Replace my working week and days off',
        body: scheduleBodySchema,
        response: okResponse(scheduleSchema),
      },
    },
    async (request) => ok(request.lang, await availability.setMySchedule(requireUser(request), request.body)),
  );
  app.post(
    '/therapists/me/time-off',
    {
      config: { access: provider },
      schema: {
        tags: ['availability'],
        summary: 'Add time off',
        body: timeOffBodySchema,
        response: okResponse(scheduleSchema),
      },
    },
    async (request) => ok(request.lang, await availability.addMyTimeOff(requireUser(request), request.body)),
  );
  app.delete(
    '/therapists/me/time-off/:id',
    {
      config: { access: provider },
      schema: {
        tags: ['availability'],
        summary: 'Remove time off',
        params: bookingIdParamsSchema,
        response: okResponse(scheduleSchema),
      },
    },
    async (request) =>
      ok(request.lang, await availability.removeMyTimeOff(requireUser(request), request.params.id)),
  );
  app.get(
    '/availability/free-starts',
    {
      config: { access: 'public' },
      schema: {
        tags: ['availability'],
        summary: 'Free start times of a therapist on one local date (with your address: its travel counted)',
        querystring: freeStartsQuerySchema,
        response: okResponse(z.array(freeStartSchema)),
      },
    },
    async (request) => ok(request.lang, await freeStarts.list(request.user, request.query)),
  );

  const tags = ['orders'];
  app.post(
    '/orders/home-visit',
    {
      config: { access: 'user', idempotency: 'optional' },
      schema: {
        tags,
        summary: 'Book a home visit (the server computes the price; it waits in pending payment)',
        body: createHomeVisitBodySchema,
        response: okResponse(orderDetailSchema),
      },
    },
    async (request) => ok(request.lang, await orders.createHomeVisit(requireUser(request), request.body)),
  );
  app.post(
    '/orders/in-store',
    {
      config: { access: 'user', idempotency: 'optional' },
      schema: {
        tags,
        summary: 'Book a store visit (no travel fee; carries a verification code)',
        body: createInStoreBodySchema,
        response: okResponse(orderDetailSchema),
      },
    },
    async (request) => ok(request.lang, await orders.createInStore(requireUser(request), request.body)),
  );
  app.post(
    '/orders/home-visit/quote',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'The price a home-visit booking would store now (same body and refusals; nothing is booked)',
        body: createHomeVisitBodySchema,
        response: okResponse(orderQuoteSchema),
      },
    },
    async (request) => ok(request.lang, await orders.quoteHomeVisit(requireUser(request), request.body)),
  );
  app.post(
    '/orders/in-store/quote',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          'The price a store-visit booking would store now (same body and refusals; nothing is booked)',
        body: createInStoreBodySchema,
        response: okResponse(orderQuoteSchema),
      },
    },
    async (request) => ok(request.lang, await orders.quoteInStore(requireUser(request), request.body)),
  );
  app.get(
    '/orders',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'My orders by status tab',
        querystring: orderListQuerySchema,
        response: okResponse(pageOf(orderSummarySchema)),
      },
    },
    async (request) => {
      const page = await orders.listMine(requireUser(request), request.query);
      return ok(request.lang, { ...page, items: await withLabels(page.items, request.lang) });
    },
  );
  app.get(
    '/provider/orders',
    {
      config: { access: provider },
      schema: {
        tags,
        summary: "The workbench: orders waiting for my answer ('incoming') or my coming schedule",
        querystring: providerOrdersQuerySchema,
        response: okResponse(pageOf(orderDetailSchema)),
      },
    },
    async (request) => ok(request.lang, await orders.listForProvider(requireUser(request), request.query)),
  );
  app.get(
    '/store/orders',
    {
      config: { access: ['merchant'] },
      schema: {
        tags,
        summary: "My store's in-store orders to be used or being prepared",
        querystring: orderListQuerySchema.pick({ page: true, pageSize: true }),
        response: okResponse(pageOf(orderDetailSchema)),
      },
    },
    async (request) => {
      const page = await orders.listForStore(requireUser(request), request.query);
      // The counter shows each order's times on the store's city clock (decision 108).
      return ok(request.lang, { ...page, items: await withLabels(page.items, request.lang) });
    },
  );
  app.post(
    '/store/orders/consume',
    {
      config: { access: ['merchant'], rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Mark an in-store order consumed by its verification code (typed or from its QR code)',
        body: z.object({ code: z.string().regex(/^\d{6}$/) }),
        response: okResponse(orderDetailSchema),
      },
    },
    async (request) => ok(request.lang, await orders.consumeByCode(requireUser(request), request.body.code)),
  );
  app.get(
    '/staff/orders',
    {
      config: { access: ['customer_service', 'admin'] },
      schema: {
        tags,
        summary: "Find orders by number or by a customer's or provider's phone",
        querystring: staffOrderQuerySchema,
        response: okResponse(z.array(orderDetailSchema)),
      },
    },
    async (request) => ok(request.lang, await orders.findForStaff(request.query)),
  );
  app.get(
    '/orders/:id',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'An order with its timeline and the steps allowed to you now',
        params: bookingIdParamsSchema,
        response: okResponse(orderDetailSchema),
      },
    },
    async (request) => {
      const order = await orders.get(requireUser(request), request.params.id);
      const [labelled] = await withLabels([order], request.lang);
      return ok(request.lang, labelled ?? order);
    },
  );
  app.post(
    '/orders/:id/transitions',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          'Make a step of the order state machine (cancel, accept, depart…); arrive takes a position or a reason, an early end and staff steps a reason',
        params: bookingIdParamsSchema,
        body: transitionBodySchema.extend({ waiveFee: z.boolean().optional() }),
        response: okResponse(orderDetailSchema),
      },
    },
    async (request) => {
      const { transition, reason, waiveFee, position } = request.body;
      return ok(
        request.lang,
        await orders.step(requireUser(request), request.params.id, transition, {
          reason,
          waiveFee: waiveFee ?? false,
          position,
        }),
      );
    },
  );
  app.post(
    '/orders/:id/reassign',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          'Give the order to another free provider (after a decline; staff at any time before arrival)',
        params: bookingIdParamsSchema,
        body: reassignBodySchema,
        response: okResponse(orderDetailSchema),
      },
    },
    async (request) =>
      ok(
        request.lang,
        await orders.reassign(
          requireUser(request),
          request.params.id,
          request.body.therapistId,
          request.body.reason,
        ),
      ),
  );
  app.post(
    '/orders/:id/project',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Change the project before the service starts (a dearer one is charged the difference)',
        params: bookingIdParamsSchema,
        body: changeProjectBodySchema,
        response: okResponse(orderDetailSchema),
      },
    },
    async (request) =>
      ok(
        request.lang,
        await orders.changeProject(requireUser(request), request.params.id, request.body.projectId),
      ),
  );
  app.post(
    '/orders/:id/extra-clocks',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Add extra clocks while in service',
        params: bookingIdParamsSchema,
        body: extraClocksBodySchema,
        response: okResponse(orderDetailSchema),
      },
    },
    async (request) =>
      ok(
        request.lang,
        await orders.addExtraClocks(requireUser(request), request.params.id, request.body.count),
      ),
  );
  app.get(
    '/orders/:id/cancellation',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'What cancelling now would keep and refund (shown before the confirmation)',
        params: bookingIdParamsSchema,
        response: okResponse(settlementPreviewSchema),
      },
    },
    async (request) =>
      ok(request.lang, await orders.cancellationPreview(requireUser(request), request.params.id)),
  );
  app.post(
    '/orders/:id/position',
    {
      // The app shares every 15 s; a little headroom for retries, and the service coalesces bursts.
      config: { access: provider, rateLimit: { max: 12, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary:
          "Share my position while on the way to the order (published on the order's topic with an ETA)",
        params: bookingIdParamsSchema,
        body: positionBodySchema,
        response: okResponse(orderPositionSchema),
      },
    },
    async (request) =>
      ok(request.lang, await orders.sharePosition(requireUser(request), request.params.id, request.body)),
  );
  app.post(
    '/orders/:id/call-attempts',
    {
      config: { access: provider, rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Record that I tried to call the customer after arriving (a no-show needs one)',
        params: bookingIdParamsSchema,
        response: okResponse(orderDetailSchema),
      },
    },
    async (request) =>
      ok(request.lang, await orders.recordCallAttempt(requireUser(request), request.params.id)),
  );
  app.get(
    '/orders/:id/alternatives',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          'Nearby free providers who offer the project, each with the new quote (after a decline; staff before arrival)',
        params: bookingIdParamsSchema,
        response: okResponse(z.array(orderAlternativeSchema)),
      },
    },
    async (request) => ok(request.lang, await orders.alternatives(requireUser(request), request.params.id)),
  );
  app.post(
    '/orders/:id/urge',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Urge the order (once)',
        params: bookingIdParamsSchema,
        response: okResponse(orderDetailSchema),
      },
    },
    async (request) => ok(request.lang, await orders.urge(requireUser(request), request.params.id)),
  );
  app.delete(
    '/orders/:id',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Remove a finished or cancelled order from my list',
        params: bookingIdParamsSchema,
        response: okResponse(z.null()),
      },
    },
    async (request) => {
      await orders.hide(requireUser(request), request.params.id);
      return ok(request.lang, null);
    },
  );
};
