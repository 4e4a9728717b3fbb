import { copyFileSync, mkdirSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import chatEn from '../../apps/web/src/locales/en/chat.json';
import chatKm from '../../apps/web/src/locales/km/chat.json';
import chatZh from '../../apps/web/src/locales/zh-CN/chat.json';
import ordersZh from '../../apps/web/src/locales/zh-CN/orders.json';
import { DEMO_ACCOUNTS } from '../support/api';
import { lookAt, SCREENSHOTS, signedInContext } from '../support/browser';
import { setUpJourney } from '../support/journey';
import { untilStill } from '../support/still';

// Messages reach the other browser through the outbox dispatcher and the socket, which a
// NODE_ENV=test server leaves to the tests: this journey runs the server as a developer would.
const journey = setUpJourney({ env: { NODE_ENV: 'development', LOG_LEVEL: 'warn' } });
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
  await page.waitForLoadState('networkidle');
  await untilStill(page);
  const file = `${SCREENSHOTS}chat-${name}.png`;
  await lookAt(page, { path: file });
  if (SHOTS_OUT) {
    mkdirSync(SHOTS_OUT, { recursive: true });
    copyFileSync(file, `${SHOTS_OUT}/${name}.png`);
  }
}

/** An 8×8 red PNG. */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWM4Y2yMFTEMLQkACspMgcuiywsAAAAASUVORK5CYII=',
  'base64',
);

const bubbles = (page: Page) => page.getByTestId('chat-message');
/** The list's conversations (the "System messages" entry above them is a row too, decision 056). */
const conversationRows = (page: Page) => page.locator('.chat-row-wrap a.chat-row');

describe('chat between the customer and the therapist of an accepted order (zh-CN and km)', () => {
  it('opens from the order, delivers both ways live (also after a lost connection, once), sends a picture and a phrase, shows a recall on the other side and clears the badge', async () => {
    const customer = await ok<Session>('POST', '/app/auth/login/password', undefined, DEMO_CUSTOMER);
    const therapist = await ok<Session>('POST', '/app/auth/login/password', undefined, DEMO_THERAPIST);
    const orders = await ok<{ items: { id: number; status: string }[] }>(
      'GET',
      '/app/orders?pageSize=50',
      customer.token,
    );
    const accepted = orders.items.find((order) => order.status === 'accepted');
    expect(accepted).toBeDefined();

    const errors: string[] = [];
    const open = async (context: BrowserContext) => {
      const page = await context.newPage();
      page.on('pageerror', (error) => errors.push(error.message));
      return page;
    };

    // The therapist (km) watches the conversation list. Their sockets can be cut (`__offline`):
    // while cut, every new socket is refused, as on a phone that lost its signal.
    const therapistContext = await signedIn(therapist, 'km');
    await therapistContext.addInitScript(() => {
      const Native = window.WebSocket;
      const state = window as unknown as { __offline: boolean; __sockets: WebSocket[] };
      state.__offline = false;
      state.__sockets = [];
      window.WebSocket = class extends Native {
        constructor(url: string | URL, protocols?: string | string[]) {
          super(state.__offline ? 'ws://127.0.0.1:9/' : url, protocols);
          state.__sockets.push(this);
        }
      };
    });
    const list = await open(therapistContext);
    await list.goto(`${journey.server.baseUrl}/chat/list`);
    await list.getByRole('heading', { name: chatKm.listTitle }).waitFor();

    // The customer (zh-CN) opens the chat from the order page.
    const customerContext = await signedIn(customer, 'zh-CN');
    const chat = await open(customerContext);
    await chat.goto(`${journey.server.baseUrl}/my/order/pay?ordersId=${accepted?.id}`);
    await chat.getByRole('link', { name: ordersZh.actions.chat }).click();
    await chat.waitForURL(`**/chat/index?order_id=${accepted?.id}`);
    const input = chat.getByRole('textbox', { name: chatZh.input.label });
    await input.waitFor();
    await input.fill('你好，我在家等你');
    await input.press('Enter');
    // Shown at once, then confirmed by the server (its time replaces "sending").
    await bubbles(chat).filter({ hasText: '你好，我在家等你' }).waitFor();
    await chat.getByText(chatZh.message.sending).waitFor({ state: 'detached' });

    // Live on the therapist's list, with its unread badge and the last-message note.
    const row = list.getByRole('link', { name: new RegExp(chatKm.unread.replace('{{count}}', '1')) });
    await row.waitFor({ timeout: 20_000 });
    await expect(row.textContent()).resolves.toContain('你好，我在家等你');
    await shoot(list, 'list-km');

    // The therapist opens it and answers; the customer sees the answer live.
    await row.click();
    const reply = list.getByRole('textbox', { name: chatKm.input.label });
    await reply.fill('ខ្ញុំនឹងមកដល់ក្នុង ១៥ នាទី');
    await list.getByRole('button', { name: chatKm.input.send, exact: true }).click();
    await bubbles(chat).filter({ hasText: 'ខ្ញុំនឹងមកដល់ក្នុង ១៥ នាទី' }).waitFor({ timeout: 20_000 });

    // A picture: shown at once on the sender's side, re-encoded by the server, live on the other side.
    await chat
      .locator('input[type=file]')
      .setInputFiles({ name: 'door.png', mimeType: 'image/png', buffer: TINY_PNG });
    await list.locator('img.chat-bubble__image[src^="/app/uploads/chat/"]').waitFor({ timeout: 20_000 });
    await chat.locator('img.chat-bubble__image[src^="/app/uploads/chat/"]').waitFor();

    // A common phrase: added on chat/phrase, one tap in the conversation sends it once.
    const phrases = await open(customerContext);
    await phrases.goto(`${journey.server.baseUrl}/chat/phrase`);
    await phrases.getByRole('textbox', { name: chatZh.phrases.placeholder }).fill('门口是蓝色的大门');
    await phrases.getByRole('button', { name: chatZh.phrases.add, exact: true }).click();
    await phrases.getByText('门口是蓝色的大门').waitFor();
    await phrases.close();
    await chat.getByRole('button', { name: chatZh.input.phrases, exact: true }).click();
    await chat.locator('.chat-phrases-popup').getByRole('button', { name: '门口是蓝色的大门' }).click();
    await bubbles(list).filter({ hasText: '门口是蓝色的大门' }).waitFor({ timeout: 20_000 });
    expect(await bubbles(chat).filter({ hasText: '门口是蓝色的大门' }).count()).toBe(1);
    await shoot(list, 'conversation-km');

    // The therapist loses the connection; what is sent meanwhile arrives once when it is back.
    await list.evaluate(() => {
      const state = window as unknown as { __offline: boolean; __sockets: WebSocket[] };
      state.__offline = true;
      for (const socket of state.__sockets) socket.close();
    });
    await list.getByText(chatKm.reconnecting).waitFor();
    for (const text of ['刚才断线了吗？', '我在三楼']) {
      await input.fill(text);
      await input.press('Enter');
      await bubbles(chat).filter({ hasText: text }).waitFor();
    }
    await expect.poll(() => chat.getByText(chatZh.message.sending).count(), { timeout: 10_000 }).toBe(0);
    expect(await bubbles(list).filter({ hasText: '我在三楼' }).count()).toBe(0);
    await list.evaluate(() => {
      (window as unknown as { __offline: boolean }).__offline = false;
    });
    await bubbles(list).filter({ hasText: '我在三楼' }).waitFor({ timeout: 30_000 });
    await list.getByText(chatKm.reconnecting).waitFor({ state: 'detached' });
    expect(await bubbles(list).filter({ hasText: '刚才断线了吗？' }).count()).toBe(1);
    expect(await bubbles(list).filter({ hasText: '我在三楼' }).count()).toBe(1);

    // The customer recalls the phrase; the therapist sees the recall note in place of it, live.
    const own = bubbles(chat).filter({ hasText: '门口是蓝色的大门' });
    await own.getByRole('button', { name: chatZh.message.actions }).click();
    await chat.locator('.adm-action-sheet').getByText(chatZh.message.revoke, { exact: true }).click();
    await chat.locator('.adm-dialog').getByText(chatZh.message.revoke, { exact: true }).click();
    await chat.getByText(chatZh.note.revokedByMe).waitFor();
    await list.getByTestId('chat-revoked').waitFor({ timeout: 20_000 });
    expect(await bubbles(list).filter({ hasText: '门口是蓝色的大门' }).count()).toBe(0);
    await shoot(chat, 'conversation-zh-CN');

    // Back on the list the therapist has nothing unread: reading cleared it.
    await list.goto(`${journey.server.baseUrl}/chat/list`);
    const readRow = conversationRows(list).first();
    await readRow.waitFor();
    await expect(readRow.getAttribute('aria-label')).resolves.not.toMatch(/\d/);
    // Only the conversations: the demo's live incoming order (decision 107) leaves an unread system
    // message on its own row above them.
    expect(await conversationRows(list).locator('.adm-badge').count()).toBe(0);

    // The same pages in English, for the screenshots.
    const english = await signedIn(customer, 'en');
    const enPage = await open(english);
    await enPage.goto(`${journey.server.baseUrl}/chat/list`);
    await enPage.getByRole('heading', { name: chatEn.listTitle }).waitFor();
    await conversationRows(enPage).first().waitFor();
    // Pinned from the row's menu: for me only.
    await enPage.getByRole('button', { name: new RegExp(`^${chatEn.row.actions}`) }).click();
    await enPage.locator('.adm-action-sheet').getByText(chatEn.row.pin, { exact: true }).click();
    await enPage.locator('.chat-row__flags').getByText(chatEn.pinned).waitFor();
    await shoot(enPage, 'list-en');
    await conversationRows(enPage).first().click();
    await bubbles(enPage).first().waitFor();
    await shoot(enPage, 'conversation-en');
    await enPage.goto(`${journey.server.baseUrl}/chat/phrase`);
    await enPage.getByText('门口是蓝色的大门').waitFor();
    await shoot(enPage, 'phrases-en');
    const kmPhrases = await open(therapistContext);
    await kmPhrases.goto(`${journey.server.baseUrl}/chat/phrase`);
    await kmPhrases.getByText(chatKm.phrases.empty).waitFor();
    await shoot(kmPhrases, 'phrases-km');
    // Phrases are each user's own: the customer's saved phrase is not in the therapist's list.
    expect(await kmPhrases.getByText('门口是蓝色的大门').count()).toBe(0);

    expect(errors).toEqual([]);
    await Promise.all([therapistContext.close(), customerContext.close(), english.close()]);
  });
});
