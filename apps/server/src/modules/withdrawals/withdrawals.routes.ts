import multipart from '@fastify/multipart';
import { idSchema } from '@sabai/shared/input';
import {
  incomeQuerySchema,
  incomeSchema,
  staffWithdrawalActionBodySchema,
  staffWithdrawalQuerySchema,
  staffWithdrawalSchema,
  withdrawalAccountBodySchema,
  withdrawalAccountSchema,
  withdrawalListQuerySchema,
  withdrawalRequestBodySchema,
  withdrawalSchema,
  withdrawalSummarySchema,
} from '@sabai/shared/payments/withdrawals.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { hasRole, requireUser } from '../../http/auth';
import { ok, okResponse } from '../../http/envelope';
import { readSingleUpload } from '../../http/uploads';
import type { IncomeService } from './income.service';
import { CARD_IMAGE_MAX_BYTES, type WithdrawalsService } from './withdrawals.service';

const STAFF = ['customer_service', 'admin'] as const;
const page = (item: z.ZodType) => z.object({ items: z.array(item), page: z.number(), hasMore: z.boolean() });

/** A provider's accounts, withdrawals and income; customer service's handling of withdrawals. */
export const withdrawalsRoutes: FastifyPluginAsyncZod<{
  withdrawals: WithdrawalsService;
  income: IncomeService;
}> = async (app, { withdrawals, income }) => {
  const tags = ['withdrawals'];
  const params = z.object({ id: idSchema });
  await app.register(multipart, {
    limits: { fileSize: CARD_IMAGE_MAX_BYTES, files: 1, fields: 2, parts: 3 },
  });

  app.get(
    '/withdrawals/summary',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'What I can withdraw, what is on its way, the minimum and the fee',
        response: okResponse(withdrawalSummarySchema),
      },
    },
    async (request) => ok(request.lang, await withdrawals.summary(requireUser(request))),
  );

  app.get(
    '/withdrawals/accounts',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'My withdrawal accounts',
        response: okResponse(z.array(withdrawalAccountSchema)),
      },
    },
    async (request) => ok(request.lang, await withdrawals.accounts(requireUser(request))),
  );

  app.post(
    '/withdrawals/accounts',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Add a withdrawal account (savings accounts only; card numbers are refused)',
        body: withdrawalAccountBodySchema,
        response: okResponse(withdrawalAccountSchema),
      },
    },
    async (request) => ok(request.lang, await withdrawals.addAccount(requireUser(request), request.body)),
  );

  app.get(
    '/withdrawals/accounts/:id',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'One of my withdrawal accounts',
        params,
        response: okResponse(withdrawalAccountSchema),
      },
    },
    async (request) => ok(request.lang, await withdrawals.account(requireUser(request), request.params.id)),
  );

  app.delete(
    '/withdrawals/accounts/:id',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Remove one of my withdrawal accounts',
        params,
        response: okResponse(z.null()),
      },
    },
    async (request) => {
      await withdrawals.removeAccount(requireUser(request), request.params.id);
      return ok(request.lang, null);
    },
  );

  app.post(
    '/withdrawals/accounts/:id/card-image',
    {
      config: { access: 'user', rateLimit: { max: 20, timeWindow: '10 minutes' } },
      schema: {
        tags,
        summary: 'Attach the card or passbook photo (multipart field "file")',
        consumes: ['multipart/form-data'],
        params,
        response: okResponse(withdrawalAccountSchema),
      },
    },
    async (request) => {
      const me = requireUser(request);
      const buffer = await readSingleUpload(request, CARD_IMAGE_MAX_BYTES);
      return ok(request.lang, await withdrawals.addCardImage(me, request.params.id, buffer));
    },
  );

  app.get(
    '/withdrawals/accounts/:id/card-image',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "The account's card photo (its owner and customer service only)",
        params,
      },
    },
    async (request, reply) => {
      const me = requireUser(request);
      const image = await withdrawals.cardImage(me, request.params.id, hasRole(me, STAFF));
      return reply
        .header('content-type', 'image/webp')
        .header('cache-control', 'private, no-store')
        .send(image);
    },
  );

  app.get(
    '/withdrawals',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'My withdrawals, newest first',
        querystring: withdrawalListQuerySchema,
        response: okResponse(page(withdrawalSchema)),
      },
    },
    async (request) => ok(request.lang, await withdrawals.mine(requireUser(request), request.query)),
  );

  app.post(
    '/withdrawals',
    {
      config: { access: 'user', idempotency: 'required' },
      schema: {
        tags,
        summary: 'Ask to withdraw (the amount and the fee are held at once)',
        body: withdrawalRequestBodySchema,
        response: okResponse(withdrawalSchema),
      },
    },
    async (request) => ok(request.lang, await withdrawals.request(requireUser(request), request.body)),
  );

  app.get(
    '/therapists/me/income',
    {
      config: { access: ['provider'] },
      schema: {
        tags,
        summary: 'My income for a day, week or month (city time), per order, and what can be withdrawn',
        querystring: incomeQuerySchema,
        response: okResponse(incomeSchema),
      },
    },
    async (request) => ok(request.lang, await income.income(requireUser(request), request.query)),
  );

  app.get(
    '/staff/withdrawals',
    {
      config: { access: STAFF },
      schema: {
        tags,
        summary: 'Withdrawals to handle (pending and processing oldest first)',
        querystring: staffWithdrawalQuerySchema,
        response: okResponse(page(staffWithdrawalSchema)),
      },
    },
    async (request) => ok(request.lang, await withdrawals.staffList(request.query)),
  );

  for (const action of ['process', 'succeed', 'fail'] as const) {
    app.post(
      `/staff/withdrawals/:id/${action}`,
      {
        config: { access: STAFF, idempotency: 'required' },
        schema: {
          tags,
          summary: {
            process: 'Mark a withdrawal as being processed',
            succeed: 'Mark a withdrawal paid out (the held money leaves through the payout rail)',
            fail: 'Mark a withdrawal failed, with a reason (the held amount and fee go back)',
          }[action],
          params,
          body: staffWithdrawalActionBodySchema,
          response: okResponse(withdrawalSchema),
        },
      },
      async (request) =>
        ok(
          request.lang,
          await withdrawals.act(requireUser(request), request.params.id, action, request.body.reason),
        ),
    );
  }
};
