import { copyFileSync, mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import chatEn from '../../apps/web/src/locales/en/chat.json';
import chatZh from '../../apps/web/src/locales/zh-CN/chat.json';
import { DEMO_ACCOUNTS } from '../support/api';
import { lookAt, SCREENSHOTS, signedInContext } from '../support/browser';
import { setUpJourney } from '../support/journey';

// Notification records come from the outbox dispatcher, which a NODE_ENV=test server leaves to the
// tests: this journey runs the server as a developer would.
const journey = setUpJourney({ env: { NODE_ENV: 'development', LOG_LEVEL: 'warn' } });
/** Screenshots are also copied where the team looks at them, outside the repository. */
const SHOTS_OUT = process.env.NOTICES_SHOTS_DIR ?? '';

const DEMO_THERAPIST = DEMO_ACCOUNTS.therapist;
const DEMO_SUPPORT = DEMO_ACCOUNTS.support;
const DEMO_CUSTOMER = DEMO_ACCOUNTS.customer;

type Envelope<T> = { code: number; msg: string; data: T };
async function ok<T>(method: string, path: string, token?: string, body?: unknown): Promise<T> {
  const response = await fetch(`${journey.server.baseUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
    body: body === undefined ? (method === 'GET' ? undefined : '{}') : JSON.stringify(body),
  });
  const answer = (await response.json()) as Envelope<T>;
  if (answer.code !== 0) throw new Error(`${method} ${path}: ${answer.code} ${answer.msg}`);
  return answer.data;
}

interface Session {
  token: string;
  tokenExpired: number;
  user: { id: number; nickname: string };
}

const signedIn = (session: Session, language: string) =>
  signedInContext(journey.launched.browser, session, language);

async function shoot(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready);
  const file = `${SCREENSHOTS}notices-${name}.png`;
  await lookAt(page, { path: file });
  if (SHOTS_OUT) {
    mkdirSync(SHOTS_OUT, { recursive: true });
    copyFileSync(file, `${SHOTS_OUT}/${name}.png`);
  }
}

describe('system messages (en and zh-CN)', () => {
  it('shows the unread badge, lists order news and an announcement, opens the detail and the order page, and reads them', async () => {
    const customer = await ok<Session>('POST', '/app/auth/login/password', undefined, DEMO_CUSTOMER);
    const therapist = await ok<Session>('POST', '/app/auth/login/password', undefined, DEMO_THERAPIST);
    const support = await ok<Session>('POST', '/app/auth/login/password', undefined, DEMO_SUPPORT);

    // The therapist accepts the demo's waiting order: the customer is told (push type 4).
    const orders = await ok<{ items: { id: number; status: string }[] }>(
      'GET',
      '/app/orders?pageSize=50',
      customer.token,
    );
    const waiting = orders.items.find((order) => order.status === 'waitingAcceptance');
    expect(waiting).toBeDefined();
    await ok('POST', `/app/orders/${waiting?.id}/transitions`, therapist.token, { transition: 'accept' });
    await ok('POST', '/app/staff/announcements', support.token, {
      texts: {
        en: {
          title: 'Songkran opening hours',
          body: 'During Songkran (13–15 April) providers take bookings from 10:00 to 22:00.\nHappy new year!',
        },
        'zh-CN': {
          title: '泼水节服务时间',
          body: '泼水节期间（4 月 13–15 日）技师接单时间为 10:00–22:00。\n新年快乐！',
        },
      },
    });
    // Written by the outbox dispatcher a moment after the step.
    for (let tries = 0; ; tries++) {
      const list = await ok<{ items: { pushType: number; orderId: number | null }[] }>(
        'GET',
        '/app/notifications',
        customer.token,
      );
      if (list.items.some((item) => item.pushType === 4 && item.orderId === waiting?.id)) break;
      if (tries > 100) throw new Error('the acceptance was never written as a notification');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const unread = await ok<number>('GET', '/app/notice/unreadCount', customer.token);
    expect(unread).toBeGreaterThanOrEqual(2);

    const english = await (await signedIn(customer, 'en')).newPage();
    await english.goto(`${journey.server.baseUrl}/chat/list`);
    const entry = english.getByRole('link', {
      name: `${chatEn.notices.listTitle}, ${chatEn.notices.entryUnread.replace('{{count}}', String(unread))}`,
    });
    await entry.waitFor();
    await shoot(english, 'chat-list-badge-en');
    await entry.click();
    await english.waitForURL('**/chat/notificationList');
    const announcement = english.getByRole('button', {
      name: `Songkran opening hours, ${chatEn.notices.unreadMark}`,
    });
    await announcement.waitFor();
    await shoot(english, 'list-en');
    await announcement.click();
    await english.waitForURL('**/chat/notificationDetails?id=*');
    await english.getByRole('heading', { name: 'Songkran opening hours' }).waitFor();
    await shoot(english, 'detail-en');
    // Opening it read it: one fewer unread.
    await expect
      .poll(() => ok<number>('GET', '/app/notice/unreadCount', customer.token), { timeout: 10_000 })
      .toBe(unread - 1);

    // A type-4 notification opens the order page.
    await english.goBack();
    await english
      .getByRole('button', { name: /Order accepted/ })
      .first()
      .click();
    await english.waitForURL(`**/my/order/pay?ordersId=${waiting?.id}`);

    const chinese = await (await signedIn(customer, 'zh-CN')).newPage();
    await chinese.goto(`${journey.server.baseUrl}/chat/notificationList`);
    await chinese.getByRole('button', { name: /泼水节服务时间/ }).waitFor();
    await chinese.getByRole('tab', { name: chatZh.notices.filters.all }).waitFor();
    await shoot(chinese, 'list-zh-CN');
    await chinese.getByRole('button', { name: /泼水节服务时间/ }).click();
    await chinese.getByRole('heading', { name: '泼水节服务时间' }).waitFor();
    await shoot(chinese, 'detail-zh-CN');

    // Everything read: nothing to mark. A new announcement makes "mark all read" useful again.
    await chinese.goBack();
    const markAll = chinese.getByRole('button', { name: chatZh.notices.markAllRead });
    await expect.poll(() => markAll.isDisabled()).toBe(true);
    await ok('POST', '/app/staff/announcements', support.token, {
      texts: { en: { title: 'App update', body: 'Version 2.6.82 is out.' } },
    });
    await chinese.reload();
    await chinese.getByRole('button', { name: `App update, ${chatZh.notices.unreadMark}` }).waitFor();
    await markAll.click();
    await expect.poll(() => ok<number>('GET', '/app/notice/unreadCount', customer.token)).toBe(0);
    await expect.poll(() => markAll.isDisabled()).toBe(true);
  });
});
