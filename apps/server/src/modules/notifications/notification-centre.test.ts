import { ERROR_CODES } from '@sabai/shared/error-codes';
import { PUSH_TYPES } from '@sabai/shared/notifications/notification-types';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call, registerUser } from '../../../test/identity-helpers';
import { at, createOrderScenario } from '../../../test/order-scenario';
import { queryRows } from '../../db/client';

const s = await createOrderScenario();
const { app, customer, therapist, stranger } = s;

type Item = {
  id: number;
  pushType: number;
  orderId: number | null;
  announcementId: number | null;
  messageKey: string;
  title: string;
  text: string;
  readAt: string | null;
};
const listOf = async (token: string, query = '', lang = 'en-US') =>
  (await s.get(`/app/notifications${query}`, token, { lang })).data as { items: Item[]; hasMore: boolean };
const noticeUnread = async (token: string, query = '') =>
  (await call(app, { method: 'GET', url: `/app/notice/unreadCount${query}`, token })).json();
const receive = (token: string, payload: Record<string, unknown> = {}) =>
  call(app, { method: 'POST', url: '/app/notice/receive', token, payload });
const publish = (token: string, payload: unknown) =>
  call(app, { method: 'POST', url: '/app/staff/announcements', token, payload: payload as object });

const order = await s.book(at(25, '10:00'));
await s.payments.systemTransition(order.id, 'pay');
await s.settle();
for (const transition of ['accept', 'depart']) await s.step(order.id, transition, therapist.token);
await s.settle();

describe('system announcements', () => {
  it('staff publish one to every account, in each reader’s language, audited', async () => {
    const staff = await s.staffToken();
    const answer = await publish(staff, {
      texts: {
        en: { title: 'Songkran hours', body: 'Providers work from 10:00 during Songkran.' },
        'zh-CN': { title: '泼水节营业时间', body: '泼水节期间技师 10:00 起接单。' },
      },
    });
    expect(answer.json()).toMatchObject({ code: 0, data: { id: expect.any(Number) } });
    const { id, recipients } = answer.json().data;
    const users = await queryRows<{ n: number }>(s.database.db, sql`select count(*)::int as n from users`);
    expect(recipients).toBe(users[0]?.n);

    const [english] = (await listOf(customer.token, '?kind=system')).items;
    expect(english).toMatchObject({
      pushType: PUSH_TYPES.announcement,
      announcementId: id,
      orderId: null,
      title: 'Songkran hours',
      text: 'Providers work from 10:00 during Songkran.',
      readAt: null,
    });
    expect((await listOf(customer.token, '?kind=system', 'zh-CN')).items[0]).toMatchObject({
      title: '泼水节营业时间',
    });
    // No Khmer text was written: the reader gets English.
    expect((await listOf(stranger.token, '?kind=system', 'km-KH')).items[0]?.title).toBe('Songkran hours');

    const audit = await queryRows<{ action: string; staff_id: number }>(
      s.database.db,
      sql`select action, staff_id from announcement_staff_audit where announcement_id = ${id}`,
    );
    expect(audit).toEqual([{ action: 'publish', staff_id: expect.any(Number) }]);
  });

  it('refuses customers, guests and bad announcements, writing nothing', async () => {
    const count = async () =>
      (await queryRows<{ n: number }>(s.database.db, sql`select count(*)::int as n from announcements`))[0]
        ?.n;
    const before = await count();
    const good = { texts: { en: { title: 'Hello', body: 'World' } } };
    expect((await publish(customer.token, good)).json().code).toBe(ERROR_CODES.forbidden.code);
    expect(
      (await call(app, { method: 'POST', url: '/app/staff/announcements', payload: good })).json().code,
    ).toBe(ERROR_CODES.unauthenticated.code);
    const staff = await s.staffToken();
    for (const bad of [
      {},
      { texts: {} },
      { texts: { 'zh-CN': { title: '只有中文', body: '没有英文' } } },
      { texts: { en: { title: '', body: 'x' } } },
      { texts: { en: { title: 'x'.repeat(81), body: 'x' } } },
      { texts: { en: { title: 'x', body: 'x'.repeat(2001) } } },
      { texts: { en: { title: 'x', body: 'x' }, fr: { title: 'x', body: 'x' } } },
    ]) {
      const answer = (await publish(staff, bad)).json();
      expect(answer.code, JSON.stringify(bad).slice(0, 60)).toBe(ERROR_CODES.validationFailed.code);
    }
    expect(await count()).toBe(before);
  });
});

describe('the notification list and detail', () => {
  it('lists by kind and by push type, newest first, with a title per type', async () => {
    const orders = (await listOf(customer.token, '?kind=order')).items;
    expect(orders.map((item) => [item.pushType, item.title])).toEqual([
      [PUSH_TYPES.departed, 'Provider on the way'],
      [PUSH_TYPES.accepted, 'Order accepted'],
    ]);
    const accepted = (await listOf(customer.token, `?pushType=${PUSH_TYPES.accepted}`)).items;
    expect(accepted.map((item) => item.messageKey)).toEqual(['accepted']);
    const all = (await listOf(customer.token)).items;
    expect(all.map((item) => item.pushType)).toEqual([
      PUSH_TYPES.announcement,
      PUSH_TYPES.departed,
      PUSH_TYPES.accepted,
    ]);
  });

  it('answers one of mine by id, and someone else’s as not found', async () => {
    const [mine] = (await listOf(customer.token, '?kind=order')).items;
    const answer = await s.get(`/app/notifications/${mine?.id}`, customer.token, { lang: 'zh-CN' });
    expect(answer).toMatchObject({ code: 0, data: { id: mine?.id, title: '技师已出发', orderId: order.id } });
    const foreign = await s.get(`/app/notifications/${mine?.id}`, stranger.token);
    expect(foreign.code).toBe(ERROR_CODES.notFound.code);
    expect(foreign.data).toBeNull();
    for (const bad of ['0', '-1', 'abc', '99999999999']) {
      expect((await s.get(`/app/notifications/${bad}`, customer.token)).code, bad).toBe(
        ERROR_CODES.validationFailed.code,
      );
    }
    expect((await s.get('/app/notifications/2147483647', customer.token)).code).toBe(
      ERROR_CODES.notFound.code,
    );
    expect((await s.get('/app/notifications?kind=everything', customer.token)).code).toBe(
      ERROR_CODES.validationFailed.code,
    );
  });
});

describe('the spec’s notice endpoints', () => {
  it('counts the unread and marks one or all read through notice/receive', async () => {
    const fresh = await registerUser(app);
    const staff = await s.staffToken();
    await publish(staff, { texts: { en: { title: 'One', body: 'First' } } });
    await publish(staff, { texts: { en: { title: 'Two', body: 'Second' } } });
    expect(await noticeUnread(fresh.token, `?uid=${fresh.user.id}&noticeOs=3`)).toMatchObject({
      code: 0,
      data: 2,
    });

    const [newest] = (await listOf(fresh.token)).items;
    const one = await receive(fresh.token, { uid: fresh.user.id, noticeOs: 3, noticeId: newest?.id });
    expect(one.json()).toMatchObject({ code: 0, data: 1 });
    expect((await receive(fresh.token, { noticeId: newest?.id })).json().data).toBe(0);
    expect((await noticeUnread(fresh.token)).data).toBe(1);
    expect((await s.get('/app/notifications/unread-count', fresh.token)).data.count).toBe(1);

    expect((await receive(fresh.token)).json()).toMatchObject({ code: 0, data: 1 });
    expect((await noticeUnread(fresh.token)).data).toBe(0);
    // The customer's own are untouched by another reader.
    expect((await noticeUnread(customer.token)).data).toBeGreaterThan(0);
  });

  it('refuses another user’s uid, a foreign notice id, bad input and a guest', async () => {
    const before = (await noticeUnread(customer.token)).data;
    expect((await noticeUnread(customer.token, `?uid=${stranger.id}`)).code).toBe(ERROR_CODES.forbidden.code);
    expect((await receive(customer.token, { uid: stranger.id })).json().code).toBe(
      ERROR_CODES.forbidden.code,
    );
    const [theirs] = (await listOf(therapist.token)).items;
    expect((await receive(customer.token, { noticeId: theirs?.id })).json().code).toBe(
      ERROR_CODES.notFound.code,
    );
    expect((await listOf(therapist.token)).items[0]?.readAt).toBeNull();
    for (const bad of [{ noticeId: 'x' }, { noticeId: 0 }, { uid: 'me' }, { noticeOs: 1.5 }]) {
      expect((await receive(customer.token, bad)).json().code, JSON.stringify(bad)).toBe(
        ERROR_CODES.validationFailed.code,
      );
    }
    expect((await noticeUnread(customer.token, '?uid=abc')).code).toBe(ERROR_CODES.validationFailed.code);
    expect((await call(app, { method: 'GET', url: '/app/notice/unreadCount' })).json().code).toBe(
      ERROR_CODES.unauthenticated.code,
    );
    expect((await noticeUnread(customer.token)).data).toBe(before);
  });
});
