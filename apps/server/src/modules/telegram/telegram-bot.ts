import type { FastifyBaseLogger } from 'fastify';

/**
 * What the app needs of a Telegram bot: sending a text to a chat. The development bot logs and
 * remembers what it "sent"; the Bot API bot posts to api.telegram.org with the token from the
 * environment (decision 055). Incoming updates reach the app through the webhook route.
 */
export interface TelegramBot {
  readonly kind: 'dev' | 'botApi';
  sendMessage(chatId: number, text: string): Promise<void>;
}

export interface SentTelegramMessage {
  chatId: number;
  text: string;
}

export function createDevTelegramBot(log: Pick<FastifyBaseLogger, 'info'>) {
  const sent: SentTelegramMessage[] = [];
  return {
    kind: 'dev' as const,
    /** What was "sent", oldest first (tests and local development read it). */
    sent,
    async sendMessage(chatId: number, text: string) {
      sent.push({ chatId, text });
      log.info({ telegramChatId: chatId, text }, 'dev telegram bot: message not sent to Telegram');
    },
  };
}

export class TelegramSendError extends Error {
  override name = 'TelegramSendError';
}

/** The Bot API over HTTPS: `POST /bot<token>/sendMessage`; a non-ok answer throws (the job retries). */
export function createBotApiTelegramBot(options: {
  token: string;
  timeoutMs?: number;
  baseUrl?: string;
  fetch?: typeof fetch;
}): TelegramBot {
  const base = options.baseUrl ?? 'https://api.telegram.org';
  const send = options.fetch ?? fetch;
  return {
    kind: 'botApi',
    async sendMessage(chatId, text) {
      const response = await send(`${base}/bot${options.token}/sendMessage`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ chat_id: chatId, text, disable_web_page_preview: true }),
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
      const body = (await response.json().catch(() => null)) as { ok?: boolean; description?: string } | null;
      // The token is part of the URL: never put the URL in the error.
      if (!response.ok || !body?.ok)
        throw new TelegramSendError(
          `sendMessage failed: ${response.status} ${body?.description ?? ''}`.trim(),
        );
    },
  };
}
