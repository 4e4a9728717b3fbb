import { copyFileSync, mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import chatEn from '../../apps/web/src/locales/en/chat.json';
import chatKm from '../../apps/web/src/locales/km/chat.json';
import { journeyApi } from '../support/api';
import { lookAt, SCREENSHOTS, signedInContext } from '../support/browser';
import { setUpJourney } from '../support/journey';

/**
 * The spec's "no messages after service ended" (issue #31, decision 103) in real Chromium: a new
 * customer chats with the demo therapist during the service; when the therapist ends it, the
 * customer's open conversation shows why in place of the composer and the call button at once,
 * without a reload, the server refuses a message, and the conversation opened again offers feedback
 * on that order and booking the therapist again. English and Khmer.
 */
const journey = setUpJourney({ env: { NODE_ENV: 'development', LOG_LEVEL: 'warn' } });
const api = journeyApi(journey);
/** Screenshots are also copied where the team looks at them, outside the repository. */
const SHOTS_OUT = process.env.CHAT_SHOTS_DIR ?? '';

async function shoot(page: Page, name: string) {
  await page.evaluate(() => document.fonts.ready);
  const file = `${SCREENSHOTS}chat-${name}.png`;
  await lookAt(page, { path: file });
  if (SHOTS_OUT) {
    mkdirSync(SHOTS_OUT, { recursive: true });
    copyFileSync(file, `${SHOTS_OUT}/${name}.png`);
  }
}

describe('a chat after the service ended', () => {
  it('refuses new messages and shows why, with feedback on the order and booking the therapist again', async () => {
    const customer = await api.newCustomer();
    const { order, provider } = await api.bookHomeVisit(customer, { paidBy: 'devConfirm' });
    await api.serve(order.id, provider.session.token, 'start');

    // During the service the customer writes from the order's chat button's page.
    const english = await signedInContext(journey.launched.browser, customer, 'en');
    const page = await english.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const chatUrl = `${journey.server.baseUrl}/chat/index?order_id=${order.id}`;
    await page.goto(chatUrl);
    const input = page.getByRole('textbox', { name: chatEn.input.label });
    await input.fill('I am at the blue gate');
    await input.press('Enter');
    await page.getByTestId('chat-message').filter({ hasText: 'I am at the blue gate' }).waitFor();
    await page.getByText(chatEn.message.sending).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: chatEn.call.start }).waitFor();
    // The therapist answers, and it reaches the open page live: the page hears its conversation.
    const conversation = await api.ok<{ id: number }>('/app/chat/conversations', {
      token: provider.session.token,
      body: { orderId: order.id },
    });
    await api.ok(`/app/chat/conversations/${conversation.id}/messages`, {
      token: provider.session.token,
      body: { type: 'text', uniqueId: crypto.randomUUID(), body: 'Relax, ten more minutes' },
    });
    await page.getByTestId('chat-message').filter({ hasText: 'Relax, ten more minutes' }).waitFor();

    // The therapist ends the service while the customer's conversation is open: without a reload,
    // the composer and the call button give way to the notice saying why (decision 103, follow-up).
    await page.evaluate(() => {
      (window as { sameDocument?: boolean }).sameDocument = true;
    });
    await api.ok(`/app/orders/${order.id}/transitions`, {
      token: provider.session.token,
      body: { transition: 'end', reason: 'The customer asked to stop early' },
    });
    await page.getByTestId('chat-closed').getByText(chatEn.closed.chatClosed).waitFor();
    await input.waitFor({ state: 'detached' });
    expect(await page.getByRole('button', { name: chatEn.call.start }).count()).toBe(0);
    expect(await page.getByTestId('chat-message').filter({ hasText: 'I am at the blue gate' }).count()).toBe(
      1,
    );
    expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
    await shoot(page, 'ended-live-en');

    // And the server refuses a message from now on, saying why.
    const refused = await api.call(`/app/chat/conversations/${conversation.id}/messages`, {
      token: customer.token,
      body: { type: 'text', uniqueId: crypto.randomUUID(), body: 'One more thing' },
    });
    expect(refused).toMatchObject({ code: 5002, msg: chatEn.closed.chatClosed });

    // Opened again: the history stays; the composer and the call button are gone, the notice says
    // why and offers feedback on this order and booking the therapist again.
    await page.goto(chatUrl);
    const notice = page.getByTestId('chat-closed');
    await notice.getByText(chatEn.closed.chatClosed).waitFor();
    await page.getByTestId('chat-message').filter({ hasText: 'I am at the blue gate' }).waitFor();
    expect(await page.getByRole('textbox', { name: chatEn.input.label }).count()).toBe(0);
    expect(await page.getByRole('button', { name: chatEn.call.start }).count()).toBe(0);
    const feedback = notice.getByRole('link', { name: chatEn.closed.feedback });
    expect(await feedback.getAttribute('href')).toBe(`/my/order/feedback?ordersId=${order.id}`);
    const bookAgain = notice.getByRole('link', { name: chatEn.closed.bookAgain });
    expect(await bookAgain.getAttribute('href')).toBe(`/therapist/orderDetail?id=${provider.therapistId}`);
    await shoot(page, 'ended-en');

    // The same in Khmer.
    const khmer = await signedInContext(journey.launched.browser, customer, 'km');
    const kmPage = await khmer.newPage();
    kmPage.on('pageerror', (error) => errors.push(error.message));
    await kmPage.goto(chatUrl);
    const kmNotice = kmPage.getByTestId('chat-closed');
    await kmNotice.getByText(chatKm.closed.chatClosed).waitFor();
    await kmNotice.getByRole('link', { name: chatKm.closed.feedback }).waitFor();
    await kmNotice.getByRole('link', { name: chatKm.closed.bookAgain }).waitFor();
    expect(await kmPage.getByRole('textbox', { name: chatKm.input.label }).count()).toBe(0);
    await shoot(kmPage, 'ended-km');

    // Booking again opens the therapist's page, which names them.
    await bookAgain.click();
    await page.waitForURL(`**/therapist/orderDetail?id=${provider.therapistId}`);
    await page.getByText(provider.name).first().waitFor();
    expect(await page.getByText(provider.name).first().isVisible()).toBe(true);

    expect(errors).toEqual([]);
    await Promise.all([english.close(), khmer.close()]);
  });
});
