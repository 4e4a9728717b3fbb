import { z } from 'zod';

/** Published on `user:<id>` when the user's Telegram chat is linked or unlinked (the setTg page listens). */
export const TELEGRAM_LINK_CHANGED_EVENT = 'telegram.linkChanged';

/** How long a one-time link code works. */
export const TELEGRAM_CODE_TTL_MINUTES = 10;
export const TELEGRAM_CODE_LENGTH = 8;

export const telegramLinkStatusSchema = z.object({
  isLinked: z.boolean(),
  /** The Telegram @username when the account has one. */
  username: z.string().nullable(),
  linkedAt: z.string().nullable(),
  botUsername: z.string(),
});
export type TelegramLinkStatus = z.infer<typeof telegramLinkStatusSchema>;

export const telegramLinkCodeSchema = z.object({
  code: z.string(),
  expiresAt: z.string(),
  botUsername: z.string(),
  /** Opens the bot with the code filled in (`/start <code>`). */
  deepLink: z.string(),
});
export type TelegramLinkCode = z.infer<typeof telegramLinkCodeSchema>;

const telegramId = z
  .number()
  .int()
  .min(-(2 ** 52))
  .max(2 ** 52);

/**
 * The parts of a Bot API update the webhook reads (https://core.telegram.org/bots/api#update);
 * everything else Telegram sends is ignored.
 */
export const telegramUpdateSchema = z.object({
  update_id: z.number().int(),
  message: z
    .object({
      message_id: z.number().int(),
      chat: z.object({ id: telegramId, type: z.string().max(32) }),
      from: z
        .object({ id: telegramId, username: z.string().max(64).optional(), is_bot: z.boolean().optional() })
        .optional(),
      text: z.string().max(4096).optional(),
    })
    .optional(),
});
export type TelegramUpdate = z.infer<typeof telegramUpdateSchema>;
