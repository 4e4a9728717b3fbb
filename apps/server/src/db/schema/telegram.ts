import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './identity';

/**
 * A user's linked Telegram chat (decision 055): order and chat notifications are also sent there.
 * One chat per user and one user per chat; `language` is the app's language when the link was made,
 * the language the bot writes in.
 */
export const telegramLinks = pgTable('telegram_links', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  chatId: bigint('chat_id', { mode: 'number' }).notNull().unique(),
  username: text('username'),
  language: text('language').notNull(),
  linkedAt: timestamp('linked_at', { withTimezone: true }).notNull(),
});

/**
 * One-time codes a user sends the bot to link their chat. Only a SHA-256 of the code is kept; a
 * code works once, until `expiresAt`.
 */
export const telegramLinkCodes = pgTable(
  'telegram_link_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    language: text('language').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [
    index('telegram_link_codes_user').on(table.userId),
    check('telegram_link_codes_window', sql`${table.expiresAt} > ${table.createdAt}`),
  ],
);
