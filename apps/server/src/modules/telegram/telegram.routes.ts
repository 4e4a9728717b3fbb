import { timingSafeEqual } from 'node:crypto';
import {
  telegramLinkCodeSchema,
  telegramLinkStatusSchema,
  telegramUpdateSchema,
} from '@sabai/shared/telegram/telegram.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../http/auth';
import { ok, okResponse } from '../../http/envelope';
import { AppError } from '../../lib/app-error';
import type { TelegramService } from './telegram.service';

const tags = ['telegram'];
/** Telegram sends the secret given to setWebhook in this header with every update. */
export const TELEGRAM_SECRET_HEADER = 'x-telegram-bot-api-secret-token';

function isSecretValid(sent: unknown, expected: string | undefined): boolean {
  if (!expected || typeof sent !== 'string') return false;
  const a = Buffer.from(sent);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** my/setting/setTg and the bot's webhook (issue #16 item 7, decision 055). */
export const telegramRoutes: FastifyPluginAsyncZod<{
  service: TelegramService;
  webhookSecret: string | undefined;
}> = async (app, { service, webhookSecret }) => {
  app.get(
    '/telegram/link',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Whether my account has a linked Telegram chat, and the bot to write to',
        response: okResponse(telegramLinkStatusSchema),
      },
    },
    async (request) => ok(request.lang, await service.status(requireUser(request))),
  );

  app.post(
    '/telegram/link-code',
    {
      // Each code is 8 characters from 31: guessing is hopeless, but nobody needs more than a few.
      config: { access: 'user', rateLimit: { max: 10, timeWindow: '10 minutes' } },
      schema: {
        tags,
        summary: 'A one-time code (10 minutes) to send the bot; the previous unused code stops working',
        response: okResponse(telegramLinkCodeSchema),
      },
    },
    async (request) => ok(request.lang, await service.createCode(requireUser(request), request.lang)),
  );

  app.delete(
    '/telegram/link',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Unlink my Telegram chat: no more notifications there',
        response: okResponse(telegramLinkStatusSchema),
      },
    },
    async (request) => ok(request.lang, await service.unlink(requireUser(request))),
  );

  app.post(
    '/telegram/webhook',
    {
      config: {
        access: 'public',
        rateLimit: { max: 600, timeWindow: '1 minute' },
        refusals: ['telegramWebhookRefused'],
      },
      schema: {
        tags,
        summary: `The bot's updates from Telegram (setWebhook with secret_token; checked from ${TELEGRAM_SECRET_HEADER})`,
        body: telegramUpdateSchema,
        response: okResponse(z.null()),
      },
      // The secret is checked before the body is validated: a stranger learns nothing about its shape.
      preValidation: async (request) => {
        if (!isSecretValid(request.headers[TELEGRAM_SECRET_HEADER], webhookSecret))
          throw new AppError('telegramWebhookRefused');
      },
    },
    async (request) => {
      await service.handleUpdate(request.body);
      return ok(request.lang, null);
    },
  );
};
