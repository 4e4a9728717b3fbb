import { CHAT_MESSAGE_EVENT, CHAT_MESSAGE_TYPES } from '@sabai/shared/chat/chat.schemas';
import { NOTIFICATION_CREATED_EVENT } from '@sabai/shared/notifications/notification-types';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call, registerUser } from '../../../test/identity-helpers';
import { createTestApp } from '../../../test/test-app';
import { telegramLinkCodes, telegramLinks } from '../../db/schema';
import { fixedClock } from '../../lib/clock';
import { createDevTelegramBot, TELEGRAM_SECRET_HEADER } from '.';

/**
 * Telegram notifications (issue #16 item 7, decision 055) through the real app: the bot's updates
 * are simulated by posting what Telegram would post to the webhook, with the secret header; what
 * the bot sends is read from the development bot.
 */
const SECRET = 'sabai-development-telegram-secret';
const clock = fixedClock(new Date('2026-11-24T03:00:00Z'));
const bot = createDevTelegramBot({ info: () => {} });
const { app, database } = await createTestApp({ clock, telegramBot: bot });

let updateId = 1;
/** What Telegram posts when someone writes `text` to the bot from chat `chatId`. */
const botUpdate = (chatId: number, text: string, secret: string | null = SECRET, extra = {}) =>
  call(app, {
    method: 'POST',
    url: '/app/telegram/webhook',
    headers: secret === null ? {} : { [TELEGRAM_SECRET_HEADER]: secret },
    payload: {
      update_id: updateId++,
      message: {
        message_id: updateId,
        date: 1764000000,
        chat: { id: chatId, type: 'private', first_name: 'Dara' },
        from: { id: chatId, is_bot: false, first_name: 'Dara', username: `dara${chatId}` },
        text,
        ...extra,
      },
    },
  });

const lastSentTo = (chatId: number) => bot.sent.filter((m) => m.chatId === chatId).at(-1)?.text;
const newCode = async (token: string, lang = 'en-US') =>
  (await call(app, { method: 'POST', url: '/app/telegram/link-code', token, headers: { lang } })).json();
const statusOf = async (token: string) =>
  (await call(app, { method: 'GET', url: '/app/telegram/link', token })).json().data;
const linkOf = async (userId: number) =>
  (await database.db.select().from(telegramLinks).where(eq(telegramLinks.userId, userId)))[0];

async function deliver() {
  await app.outbox.dispatchPending();
  while ((await app.jobs.runDue()) > 0);
}

describe('linking a Telegram chat with a one-time code', () => {
  it('links the chat that sends the code through the deep link, in the language the code was asked in', async () => {
    const user = await registerUser(app);
    expect(await statusOf(user.token)).toMatchObject({ isLinked: false, username: null });

    const code = await newCode(user.token, 'vi-VN');
    expect(code.code).toBe(0);
    expect(code.data.code).toMatch(/^[A-HJKMNP-Z2-9]{8}$/);
    expect(code.data.deepLink).toBe(`https://t.me/${code.data.botUsername}?start=${code.data.code}`);
    // Only a hash is stored.
    const stored = await database.db
      .select()
      .from(telegramLinkCodes)
      .where(eq(telegramLinkCodes.userId, user.user.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]?.codeHash).not.toContain(code.data.code);

    const response = await botUpdate(5001, `/start ${code.data.code}`);
    expect(response.json()).toMatchObject({ code: 0 });
    expect(lastSentTo(5001)).toContain('Tài khoản Sabai của bạn đã được liên kết');
    expect(await statusOf(user.token)).toMatchObject({ isLinked: true, username: 'dara5001' });

    // The code works once.
    await botUpdate(5002, `/start ${code.data.code}`);
    expect(lastSentTo(5002)).toContain('not valid or has expired');
    expect((await linkOf(user.user.id))?.chatId).toBe(5001);
  });

  it('accepts the code typed on its own, in any case and with spaces', async () => {
    const user = await registerUser(app);
    const { data } = await newCode(user.token);
    const typed = `${data.code.slice(0, 4)} ${data.code.slice(4)}`.toLowerCase();
    await botUpdate(5101, typed);
    expect((await linkOf(user.user.id))?.chatId).toBe(5101);
  });

  it('refuses an expired code, an older code replaced by a newer one, and a made-up one; nothing is linked', async () => {
    const user = await registerUser(app);
    const first = (await newCode(user.token)).data.code;
    const second = (await newCode(user.token)).data.code;
    await botUpdate(5201, `/start ${first}`);
    expect(lastSentTo(5201)).toContain('not valid or has expired');
    await botUpdate(5201, '/start ZZZZZZZZ');
    expect(lastSentTo(5201)).toContain('not valid or has expired');
    clock.advance(10 * 60_000 + 1);
    await botUpdate(5201, `/start ${second}`);
    expect(lastSentTo(5201)).toContain('not valid or has expired');
    expect(await linkOf(user.user.id)).toBeUndefined();
  });

  it('answers anything else with how to link, and ignores groups and bots', async () => {
    await botUpdate(5301, 'hello');
    expect(lastSentTo(5301)).toContain('Settings → Telegram notifications');
    const before = bot.sent.length;
    const user = await registerUser(app);
    const { data } = await newCode(user.token);
    await botUpdate(-5302, `/start ${data.code}`, SECRET, { chat: { id: -5302, type: 'group' } });
    await botUpdate(5303, `/start ${data.code}`, SECRET, { from: { id: 5303, is_bot: true } });
    expect(bot.sent.length).toBe(before);
    expect(await linkOf(user.user.id)).toBeUndefined();
  });

  it('moves a chat linked by one account to the account that links it next', async () => {
    const first = await registerUser(app);
    const second = await registerUser(app);
    await botUpdate(5401, `/start ${(await newCode(first.token)).data.code}`);
    await botUpdate(5401, `/start ${(await newCode(second.token)).data.code}`);
    expect(await linkOf(first.user.id)).toBeUndefined();
    expect((await linkOf(second.user.id))?.chatId).toBe(5401);
  });
});

describe('notifications reach the linked chat', () => {
  it('copies order notifications and chat messages addressed to the user, in their language, once', async () => {
    const user = await registerUser(app);
    const other = await registerUser(app);
    await botUpdate(5501, `/start ${(await newCode(user.token, 'zh-CN')).data.code}`);
    const sentBefore = bot.sent.length;

    await app.outbox.transaction(async (tx) => {
      await app.outbox.add(tx, {
        aggregateType: 'notification',
        aggregateId: user.user.id,
        eventType: NOTIFICATION_CREATED_EVENT,
        payload: { id: 1, messageKey: 'accepted', params: { orderNumber: 'SB-1001' } },
        topics: [`user:${user.user.id}`],
      });
      // Someone else's notification does not reach this chat.
      await app.outbox.add(tx, {
        aggregateType: 'notification',
        aggregateId: other.user.id,
        eventType: NOTIFICATION_CREATED_EVENT,
        payload: { id: 2, messageKey: 'accepted', params: { orderNumber: 'SB-2002' } },
        topics: [`user:${other.user.id}`],
      });
      await app.outbox.add(tx, {
        aggregateType: 'chatConversation',
        aggregateId: 77,
        eventType: CHAT_MESSAGE_EVENT,
        payload: {
          toUid: user.user.id,
          fromUid: other.user.id,
          type: CHAT_MESSAGE_TYPES.text,
          body: 'On my way',
        },
        topics: [`user:${user.user.id}`],
      });
    });
    await deliver();
    // A second delivery attempt of the same events sends nothing more.
    await deliver();

    const sent = bot.sent
      .slice(sentBefore)
      .filter((m) => m.chatId === 5501)
      .map((m) => m.text);
    expect(sent).toHaveLength(2);
    expect(sent[0]).toContain('SB-1001');
    expect(sent[0]).not.toBe(sent[0]?.replace(/[\u4e00-\u9fff]/g, ''));
    expect(sent[1]).toBe('新聊天消息：On my way');
    expect(bot.sent.some((m) => m.text.includes('SB-2002'))).toBe(false);
  });
});

describe('unlinking', () => {
  it('unlinks from the app: the chat is told and hears nothing more', async () => {
    const user = await registerUser(app);
    await botUpdate(5601, `/start ${(await newCode(user.token)).data.code}`);
    const response = await call(app, {
      method: 'DELETE',
      url: '/app/telegram/link',
      token: user.token,
      payload: {},
    });
    expect(response.json()).toMatchObject({ code: 0, data: { isLinked: false } });
    expect(lastSentTo(5601)).toContain('no longer linked');
    expect(await linkOf(user.user.id)).toBeUndefined();

    const again = await call(app, {
      method: 'DELETE',
      url: '/app/telegram/link',
      token: user.token,
      payload: {},
      headers: { lang: 'th-TH' },
    });
    expect(again.json()).toMatchObject({ code: 6052, msg: 'ยังไม่มีบัญชี Telegram ที่เชื่อมกับบัญชีของคุณ' });
  });

  it('unlinks from the bot with /stop', async () => {
    const user = await registerUser(app);
    await botUpdate(5701, `/start ${(await newCode(user.token)).data.code}`);
    await botUpdate(5701, '/stop');
    expect(lastSentTo(5701)).toContain('no longer linked');
    expect(await statusOf(user.token)).toMatchObject({ isLinked: false });
  });
});

describe('bad input', () => {
  it('refuses an update without the secret or with a wrong one, and links nothing', async () => {
    const user = await registerUser(app);
    const { data } = await newCode(user.token);
    for (const secret of [null, '', 'not-the-secret', `${SECRET}x`]) {
      const response = await botUpdate(5801, `/start ${data.code}`, secret);
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json().code).toBe(6053);
    }
    expect(await linkOf(user.user.id)).toBeUndefined();
    // The code is still good for the real bot.
    await botUpdate(5801, `/start ${data.code}`);
    expect((await linkOf(user.user.id))?.chatId).toBe(5801);
  });

  it('refuses a malformed update with the validation error', async () => {
    for (const payload of [{}, { update_id: 'x' }, { update_id: 1, message: { chat: { id: 'abc' } } }]) {
      const response = await call(app, {
        method: 'POST',
        url: '/app/telegram/webhook',
        headers: { [TELEGRAM_SECRET_HEADER]: SECRET },
        payload,
      });
      expect(response.json().code, JSON.stringify(payload)).toBe(1000);
    }
  });

  it('answers the link routes to a guest as not logged in', async () => {
    for (const [method, url] of [
      ['GET', '/app/telegram/link'],
      ['POST', '/app/telegram/link-code'],
      ['DELETE', '/app/telegram/link'],
    ] as const) {
      const response = await call(app, { method, url, payload: {} });
      expect(response.json().code, url).toBe(401);
    }
  });
});
