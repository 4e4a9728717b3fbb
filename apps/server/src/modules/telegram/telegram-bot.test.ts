import { describe, expect, it, vi } from 'vitest';
import { createBotApiTelegramBot, TelegramSendError } from './telegram-bot';

describe('the Bot API client', () => {
  it('posts sendMessage with the chat and text to the bot token URL', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(async () => Response.json({ ok: true, result: {} }));
    const bot = createBotApiTelegramBot({ token: '123456:ABCdefGhIJKlmNoPQRstuVWXyz', fetch });
    await bot.sendMessage(42, 'Your order SB-1 was accepted.');
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('https://api.telegram.org/bot123456:ABCdefGhIJKlmNoPQRstuVWXyz/sendMessage');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({
      chat_id: 42,
      text: 'Your order SB-1 was accepted.',
      disable_web_page_preview: true,
    });
  });

  it('throws when Telegram refuses, without the token in the message (the job retries)', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(async () =>
      Response.json({ ok: false, description: 'Forbidden: bot was blocked by the user' }, { status: 403 }),
    );
    const bot = createBotApiTelegramBot({ token: '123456:secret-token-value-here', fetch });
    const error = await bot.sendMessage(42, 'hi').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TelegramSendError);
    expect(String(error)).toContain('bot was blocked');
    expect(String(error)).not.toContain('secret-token');
  });
});
