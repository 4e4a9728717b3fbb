import { ERROR_CODES } from '@sabai/shared/error-codes';
import { PUSH_TYPES } from '@sabai/shared/notifications/notification-types';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call } from '../../../test/identity-helpers';
import { startLocalPushService } from '../../../test/local-push-service';
import { at, createOrderScenario } from '../../../test/order-scenario';
import { queryRows } from '../../db/client';

const { base, received, statusOf, browserSubscription } = await startLocalPushService();

const s = await createOrderScenario();
const { app, therapist, customer, stranger } = s;

const subscribe = (token: string, payload: object, lang = 'en-US') =>
  call(app, { method: 'POST', url: '/app/push/subscriptions', token, payload, headers: { lang } });

describe('Web Push', () => {
  it('answers the VAPID public key to anyone', async () => {
    const answer = (await call(app, { method: 'GET', url: '/app/push/config' })).json();
    expect(answer.code).toBe(0);
    expect(Buffer.from(answer.data.publicKey, 'base64url')).toHaveLength(65);
  });

  it('pushes a booking notification, encrypted for the browser and signed with VAPID, in the browser’s language', async () => {
    const browser = browserSubscription('/push/provider');
    expect((await subscribe(therapist.token, browser.body, 'zh-CN')).json()).toMatchObject({
      code: 0,
      data: { subscribed: true },
    });
    const order = await s.book(at(25, '10:00'));
    await s.payments.systemTransition(order.id, 'pay');
    await s.settle();

    const pushes = received.filter((push) => push.path === '/push/provider');
    expect(pushes).toHaveLength(1);
    const push = pushes[0] as (typeof pushes)[number];
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(push.headers.urgency).toBe('high');
    const publicKey = (await call(app, { method: 'GET', url: '/app/push/config' })).json().data.publicKey;
    expect(push.headers.authorization).toMatch(new RegExp(`^vapid t=[^,]+, k=${publicKey}$`));
    // The body is ciphertext: the order number is not readable on the wire.
    expect(push.body.toString('latin1')).not.toContain(order.orderNumber);

    const [notification] = (await s.get('/app/notifications', therapist.token)).data.items;
    expect(browser.decrypt(push.body)).toEqual({
      type: PUSH_TYPES.newOrder,
      title: '新订单',
      body: expect.stringContaining(order.orderNumber),
      extra: { extraMap: { ordersId: order.id, noticeId: notification.id } },
      data: { from_uid: null, type: PUSH_TYPES.newOrder },
    });

    // The customer's browser hears the acceptance (type 4), in English.
    const customerBrowser = browserSubscription('/push/customer');
    await subscribe(customer.token, customerBrowser.body);
    expect((await s.step(order.id, 'accept', therapist.token)).code).toBe(0);
    await s.settle();
    const [accepted] = received.filter((entry) => entry.path === '/push/customer');
    expect(customerBrowser.decrypt(accepted?.body as Buffer)).toMatchObject({
      type: PUSH_TYPES.accepted,
      title: 'Order accepted',
      extra: { extraMap: { ordersId: order.id } },
    });
  });

  it('drops a subscription its push service answers 404 or 410, and keeps one that failed otherwise', async () => {
    const gone = browserSubscription('/push/gone');
    const missing = browserSubscription('/push/missing');
    const flaky = browserSubscription('/push/flaky');
    statusOf.set('/push/gone', 410);
    statusOf.set('/push/missing', 404);
    statusOf.set('/push/flaky', 500);
    for (const browser of [gone, missing, flaky]) {
      expect((await subscribe(therapist.token, browser.body)).json().code).toBe(0);
    }
    const endpoints = async () =>
      (
        await queryRows<{ endpoint: string }>(
          s.database.db,
          sql`select endpoint from push_subscriptions where user_id = ${therapist.userId} order by id`,
        )
      ).map((row) => new URL(row.endpoint).pathname);
    expect(await endpoints()).toEqual(['/push/provider', '/push/gone', '/push/missing', '/push/flaky']);

    const order = await s.book(at(26, '10:00'));
    await s.payments.systemTransition(order.id, 'pay');
    await s.settle();
    for (const path of ['/push/gone', '/push/missing', '/push/flaky', '/push/provider']) {
      expect(
        received.some((push) => push.path === path),
        path,
      ).toBe(true);
    }
    expect(await endpoints()).toEqual(['/push/provider', '/push/flaky']);
  });

  it('does not push announcements or to anyone else’s browsers', async () => {
    const before = received.length;
    const strangerBrowser = browserSubscription('/push/stranger');
    await subscribe(stranger.token, strangerBrowser.body);
    const staff = await s.staffToken();
    const published = await call(app, {
      method: 'POST',
      url: '/app/staff/announcements',
      token: staff,
      payload: { texts: { en: { title: 'Songkran hours', body: 'We open at 10:00 during Songkran.' } } },
    });
    expect(published.json().code).toBe(0);
    await s.settle();
    expect(received.slice(before).filter((push) => push.path === '/push/stranger')).toEqual([]);
  });

  it('unsubscribes only the caller’s own browser', async () => {
    const endpoint = `${base}/push/customer`;
    const foreign = await call(app, {
      method: 'POST',
      url: '/app/push/subscriptions/remove',
      token: stranger.token,
      payload: { endpoint },
    });
    expect(foreign.json().code).toBe(ERROR_CODES.notFound.code);
    const own = await call(app, {
      method: 'POST',
      url: '/app/push/subscriptions/remove',
      token: customer.token,
      payload: { endpoint },
    });
    expect(own.json()).toMatchObject({ code: 0, data: { subscribed: false } });
    const again = await call(app, {
      method: 'POST',
      url: '/app/push/subscriptions/remove',
      token: customer.token,
      payload: { endpoint },
    });
    expect(again.json().code).toBe(ERROR_CODES.notFound.code);
  });

  it('refuses a bad subscription body and a guest, storing nothing', async () => {
    const good = browserSubscription('/push/bad').body;
    const count = async () =>
      (
        await queryRows<{ n: number }>(s.database.db, sql`select count(*)::int as n from push_subscriptions`)
      )[0]?.n;
    const before = await count();
    const bad: object[] = [
      {},
      { ...good, endpoint: 'not a url' },
      { ...good, endpoint: 'ftp://push.example/abc' },
      { ...good, endpoint: `https://push.example/${'a'.repeat(1100)}` },
      { ...good, keys: { ...good.keys, p256dh: 'short' } },
      { ...good, keys: { ...good.keys, auth: `${good.keys.auth}!` } },
      { ...good, keys: undefined },
    ];
    for (const payload of bad) {
      const answer = (await subscribe(customer.token, payload, 'zh-CN')).json();
      expect(answer.code, JSON.stringify(payload).slice(0, 80)).toBe(ERROR_CODES.validationFailed.code);
      expect(answer.msg).not.toBe('');
    }
    const guest = await call(app, { method: 'POST', url: '/app/push/subscriptions', payload: good });
    expect(guest.json().code).toBe(ERROR_CODES.unauthenticated.code);
    const badRemove = await call(app, {
      method: 'POST',
      url: '/app/push/subscriptions/remove',
      token: customer.token,
      payload: { endpoint: 42 },
    });
    expect(badRemove.json().code).toBe(ERROR_CODES.validationFailed.code);
    expect(await count()).toBe(before);
  });
});
