import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../support/api';
import { lookAt, signedInContext } from '../support/browser';
import { setUpJourney } from '../support/journey';

/**
 * Feedback (decision 053) in real Chromium, in Vietnamese: the demo customer sends feedback linked
 * to one of their orders (picked on selectOrder, the draft kept) with a photo; customer service, in a
 * second context, replies on the feedback desk and marks it handled; the customer's details page
 * shows the reply and the status without a reload. Screenshots of the feedback pages in vi and en.
 */
const journey = setUpJourney({ env: { NODE_ENV: 'development', LOG_LEVEL: 'warn' } });
const SHOTS = process.env.FEEDBACK_SHOTS_DIR ?? '/tmp/shots-s3-feedback';
const DEMO_CUSTOMER = DEMO_ACCOUNTS.customer;
const DEMO_SUPPORT = DEMO_ACCOUNTS.support;

type Envelope<T> = { code: number; msg: string; data: T };
interface Session {
  token: string;
  user: Record<string, unknown>;
}
async function call<T>(method: string, path: string, token?: string, body?: unknown) {
  const response = await fetch(`${journey.server.baseUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await response.json()) as Envelope<T>;
}

async function login(credentials: typeof DEMO_CUSTOMER): Promise<Session> {
  const session = await call<Session>('POST', '/app/auth/login/password', undefined, credentials);
  expect(session.code).toBe(0);
  return session.data;
}

const signedIn = (session: Session, language: string) =>
  signedInContext(journey.launched.browser, session, language);

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready);
  // From the top, so the sticky title bar is not drawn in the middle of a full-page shot.
  await page.evaluate(() => window.scrollTo(0, 0));
  await lookAt(page, { path: `${SHOTS}/${name}.png`, fullPage: true });
}

const photo = () =>
  sharp({ create: { width: 480, height: 360, channels: 3, background: '#2f6f8f' } })
    .jpeg()
    .toBuffer();

describe('feedback', () => {
  it('is sent in Vietnamese with an order and a photo, answered and handled by customer service, and the customer reads the reply', async () => {
    const customer = await login(DEMO_CUSTOMER);
    const context = await signedIn(customer, 'vi');
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));

    await page.goto(`${journey.server.baseUrl}/my/feedback/index`);
    await page.getByRole('button', { name: 'Gửi góp ý' }).click();
    // Nothing chosen: the form says what is missing and sends nothing.
    await page.getByText('Vui lòng chọn loại góp ý.').waitFor();
    await page.getByText('Vui lòng mô tả góp ý của bạn.').waitFor();
    await shot(page, 'feedback-index-errors-vi');
    await page.getByRole('option', { name: 'Vấn đề đơn hàng' }).click();
    await page.getByLabel('Mô tả').fill('Kỹ thuật viên đến muộn 15 phút.');

    // Pick one of my orders; the draft comes back with the choice.
    await page.getByRole('button', { name: 'Chọn đơn hàng' }).click();
    await page.waitForURL('**/my/feedback/selectOrder');
    const firstOrder = page.locator('.feedback-select__item').nth(1);
    await firstOrder.waitFor();
    await shot(page, 'feedback-select-order-vi');
    const orderLabel =
      (await firstOrder.locator('.feedback-select__text > span').first().textContent()) ?? '';
    expect(orderLabel).toMatch(/^Đơn /);
    await firstOrder.click();
    await page.waitForURL('**/my/feedback/index?ordersId=*');
    await page.getByRole('button', { name: orderLabel }).waitFor();
    expect(await page.getByLabel('Mô tả').inputValue()).toBe('Kỹ thuật viên đến muộn 15 phút.');

    await page.getByLabel('Liên hệ (không bắt buộc)').fill('Telegram @khach');
    await page.locator('input[type="file"]').setInputFiles({
      name: 'photo.jpg',
      mimeType: 'image/jpeg',
      buffer: await photo(),
    });
    await page.locator('.adm-image-uploader-cell img').first().waitFor();
    await page.waitForFunction(() => !document.querySelector('.adm-image-uploader-cell-loading'));
    await shot(page, 'feedback-index-vi');
    await page.getByRole('button', { name: 'Gửi góp ý' }).click();
    await page.waitForURL('**/my/feedback/details?id=*');
    await page.getByText('Chờ xử lý').first().waitFor();
    await page.getByText(orderLabel).first().waitFor();
    expect(await page.locator('.complaint-card__images img').count()).toBe(1);

    // Customer service, in a second context, replies on the desk and marks it handled.
    const support = await login(DEMO_SUPPORT);
    const desk = await signedIn(support, 'vi');
    const deskPage = await desk.newPage();
    deskPage.on('pageerror', (error) => errors.push(error.message));
    await deskPage.goto(`${journey.server.baseUrl}/desk/feedback`);
    await deskPage.getByText('Kỹ thuật viên đến muộn 15 phút.').first().waitFor();
    await shot(deskPage, 'desk-feedback-vi');
    await deskPage.getByRole('link', { name: 'Vấn đề đơn hàng' }).first().click();
    await deskPage.waitForURL('**/desk/feedback/details?id=*');
    await deskPage.getByLabel('Trả lời khách hàng').fill('Xin lỗi bạn, chúng tôi đã nhắc nhở kỹ thuật viên.');
    await deskPage.getByRole('button', { name: 'Gửi trả lời' }).click();
    await deskPage.getByText('Đang xử lý').first().waitFor();
    await deskPage.getByRole('button', { name: 'Đánh dấu đã xử lý' }).click();
    await deskPage.getByRole('dialog').getByRole('button', { name: 'Đánh dấu đã xử lý' }).click();
    await deskPage.getByText('Đã đổi trạng thái; khách hàng đã được thông báo').waitFor();
    await shot(deskPage, 'desk-feedback-details-vi');
    await desk.close();

    // The customer's open page hears user:<me> and shows the reply and the new status.
    await page.getByText('Xin lỗi bạn, chúng tôi đã nhắc nhở kỹ thuật viên.').waitFor();
    await page.getByText('Đã xử lý').first().waitFor();
    await page.getByLabel('Trả lời của bạn').fill('Cảm ơn!');
    await shot(page, 'feedback-details-vi');
    // Me links to the list.
    await page.goto(`${journey.server.baseUrl}/my`);
    await page.getByRole('link', { name: 'Góp ý của tôi' }).click();
    await page.waitForURL('**/my/feedback/list');
    await page.getByText('1 trả lời').first().waitFor();
    await shot(page, 'feedback-list-vi');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the feedback pages in English', async () => {
    const customer = await login(DEMO_CUSTOMER);
    const orders = await call<{ items: { id: number; kind: string }[] }>(
      'GET',
      '/app/orders?tab=all&pageSize=50',
      customer.token,
    );
    const inStore = orders.data.items.find((order) => order.kind === 'inStore');
    if (!inStore) throw new Error('the demo customer has no in-store order');
    const context = await signedIn(customer, 'en');
    const page = await context.newPage();
    await page.goto(`${journey.server.baseUrl}/my/feedback/index`);
    await page.getByRole('option', { name: 'Suggestion' }).click();
    await page.getByLabel('Description').fill('Please add a dark mode.');
    await shot(page, 'feedback-index-en');
    await page.goto(`${journey.server.baseUrl}/my/feedback/selectOrder`);
    await page.locator('.feedback-select__item').nth(1).waitFor();
    await shot(page, 'feedback-select-order-en');
    await page.goto(`${journey.server.baseUrl}/my/feedback/list`);
    await page.getByText('1 reply').first().waitFor();
    await shot(page, 'feedback-list-en');
    await page.locator('.feedback-card a').first().click();
    await page.getByText('Customer service', { exact: false }).first().waitFor();
    await shot(page, 'feedback-details-en');
    // The in-store order's page opens the spec's instoreFeedback with the order linked.
    await page.goto(`${journey.server.baseUrl}/my/order/pay?ordersId=${inStore.id}`);
    await page.getByRole('link', { name: 'Feedback', exact: true }).click();
    await page.waitForURL(`**/my/order/instoreFeedback?ordersId=${inStore.id}`);
    await page.getByRole('button', { name: 'Send feedback' }).waitFor();
    await shot(page, 'instore-feedback-en');
    await context.close();

    const support = await login(DEMO_SUPPORT);
    const desk = await signedIn(support, 'en');
    const deskPage = await desk.newPage();
    await deskPage.goto(`${journey.server.baseUrl}/desk/feedback`);
    await deskPage.getByRole('tab', { name: 'Handled' }).click();
    await deskPage.getByText('Kỹ thuật viên đến muộn 15 phút.').first().waitFor();
    await shot(deskPage, 'desk-feedback-en');
    // The handled tab is the one shown, and the Vietnamese feedback is in it.
    expect(await deskPage.getByRole('tab', { name: 'Handled' }).getAttribute('aria-selected')).toBe('true');
    await desk.close();
  });
});
