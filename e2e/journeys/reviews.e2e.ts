import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, journeyApi, type Session } from '../support/api';
import { lookAt, signedInContext } from '../support/browser';
import { setUpJourney } from '../support/journey';
import { untilStill } from '../support/still';

/**
 * Reviews and complaints (decision 049) in real Chromium, in Vietnamese: the demo customer reviews
 * their order waiting for a review with two tags and a photo, and the rating shows on the
 * therapist's page; then complains about it with an image; customer service (a second context)
 * rejects it with a reply through the staff route; the customer sees the reply and the
 * notification. Screenshots of evaluate, complain and tousuList at 390×844 in en and vi.
 */
const journey = setUpJourney({ env: { NODE_ENV: 'development', LOG_LEVEL: 'warn' } });
const SHOTS = process.env.REVIEW_SHOTS_DIR ?? '/work/shots/reviews';
const { call, login } = journeyApi(journey);
const DEMO_CUSTOMER = DEMO_ACCOUNTS.customer;
const DEMO_SUPPORT = DEMO_ACCOUNTS.support;

const signedIn = (session: Session, language: string) =>
  signedInContext(journey.launched.browser, session, language);

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.waitForLoadState('networkidle');
  await untilStill(page);
  await lookAt(page, { path: `${SHOTS}/${name}.png`, fullPage: true });
}

const photo = () =>
  sharp({ create: { width: 480, height: 360, channels: 3, background: '#2f8f6f' } })
    .jpeg()
    .toBuffer();

interface OrderSummary {
  id: number;
  status: string;
  therapistId: number | null;
  orderNumber: string;
}

describe('reviews and complaints', () => {
  it('reviews a finished order in Vietnamese, files a complaint, customer service rejects it and the customer reads the reply', async () => {
    const customer = await login(DEMO_CUSTOMER);
    const finished = await call<{ items: OrderSummary[] }>('/app/orders?tab=all&pageSize=50', {
      token: customer.token,
    });
    const order = finished.data.items.find((item) => item.status === 'pendingReview');
    if (!order?.therapistId) throw new Error('the demo customer has no order waiting for a review');
    const before = await call<{ reviewCount: number }>(`/app/therapists/${order.therapistId}`);

    const context = await signedIn(customer, 'vi');
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));

    // From the order's page: Đánh giá (Review).
    await page.goto(`${journey.server.baseUrl}/my/order/pay?ordersId=${order.id}`);
    await page.getByRole('button', { name: 'Đánh giá', exact: true }).click();
    await page.waitForURL(`**/my/order/evaluate?ordersId=${order.id}`);
    await page.getByRole('button', { name: 'Gửi đánh giá' }).waitFor();
    // Nothing chosen: the page says what is missing and sends nothing.
    await page.getByRole('button', { name: 'Gửi đánh giá' }).click();
    await page.getByText('Vui lòng chấm từ 1 đến 5 sao.').waitFor();
    await shot(page, 'evaluate-vi');

    await page.getByRole('button', { name: '5 sao', exact: true }).click();
    await page.getByRole('option', { name: 'Chuyên nghiệp' }).click();
    await page.getByRole('option', { name: 'Đúng giờ' }).click();
    await page.getByLabel('Chia sẻ thêm (không bắt buộc)').fill('Tay nghề rất tốt, đến đúng giờ.');
    await page.locator('input[type="file"]').setInputFiles({
      name: 'photo.jpg',
      mimeType: 'image/jpeg',
      buffer: await photo(),
    });
    await page.locator('.adm-image-uploader-cell img').first().waitFor();
    await page.waitForFunction(() => !document.querySelector('.adm-image-uploader-cell-loading'));
    await shot(page, 'evaluate-filled-vi');
    await page.getByRole('button', { name: 'Gửi đánh giá' }).click();
    await page.waitForURL(`**/my/order/evaluationSuccess?ordersId=${order.id}`);
    await page.getByRole('heading', { name: 'Đánh giá của bạn đã được đăng' }).waitFor();
    await shot(page, 'evaluation-success-vi');

    // The rating and the review show on the therapist's page.
    const after = await call<{ reviewCount: number; rating: number }>(`/app/therapists/${order.therapistId}`);
    expect(after.data.reviewCount).toBe(before.data.reviewCount + 1);
    await page.goto(`${journey.server.baseUrl}/therapist/orderDetail?id=${order.therapistId}`);
    await page.getByText(`${after.data.reviewCount} đánh giá`).first().waitFor();
    await page.getByText('Tay nghề rất tốt, đến đúng giờ.').waitFor();
    await page.locator('.review__tags').getByText('Chuyên nghiệp').first().waitFor();
    expect(await page.locator('.review__photos img').count()).toBeGreaterThan(0);
    await page.locator('.review__photos').first().scrollIntoViewIfNeeded();
    await shot(page, 'therapist-reviews-vi');

    // A complaint about the same order, with an image.
    await page.goto(`${journey.server.baseUrl}/my/order/complain?ordersId=${order.id}`);
    await page.getByRole('button', { name: 'Gửi khiếu nại' }).waitFor();
    await page.getByRole('button', { name: 'Gửi khiếu nại' }).click();
    await page.getByText('Vui lòng thêm ít nhất một ảnh.').waitFor();
    await shot(page, 'complain-vi');
    await page.getByRole('option', { name: 'Đến muộn hoặc không đến' }).click();
    await page.getByLabel('Tiêu đề').fill('Đến muộn 20 phút');
    await page.getByLabel('Chuyện gì đã xảy ra?').fill('Kỹ thuật viên đến muộn mà không báo trước.');
    await page.locator('input[type="file"]').setInputFiles({
      name: 'proof.jpg',
      mimeType: 'image/jpeg',
      buffer: await photo(),
    });
    await page.locator('.adm-image-uploader-cell img').first().waitFor();
    await page.waitForFunction(() => !document.querySelector('.adm-image-uploader-cell-loading'));
    await page.getByRole('button', { name: 'Gửi khiếu nại' }).click();
    await page.waitForURL('**/my/order/tousuList');
    await page.getByRole('heading', { name: 'Đến muộn 20 phút' }).waitFor();
    await page.getByText('Chờ xem xét').first().waitFor();
    await shot(page, 'tousu-list-pending-vi');

    // Customer service, in a second context, rejects it with a reply on the desk's complaints page.
    const support = await login(DEMO_SUPPORT);
    const desk = await signedIn(support, 'vi');
    const deskPage = await desk.newPage();
    deskPage.on('pageerror', (error) => errors.push(error.message));
    await deskPage.goto(`${journey.server.baseUrl}/desk/complaints`);
    const card = deskPage.locator('.complaint-list > *').filter({
      has: deskPage.getByRole('heading', { name: 'Đến muộn 20 phút' }),
    });
    await card.first().waitFor();
    await card.first().getByLabel('Trả lời khách hàng').fill('Theo định vị, kỹ thuật viên đã đến đúng giờ.');
    await shot(deskPage, 'desk-complaints-vi');
    await card.first().getByRole('button', { name: 'Từ chối' }).click();
    await deskPage.getByRole('dialog').getByRole('button', { name: 'Từ chối' }).click();
    await deskPage.getByText('Đã gửi quyết định cho khách hàng').waitFor();
    await desk.close();

    // The customer reads the reply without reloading (the list hears user:<me>), and the notification.
    await page.getByText('Theo định vị, kỹ thuật viên đã đến đúng giờ.').waitFor();
    await page.getByText('Đã từ chối').first().waitFor();
    await shot(page, 'tousu-list-vi');
    let keys: string[] = [];
    for (let attempt = 0; attempt < 40 && !keys.includes('complaintRejected'); attempt += 1) {
      const notes = await call<{ items: { messageKey: string; text: string }[] }>('/app/notifications', {
        token: customer.token,
      });
      keys = notes.data.items.map((note) => note.messageKey);
      if (!keys.includes('complaintRejected')) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(keys).toContain('complaintRejected');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows evaluate, complain and tousuList in English', async () => {
    const customer = await login(DEMO_CUSTOMER);
    const orders = await call<{ items: OrderSummary[] }>('/app/orders?tab=all&pageSize=50', {
      token: customer.token,
    });
    const order = orders.data.items.find(
      (item) => item.status === 'serviceEnded' || item.status === 'completed',
    );
    if (!order) throw new Error('no finished demo order');
    const context = await signedIn(customer, 'en');
    const page = await context.newPage();
    await page.goto(`${journey.server.baseUrl}/my/order/evaluate?ordersId=${order.id}`);
    await page.getByRole('button', { name: /Submit review|Save changes/ }).waitFor();
    await page.getByRole('option', { name: 'Relaxing' }).click();
    await page.getByRole('button', { name: '4 stars', exact: true }).click();
    await shot(page, 'evaluate-en');
    await page.goto(`${journey.server.baseUrl}/my/order/complain?ordersId=${order.id}`);
    await page.getByRole('button', { name: 'Submit complaint' }).waitFor();
    await page.getByRole('option', { name: 'Service quality' }).click();
    await shot(page, 'complain-en');
    await page.goto(`${journey.server.baseUrl}/my/order/tousuList`);
    await page.getByRole('heading', { name: 'Đến muộn 20 phút' }).waitFor();
    await page.getByText('Customer service replied').first().waitFor();
    await shot(page, 'tousu-list-en');
    // The English list reads the complaint rejected, with customer service's reply as written.
    const complaint = page
      .locator('.complaint-card')
      .filter({ has: page.getByRole('heading', { name: 'Đến muộn 20 phút' }) })
      .first();
    expect(await complaint.innerText()).toContain('Rejected');
    expect(await complaint.getByRole('region', { name: 'Customer service replied' }).innerText()).toContain(
      'Theo định vị, kỹ thuật viên đã đến đúng giờ.',
    );
    await context.close();
  });
});
