import { readFileSync } from 'node:fs';
import { ERROR_CODES } from '@sabai/shared/error-codes';
import { NOTIFICATION_MESSAGE_KEYS, PUSH_TYPES } from '@sabai/shared/notifications/notification-types';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call } from '../../../test/identity-helpers';
import { at, createOrderScenario, MINUTE } from '../../../test/order-scenario';
import { queryRows } from '../../db/client';
import type { OutboxEvent } from '../../outbox/outbox';
import { createBookingModule } from '../booking';
import { createGeoModule } from '../geo';
import { createTopicAccess } from '../realtime';
import { createNotificationsModule } from './index';

const s = await createOrderScenario();
const { app, customer, therapist, stranger } = s;

type Item = {
  id: number;
  pushType: number;
  messageKey: string;
  orderId: number;
  text: string;
  readAt: string | null;
};
const listOf = async (token: string, query = '', lang = 'en-US') =>
  (await s.get(`/app/notifications${query}`, token, { lang })).data as {
    items: Item[];
    hasMore: boolean;
  };
const unread = async (token: string) => (await s.get('/app/notifications/unread-count', token)).data.count;

describe('notification records of an order', () => {
  it('tells the other party of each step with the spec push types, newest first, never the one who made it', async () => {
    const order = await s.book(at(25, '10:00'));
    await s.settle();
    // Unpaid: the provider has not seen it yet, and the customer made it.
    expect((await listOf(therapist.token)).items).toEqual([]);
    await s.payments.systemTransition(order.id, 'pay');
    await s.settle();
    const [incoming] = (await listOf(therapist.token)).items;
    expect(incoming).toMatchObject({
      pushType: PUSH_TYPES.newOrder,
      messageKey: 'newOrder',
      orderId: order.id,
      text: `New order ${order.orderNumber} is waiting for your answer.`,
      readAt: null,
    });
    for (const transition of ['accept', 'depart', 'arrive', 'start', 'end']) {
      expect((await s.step(order.id, transition, therapist.token)).code, transition).toBe(0);
    }
    await s.settle();
    const customerSide = (await listOf(customer.token)).items.filter((item) => item.orderId === order.id);
    expect(customerSide.map((item) => [item.pushType, item.messageKey])).toEqual([
      [10, 'serviceEnded'],
      [7, 'serviceStarted'],
      [6, 'arrived'],
      [5, 'departed'],
      [4, 'accepted'],
    ]);
    // The provider made those steps: nothing new for them.
    expect((await listOf(therapist.token)).items.map((item) => item.messageKey)).toEqual(['newOrder']);
  });

  it('localises the text at read time in the reader’s language', async () => {
    const [latest] = (await listOf(customer.token, '', 'km-KH')).items;
    expect(latest?.text).toMatch(/^សេវាកម្មនៃការកម្ម៉ង់ S\d+ បានបញ្ចប់ហើយ។/);
    const [chinese] = (await listOf(customer.token, '', 'zh-CN')).items;
    expect(chinese?.text).toContain('的服务已结束');
  });

  it('publishes each new record on the recipient’s user topic as notification.created', async () => {
    const created = s.published.filter((event) => event.type === 'notification.created');
    const mine = (await listOf(customer.token)).items;
    for (const item of mine) {
      const event = created.find((candidate) => (candidate.payload as { id: number }).id === item.id);
      expect(event?.topic).toBe(`user:${customer.id}`);
      expect(event?.payload).toMatchObject({
        id: item.id,
        pushType: item.pushType,
        messageKey: item.messageKey,
      });
    }
    expect(created.some((event) => event.topic === `user:${therapist.userId}`)).toBe(true);
    expect(created.every((event) => typeof event.seq === 'number')).toBe(true);
  });

  it('writes nothing new when an order event is delivered again', async () => {
    const [event] = await queryRows<{
      id: number;
      aggregate_id: string;
      event_type: string;
      payload: unknown;
      topics: string[];
    }>(
      s.database.db,
      sql`select id, aggregate_id, event_type, payload, topics from outbox_events
          where aggregate_type = 'order' and event_type = 'order.statusChanged' order by id desc limit 1`,
    );
    const before = (await listOf(customer.token)).items.length;
    const second = createNotificationsModule(
      {
        db: s.database.db,
        clock: s.clock,
        outbox: app.outbox,
        config: (await import('../../config/env')).testConfig(),
        log: app.log,
      },
      {
        booking: createBookingModule(
          {
            db: s.database.db,
            clock: s.clock,
            config: (await import('../../config/env')).testConfig(),
            jobs: app.jobs,
            outbox: app.outbox,
            topics: createTopicAccess(),
          },
          { cities: createGeoModule({ db: s.database.db, clock: s.clock }).api },
        ).api,
      },
    );
    const redelivered: OutboxEvent = {
      id: event?.id as number,
      aggregateType: 'order',
      aggregateId: event?.aggregate_id as string,
      eventType: event?.event_type as string,
      payload: event?.payload,
      topics: event?.topics as string[],
      createdAt: s.clock.now(),
      deliveredOnCommit: false,
    };
    await second.subscriptions?.[0]?.handle(redelivered);
    await s.settle();
    expect((await listOf(customer.token)).items).toHaveLength(before);
  });

  it('tells both sides when the system declines an unanswered order (type 12), after reminders at 1 and 2 minutes', async () => {
    const order = await s.book(at(26, '10:00'));
    await s.payments.systemTransition(order.id, 'pay');
    await s.settle();
    s.clock.advance(MINUTE);
    await s.settle();
    const afterOne = (await listOf(therapist.token)).items.filter((item) => item.orderId === order.id);
    expect(afterOne.map((item) => item.messageKey)).toEqual(['acceptReminder', 'newOrder']);
    expect(afterOne[0]).toMatchObject({ pushType: 3 });
    expect(afterOne[0]?.text).toContain('2 min left');
    s.clock.advance(MINUTE);
    await s.settle();
    s.clock.advance(MINUTE);
    await s.settle();
    const providerSide = (await listOf(therapist.token)).items.filter((item) => item.orderId === order.id);
    expect(providerSide.map((item) => [item.pushType, item.messageKey])).toEqual([
      [12, 'autoDeclinedProvider'],
      [3, 'acceptReminder'],
      [3, 'acceptReminder'],
      [3, 'newOrder'],
    ]);
    expect(providerSide[1]?.text).toContain('1 min left');
    const customerSide = (await listOf(customer.token)).items.filter((item) => item.orderId === order.id);
    expect(customerSide.map((item) => [item.pushType, item.messageKey])).toEqual([
      [12, 'autoDeclinedCustomer'],
    ]);
    expect(
      s.published.filter(
        (event) => event.type === 'order.acceptReminder' && event.topic === `user:${therapist.userId}`,
      ),
    ).toHaveLength(2);
  });

  it('counts the unread, marks one and all read, and keeps each reader to their own', async () => {
    const items = (await listOf(customer.token)).items;
    const count = await unread(customer.token);
    expect(count).toBe(items.length);
    const first = items[0] as Item;
    const read = await call(app, {
      method: 'POST',
      url: `/app/notifications/${first.id}/read`,
      token: customer.token,
    });
    expect(read.json().data).toMatchObject({ id: first.id, readAt: s.clock.now().toISOString() });
    expect(await unread(customer.token)).toBe(count - 1);
    expect((await listOf(customer.token, '?unread=true')).items.map((item) => item.id)).not.toContain(
      first.id,
    );

    // Someone else's notification does not exist for the caller, and stays unread.
    const theirs = (await listOf(therapist.token)).items[0] as Item;
    const foreign = await call(app, {
      method: 'POST',
      url: `/app/notifications/${theirs.id}/read`,
      token: stranger.token,
    });
    expect(foreign.json().code).toBe(ERROR_CODES.notFound.code);
    expect((await listOf(stranger.token)).items).toEqual([]);
    expect((await listOf(therapist.token)).items[0]?.readAt).toBeNull();

    const all = await call(app, {
      method: 'POST',
      url: '/app/notifications/read-all',
      token: customer.token,
    });
    expect(all.json().data.marked).toBe(count - 1);
    expect(await unread(customer.token)).toBe(0);
    expect(await unread(therapist.token)).toBeGreaterThan(0);
  });

  it('pages newest first and refuses a guest', async () => {
    const page1 = await listOf(customer.token, '?pageSize=2');
    const page2 = await listOf(customer.token, '?pageSize=2&page=2');
    expect(page1.items).toHaveLength(2);
    expect(page1.hasMore).toBe(true);
    expect((page1.items[1] as Item).id).toBeGreaterThan((page2.items[0] as Item).id);
    const guest = await call(app, { method: 'GET', url: '/app/notifications' });
    expect(guest.json().code).toBe(ERROR_CODES.unauthenticated.code);
  });

  it('has a text for every message key in every language', () => {
    for (const language of ['en', 'km', 'th', 'vi', 'zh-CN', 'zh-TW']) {
      const texts = JSON.parse(
        readFileSync(new URL(`../../locales/${language}/notifications.json`, import.meta.url), 'utf8'),
      );
      expect(Object.keys(texts).sort(), language).toEqual([...NOTIFICATION_MESSAGE_KEYS].sort());
    }
  });
});
