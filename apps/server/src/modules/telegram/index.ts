import type { FastifyPluginAsync } from 'fastify';
import type { AppModule, ModuleContext } from '../../app-module';
import { handleJob } from '../../jobs/queue';
import { telegramSendJob } from './telegram.jobs';
import { createTelegramRepository } from './telegram.repository';
import { telegramRoutes } from './telegram.routes';
import { createTelegramService } from './telegram.service';
import { createBotApiTelegramBot, createDevTelegramBot, type TelegramBot } from './telegram-bot';

export { telegramSendJob } from './telegram.jobs';
export { TELEGRAM_SECRET_HEADER } from './telegram.routes';
export { createDevTelegramBot, type TelegramBot } from './telegram-bot';

/**
 * Telegram notifications (decision 055): linking a chat with a one-time code sent to the bot, the
 * bot's webhook, and order notifications and chat messages copied to linked chats through the jobs
 * table. `TELEGRAM_PROVIDER=dev` logs instead of sending; `botApi` uses the Bot API with the token.
 */
export function createTelegramModule(
  context: Pick<ModuleContext, 'db' | 'clock' | 'outbox' | 'jobs' | 'config' | 'log'>,
  needs: { bot?: TelegramBot } = {},
): AppModule<undefined> {
  const { config } = context;
  const bot =
    needs.bot ??
    (config.TELEGRAM_PROVIDER === 'botApi' && config.TELEGRAM_BOT_TOKEN
      ? createBotApiTelegramBot({ token: config.TELEGRAM_BOT_TOKEN })
      : createDevTelegramBot(context.log));
  const service = createTelegramService({
    repository: createTelegramRepository(context.db),
    db: context.db,
    clock: context.clock,
    outbox: context.outbox,
    jobs: context.jobs,
    botUsername: config.TELEGRAM_BOT_USERNAME,
    log: context.log,
    send: (chatId, text) => bot.sendMessage(chatId, text),
  });
  const routes: FastifyPluginAsync = async (api) => {
    await api.register(telegramRoutes, { service, webhookSecret: config.TELEGRAM_WEBHOOK_SECRET });
  };
  return {
    name: 'telegram',
    api: undefined,
    routes,
    subscriptions: [service.subscription],
    jobs: [handleJob(telegramSendJob, ({ chatId, text }) => bot.sendMessage(chatId, text))],
  };
}
