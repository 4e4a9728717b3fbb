import { copyFileSync, mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import chatEn from '../../apps/web/src/locales/en/chat.json';
import chatZh from '../../apps/web/src/locales/zh-CN/chat.json';
import { DEMO_ACCOUNTS } from '../support/api';
import { lookAt, SCREENSHOTS, signedInContext } from '../support/browser';
import { setUpJourney } from '../support/journey';

// The outbox dispatcher publishes live events only outside NODE_ENV=test (as chat.e2e.ts notes).
const journey = setUpJourney({
  env: { NODE_ENV: 'development', LOG_LEVEL: 'warn' },
  serviceWorkers: 'allow',
});
/** Screenshots are also copied where the team looks at them, outside the repository. */
const SHOTS_OUT = process.env.CHAT_SHOTS_DIR ?? '';

/** README's demo logins: the demo customer has an accepted home visit with the demo therapist. */
const DEMO_THERAPIST = DEMO_ACCOUNTS.therapist;
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
  await page.evaluate(() => document.fonts.ready);
  const file = `${SCREENSHOTS}chat-${name}.png`;
  await lookAt(page, { path: file, animations: 'disabled' });
  if (SHOTS_OUT) {
    mkdirSync(SHOTS_OUT, { recursive: true });
    copyFileSync(file, `${SHOTS_OUT}/${name}.png`);
  }
}

const bubbles = (page: Page) => page.getByTestId('chat-message');

describe('chat on this device: the offline outbox and a browser without IndexedDB', () => {
  it('keeps messages written offline and sends them in order, once, when the network is back; without IndexedDB says so and chats online', async () => {
    const customer = await ok<Session>('POST', '/app/auth/login/password', undefined, DEMO_CUSTOMER);
    const therapist = await ok<Session>('POST', '/app/auth/login/password', undefined, DEMO_THERAPIST);
    const orders = await ok<{ items: { id: number; status: string }[] }>(
      'GET',
      '/app/orders?pageSize=50',
      customer.token,
    );
    const accepted = orders.items.find((order) => order.status === 'accepted');
    expect(accepted).toBeDefined();
    const conversation = await ok<{ id: number }>('POST', '/app/chat/conversations', customer.token, {
      orderId: accepted?.id,
    });
    const storedBodies = async () =>
      (
        await ok<{ items: { body: string }[] }>(
          'GET',
          `/app/chat/conversations/${conversation.id}/messages`,
          therapist.token,
        )
      ).items.map((message) => message.body);
    const errors: string[] = [];

    // Offline: the messages show at once, wait in the outbox, and go out in order when back.
    const context = await signedIn(customer, 'en');
    const page = await context.newPage();
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${journey.server.baseUrl}/chat/index?order_id=${accepted?.id}`);
    const input = page.getByRole('textbox', { name: chatEn.input.label });
    await input.waitFor();
    await page.locator('.chat-conversation__start').waitFor();
    await context.setOffline(true);
    for (const text of ['Written in the lift, no signal', 'Second floor, blue door']) {
      await input.fill(text);
      await input.press('Enter');
      await bubbles(page).filter({ hasText: text }).waitFor();
    }
    await expect.poll(() => page.getByText(chatEn.message.queued).count(), { timeout: 10_000 }).toBe(2);
    expect(await storedBodies()).not.toContain('Written in the lift, no signal');
    await shoot(page, 'outbox-queued-en');
    await context.setOffline(false);
    await expect.poll(() => page.getByText(chatEn.message.queued).count(), { timeout: 20_000 }).toBe(0);
    await expect
      .poll(storedBodies, { timeout: 10_000 })
      .toEqual(expect.arrayContaining(['Written in the lift, no signal', 'Second floor, blue door']));
    const bodies = await storedBodies();
    expect(bodies.filter((body) => body === 'Written in the lift, no signal')).toHaveLength(1);
    expect(bodies.slice(-2)).toEqual(['Written in the lift, no signal', 'Second floor, blue door']);
    expect(await bubbles(page).filter({ hasText: 'Second floor, blue door' }).count()).toBe(1);
    await context.close();

    // A browser without IndexedDB: the spec's modal, then chat works online as before.
    for (const [language, strings, text] of [
      ['en', chatEn, 'Sent without local storage'],
      ['zh-CN', chatZh, '没有本地存储也能发送'],
    ] as const) {
      const bare = await signedIn(customer, language);
      await bare.addInitScript(() => {
        Object.defineProperty(window, 'indexedDB', { value: undefined, configurable: true });
      });
      const barePage = await bare.newPage();
      barePage.on('pageerror', (error) => errors.push(error.message));
      await barePage.goto(`${journey.server.baseUrl}/chat/index?order_id=${accepted?.id}`);
      const dialog = barePage.locator('.adm-dialog');
      await dialog.getByText(strings.storage.unavailable).waitFor();
      await bubbles(barePage).first().waitFor();
      await barePage.getByText(strings.reconnecting).waitFor({ state: 'detached' });
      await shoot(barePage, `no-indexeddb-${language}`);
      await dialog.getByRole('button', { name: strings.storage.ok }).click();
      await dialog.waitFor({ state: 'detached' });
      const bareInput = barePage.getByRole('textbox', { name: strings.input.label });
      await bareInput.fill(text);
      await bareInput.press('Enter');
      await bubbles(barePage).filter({ hasText: text }).waitFor();
      await barePage.getByText(strings.message.sending).waitFor({ state: 'detached' });
      await expect.poll(storedBodies).toContain(text);
      await bare.close();
    }
    expect(errors).toEqual([]);
  });
});
