import { ERROR_CODES } from '@sabai/shared/error-codes';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/identity-helpers';
import { at, createOrderScenario } from '../../../test/order-scenario';
import { queryRows } from '../../db/client';

const s = await createOrderScenario();
const { app, customer, therapist, stranger, clock } = s;

const post = async (url: string, token: string, payload: unknown = {}) =>
  (await call(app, { method: 'POST', url, token, payload: payload as object })).json();
const send = (conversationId: number, token: string, body: string) =>
  post(`/app/chat/conversations/${conversationId}/messages`, token, {
    type: 'text',
    uniqueId: crypto.randomUUID(),
    body,
  });
const translate = (messageId: number, token: string, lang: string) =>
  s.get(`/app/chat/messages/${messageId}/translation`, token, { lang });
const storedTranslations = async (messageId: number) =>
  queryRows<{ language: string; text: string }>(
    s.database.db,
    sql`select language, text from chat_message_translations where message_id = ${messageId} order by language`,
  );

const conversation = { id: 0 };
beforeAll(async () => {
  const order = await s.book(at(25, '10:00'));
  await s.settle();
  await s.payments.systemTransition(order.id, 'pay');
  expect((await s.step(order.id, 'accept', therapist.token)).code).toBe(0);
  const opened = await post('/app/chat/conversations', customer.token, { toUid: therapist.userId });
  if (opened.code !== 0) throw new Error(JSON.stringify(opened));
  conversation.id = opened.data.id;
});

describe('translating a received chat message (issue #15 item 10)', () => {
  it("puts the customer's English into the therapist's Thai and keeps it for the next read", async () => {
    const sent = await send(conversation.id, customer.token, 'I am in the lobby. Which floor and room?');
    expect(sent.code).toBe(0);
    const translated = await translate(sent.data.msgId, therapist.token, 'th-TH');
    expect(translated).toMatchObject({
      code: 0,
      data: {
        msgId: sent.data.msgId,
        text: 'ฉันอยู่ที่ล็อบบี้ ชั้นไหน ห้องอะไร?',
        sourceLang: 'en',
        targetLang: 'th',
      },
    });
    expect(await storedTranslations(sent.data.msgId)).toEqual([
      { language: 'th', text: 'ฉันอยู่ที่ล็อบบี้ ชั้นไหน ห้องอะไร?' },
    ]);
    // Chinese readers get Chinese punctuation.
    const chinese = await translate(sent.data.msgId, therapist.token, 'zh-CN');
    expect(chinese.data.text).toBe('我在大堂。几楼几号房间？');
    expect((await translate(sent.data.msgId, therapist.token, 'th-TH')).data.text).toBe(translated.data.text);
  });

  it("answers someone else's message as not found and stores nothing", async () => {
    clock.advance(11_000);
    const sent = await send(conversation.id, therapist.token, 'I have arrived');
    const foreign = await translate(sent.data.msgId, stranger.token, 'en-US');
    expect(foreign.code).toBe(ERROR_CODES.notFound.code);
    expect((await translate(2_000_000, customer.token, 'en-US')).code).toBe(ERROR_CODES.notFound.code);
    expect(await storedTranslations(sent.data.msgId)).toEqual([]);
    // Without a session it is not even looked at.
    const guest = await call(app, {
      method: 'GET',
      url: `/app/chat/messages/${sent.data.msgId}/translation`,
    });
    expect(guest.json().code).toBe(ERROR_CODES.unauthenticated.code);
  });

  it('says "translation failed" in the reader\'s language when the translator cannot', async () => {
    clock.advance(11_000);
    const sent = await send(conversation.id, therapist.token, 'The blue tuk-tuk near the market');
    const failed = await translate(sent.data.msgId, customer.token, 'km-KH');
    expect(failed).toMatchObject({
      code: ERROR_CODES.translationFailed.code,
      msg: 'ការបកប្រែបរាជ័យ។ សូមព្យាយាមម្តងទៀតនៅពេលក្រោយ។',
      data: null,
    });
    expect(await storedTranslations(sent.data.msgId)).toEqual([]);
  });

  it('refuses a revoked message, and revoking deletes the translations already made', async () => {
    clock.advance(11_000);
    const sent = await send(conversation.id, customer.token, 'Please use less pressure');
    expect((await translate(sent.data.msgId, therapist.token, 'vi-VN')).data.text).toBe('Xin hãy ấn nhẹ hơn');
    expect((await post(`/app/chat/messages/${sent.data.msgId}/revoke`, customer.token)).code).toBe(0);
    expect(await storedTranslations(sent.data.msgId)).toEqual([]);
    const again = await translate(sent.data.msgId, therapist.token, 'vi-VN');
    expect(again.code).toBe(ERROR_CODES.chatMessageNotTranslatable.code);
  });
});
