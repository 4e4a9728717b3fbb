import { z } from 'zod';
import { defineJobType } from '../../jobs/queue';

/** One text to one linked chat; retried with backoff when Telegram does not take it. */
export const telegramSendJob = defineJobType(
  'telegram.send',
  z.object({ chatId: z.number().int(), text: z.string().min(1).max(4096) }),
  { maxAttempts: 6, backoffMs: 10_000 },
);
