import { createHash, randomInt } from 'node:crypto';
import { CHAT_MESSAGE_EVENT, CHAT_MESSAGE_TYPES } from '@sabai/shared/chat/chat.schemas';
import { isLanguage, type Language } from '@sabai/shared/i18n';
import { NOTIFICATION_CREATED_EVENT } from '@sabai/shared/notifications/notification-types';
import {
  TELEGRAM_CODE_LENGTH,
  TELEGRAM_CODE_TTL_MINUTES,
  TELEGRAM_LINK_CHANGED_EVENT,
  type TelegramLinkCode,
  type TelegramLinkStatus,
  type TelegramUpdate,
} from '@sabai/shared/telegram/telegram.schemas';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { AuthUser } from '../../http/auth';
import type { JobQueue } from '../../jobs/queue';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { translate } from '../../lib/i18n';
import type { Outbox, OutboxEvent, OutboxHandler } from '../../outbox/outbox';
import { telegramSendJob } from './telegram.jobs';
import type { TelegramRepository } from './telegram.repository';

/** No 0/O, 1/I/L: codes are read off one screen and typed into another. */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const TEXT_MAX = 4000;

const hashCode = (code: string) => createHash('sha256').update(code).digest('hex');
const normaliseCode = (text: string) => text.trim().toUpperCase().replace(/[\s-]/g, '');
const languageOf = (value: string): Language => (isLanguage(value) ? value : 'en');

/** `/start CODE` (the deep link), `/start`, `/stop`, or a code typed on its own. */
function commandOf(text: string): { kind: 'link'; code: string } | { kind: 'stop' } | { kind: 'help' } {
  const trimmed = text.trim();
  const start = /^\/start(?:@\w+)?(?:\s+(\S+))?$/i.exec(trimmed);
  if (start) return start[1] ? { kind: 'link', code: normaliseCode(start[1]) } : { kind: 'help' };
  if (/^\/stop(?:@\w+)?$/i.test(trimmed)) return { kind: 'stop' };
  const code = normaliseCode(trimmed);
  return code.length === TELEGRAM_CODE_LENGTH && /^[A-Z0-9]+$/.test(code)
    ? { kind: 'link', code }
    : { kind: 'help' };
}

/**
 * Telegram notifications (issue #16 item 7, decision 055): a user links a chat by sending the bot a
 * one-time code; order notifications and chat messages addressed to them are then also sent there,
 * through the jobs table (retried when Telegram fails) so a slow bot never holds back the outbox.
 */
export function createTelegramService(deps: {
  repository: TelegramRepository;
  db: Db;
  clock: Clock;
  outbox: Outbox;
  jobs: JobQueue;
  botUsername: string;
  log: Pick<FastifyBaseLogger, 'warn'>;
  send: (chatId: number, text: string) => Promise<void>;
}) {
  const { repository, clock, outbox, jobs } = deps;

  const announce = (tx: Db, userId: number, isLinked: boolean) =>
    outbox.add(tx, {
      aggregateType: 'telegramLink',
      aggregateId: userId,
      eventType: TELEGRAM_LINK_CHANGED_EVENT,
      payload: { isLinked },
      topics: [`user:${userId}`],
    });

  /** A reply to someone writing to the bot: failing to answer must not fail the update. */
  async function reply(chatId: number, language: Language, key: string) {
    try {
      await deps.send(chatId, translate(language, `telegram:${key}`));
    } catch (error) {
      deps.log.warn({ err: error, telegramChatId: chatId }, 'telegram reply failed');
    }
  }

  /** The job that sends one copy, keyed by event and recipient so a redelivery adds none. */
  function sendJobOf(
    event: OutboxEvent,
    userId: number,
    link: { chatId: number; language: string },
    text: (language: Language) => string,
  ) {
    return {
      type: telegramSendJob,
      payload: { chatId: link.chatId, text: text(languageOf(link.language)).slice(0, TEXT_MAX) },
      options: { uniqueKey: `event:${event.id}:${userId}` },
    };
  }

  async function enqueueFor(event: OutboxEvent, userId: number, text: (language: Language) => string) {
    const link = await repository.findLink(userId);
    if (!link) return;
    await jobs.enqueueMany(deps.db, [sendJobOf(event, userId, link, text)]);
  }

  /** Whom an event is copied to and in what words (nothing for events Telegram does not copy). */
  function copyOf(event: OutboxEvent): { userId: number; text: (language: Language) => string } | undefined {
    if (event.eventType === NOTIFICATION_CREATED_EVENT) {
      const record = event.payload as { messageKey: string; params: Record<string, string | number> };
      return {
        userId: Number(event.aggregateId),
        text: (language) => translate(language, `notifications:${record.messageKey}`, record.params ?? {}),
      };
    }
    if (event.eventType === CHAT_MESSAGE_EVENT) {
      const message = event.payload as { toUid: number; type: number; body: string };
      if (!message.toUid) return undefined;
      return {
        userId: message.toUid,
        text: (language) => {
          if (message.type === CHAT_MESSAGE_TYPES.text && message.body)
            return translate(language, 'telegram:chatMessage', { body: message.body });
          if (message.type === CHAT_MESSAGE_TYPES.image) return translate(language, 'telegram:chatPhoto');
          return translate(language, 'telegram:chatOther');
        },
      };
    }
    return undefined;
  }

  const subscription: OutboxHandler = {
    name: 'telegram',
    /**
     * The dispatcher's batch (decision 080): the recipients' links in one read and the copies in one
     * insert; a batch with nothing to copy costs no statement.
     */
    async handleBatch(events) {
      const copies = events.flatMap((event) => {
        const copy = copyOf(event);
        return copy ? [{ event, ...copy }] : [];
      });
      if (!copies.length) return;
      const links = await repository.findLinks(copies.map(({ userId }) => userId));
      await jobs.enqueueMany(
        deps.db,
        copies.flatMap(({ event, userId, text }) => {
          const link = links.get(userId);
          return link ? [sendJobOf(event, userId, link, text)] : [];
        }),
      );
    },
    async handle(event) {
      const copy = copyOf(event);
      if (copy) await enqueueFor(event, copy.userId, copy.text);
    },
  };

  return {
    subscription,

    async status(me: AuthUser): Promise<TelegramLinkStatus> {
      const link = await repository.findLink(me.id);
      return {
        isLinked: Boolean(link),
        username: link?.username ?? null,
        linkedAt: link?.linkedAt.toISOString() ?? null,
        botUsername: deps.botUsername,
      };
    },

    /** A new one-time code (the previous unused one stops working); only its hash is stored. */
    async createCode(me: AuthUser, language: Language): Promise<TelegramLinkCode> {
      const code = Array.from(
        { length: TELEGRAM_CODE_LENGTH },
        () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)],
      ).join('');
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + TELEGRAM_CODE_TTL_MINUTES * 60_000);
      await deps.db.transaction((tx) =>
        repository.replaceCode(tx, {
          codeHash: hashCode(code),
          userId: me.id,
          language,
          createdAt: now,
          expiresAt,
        }),
      );
      return {
        code,
        expiresAt: expiresAt.toISOString(),
        botUsername: deps.botUsername,
        deepLink: `https://t.me/${deps.botUsername}?start=${code}`,
      };
    },

    async unlink(me: AuthUser): Promise<TelegramLinkStatus> {
      const removed = await outbox.transaction(async (tx) => {
        const row = await repository.unlinkUser(tx, me.id);
        if (!row) throw new AppError('telegramNotLinked');
        await announce(tx, me.id, false);
        return row;
      });
      await reply(removed.chatId, languageOf(removed.language), 'unlinked');
      return { isLinked: false, username: null, linkedAt: null, botUsername: deps.botUsername };
    },

    /** One update from the bot's webhook. Only private chats with a person are answered. */
    async handleUpdate(update: TelegramUpdate): Promise<void> {
      const message = update.message;
      if (!message?.text || message.chat.type !== 'private' || message.from?.is_bot) return;
      const chatId = message.chat.id;
      const command = commandOf(message.text);
      if (command.kind === 'stop') {
        const removed = await outbox.transaction(async (tx) => {
          const row = await repository.unlinkChat(tx, chatId);
          if (row) await announce(tx, row.userId, false);
          return row;
        });
        await reply(chatId, languageOf(removed?.language ?? 'en'), removed ? 'unlinked' : 'howTo');
        return;
      }
      if (command.kind === 'help') {
        await reply(chatId, 'en', 'howTo');
        return;
      }
      const now = clock.now();
      const linked = await outbox.transaction(async (tx) => {
        const code = await repository.useCode(tx, hashCode(command.code), now);
        if (!code) return null;
        await repository.link(tx, {
          userId: code.userId,
          chatId,
          username: message.from?.username ?? null,
          language: code.language,
          linkedAt: now,
        });
        await announce(tx, code.userId, true);
        return code;
      });
      await reply(chatId, languageOf(linked?.language ?? 'en'), linked ? 'linked' : 'badCode');
    },
  };
}

export type TelegramService = ReturnType<typeof createTelegramService>;
