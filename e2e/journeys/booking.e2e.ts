import { copyFileSync, mkdirSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { lookAt, phoneContext, SCREENSHOTS } from '../support/browser';
import { setUpJourney } from '../support/journey';
import { untilStill } from '../support/still';

const journey = setUpJourney();

/** The demo therapist's login (README "Demo logins"): it opens its week so the journey has free times. */
const DEMO_THERAPIST = { areaCode: '855', phone: '012345678', password: 'sabai-demo' };
/** Screenshots are also copied where the team looks at them, outside the repository. */
const SHOTS = process.env.BOOKING_SHOTS_DIR;

type Envelope<T> = { code: number; msg: string; data: T };
async function call<T>(method: string, path: string, token?: string, body?: unknown): Promise<Envelope<T>> {
  const response = await fetch(`${journey.server.baseUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await response.json()) as Envelope<T>;
}

async function smsCode(e164: string): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const body = await call<{ code: string }[]>(
      'GET',
      `/app/dev/sms-outbox?phone=${encodeURIComponent(e164)}`,
    );
    if (body.data[0]?.code) return body.data[0].code;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no SMS to ${e164}`);
}

interface TherapistCard {
  id: number;
  name: string;
  location: { lat: number; lng: number };
}

/** The demo therapist works around the clock this week, so any hour of the run has free starts. */
async function openTheDemoTherapistsWeek(): Promise<TherapistCard> {
  const session = await call<{ token: string; user: { nickname: string } }>(
    'POST',
    '/app/auth/login/password',
    undefined,
    DEMO_THERAPIST,
  );
  expect(session.code).toBe(0);
  const week = Array.from({ length: 7 }, (_, index) => ({
    weekday: index + 1,
    start: '00:00',
    end: '24:00',
  }));
  const saved = await call('PUT', '/app/therapists/me/schedule', session.data.token, {
    weeklyShifts: week,
    daysOff: [],
  });
  expect(saved.code).toBe(0);
  for (let page = 1; page <= 10; page += 1) {
    const list = await call<{ items: TherapistCard[]; hasMore: boolean }>(
      'GET',
      `/app/therapists?page=${page}&pageSize=50`,
    );
    const found = list.data.items.find((card) => card.name === session.data.user.nickname);
    if (found) return found;
    if (!list.data.hasMore) break;
  }
  throw new Error('the demo therapist is not listed');
}

/** A new customer (signed up through the API) with one address beside the therapist. */
async function customerBeside(therapist: TherapistCard, language: string) {
  const digits = String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0');
  const phone = { typed: `012 ${digits.slice(0, 3)} ${digits.slice(3)}`, e164: `+85512${digits}` };
  await call('POST', '/app/auth/sms-codes', undefined, {
    areaCode: '855',
    phone: phone.typed,
    purpose: 'register',
  });
  const session = await call<{ token: string; user: unknown }>('POST', '/app/auth/register', undefined, {
    areaCode: '855',
    phone: phone.typed,
    code: await smsCode(phone.e164),
    password: 'Sabai-2026-pass',
    agreeTerms: true,
  });
  expect(session.code).toBe(0);
  const address = await call<{ id: number }>('POST', '/app/addresses', session.data.token, {
    contactName: 'Dara Sok',
    genderTitle: 'ms',
    areaCode: '855',
    phone: phone.typed,
    placeType: 'house',
    detail: 'Street 51, Boeng Keng Kang 1',
    houseNumber: '12A',
    arrivalNotes: 'Blue gate',
    lat: therapist.location.lat + 0.005,
    lng: therapist.location.lng,
    isDefault: true,
  });
  expect(address.code).toBe(0);
  const context = await phoneContext(journey.launched.browser, language);
  await context.addInitScript(
    ({ token, user }) => {
      localStorage.setItem('sabai.token', JSON.stringify(token));
      localStorage.setItem('sabai.userInfo', JSON.stringify(user));
    },
    { token: session.data.token, user: session.data.user },
  );
  return { context, token: session.data.token, addressId: address.data.id };
}

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await untilStill(page);
}

async function shoot(page: Page, name: string) {
  const path = `${SCREENSHOTS}${name}.png`;
  await lookAt(page, { path });
  if (SHOTS) {
    mkdirSync(SHOTS, { recursive: true });
    copyFileSync(path, `${SHOTS}/${name}.png`);
  }
}

/** Strings of the page in each language the journey runs in. */
const TEXT = {
  en: {
    book: 'Book',
    heading: 'Confirm order',
    agree: 'I agree to the Order Agreement',
    submit: 'Confirm and pay',
    payable: 'Amount payable',
    price: 'Price',
    // The city by name and its offset, never the zone id (issue #31).
    zone: 'Times are Phnom Penh time (UTC+7)',
  },
  km: {
    book: 'កក់',
    heading: 'បញ្ជាក់ការកម្មង់',
    agree: 'ខ្ញុំយល់ព្រមលើកិច្ចព្រមព្រៀងការកម្មង់',
    submit: 'បញ្ជាក់ និងបង់ប្រាក់',
    payable: 'ចំនួនត្រូវបង់',
    price: 'តម្លៃ',
    zone: 'ម៉ោងទាំងនេះជាម៉ោងភ្នំពេញ (UTC+7)',
  },
} as const;

describe('booking a home visit', () => {
  for (const language of ['en', 'km'] as const) {
    it(`a customer opens a therapist, books a free time, sees the breakdown and lands on the new order (${language})`, async () => {
      const therapist = await openTheDemoTherapistsWeek();
      const customer = await customerBeside(therapist, language);
      const context: BrowserContext = customer.context;
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      const text = TEXT[language];

      await page.goto(`${journey.server.baseUrl}/therapist/orderDetail?id=${therapist.id}`);
      const book = page.locator('a.bookable-project__book').first();
      await book.waitFor();
      expect((await book.textContent())?.trim()).toBe(text.book);
      await book.scrollIntoViewIfNeeded();
      await settle(page);
      await shoot(page, `booking-therapist-book-${language}`);
      if (language === 'en') {
        // Through the project's page: opened from the therapist, it offers booking with them.
        await page.locator('.bookable-project a.project-card').first().click();
        await page.waitForURL(`**/index/order/order?id=*&therapistId=${therapist.id}`);
        await page.getByRole('button', { name: 'Book with this therapist' }).click();
      } else {
        await book.click();
      }
      await page.waitForURL(`**/index/order/orderDet?therapistId=${therapist.id}&projectId=*`);
      await page.getByRole('heading', { name: text.heading, level: 1 }).waitFor();

      // The address is the customer's default; the first free start of the first day with one.
      await page.getByText('Street 51, Boeng Keng Kang 1').first().waitFor();
      await page.getByText(text.zone, { exact: true }).waitFor();
      expect(await page.getByText('Asia/Phnom_Penh').count()).toBe(0);
      const slots = page.locator('.slot-picker__slot');
      for (let day = 0; day < 7 && (await slots.count()) === 0; day += 1) {
        await page.getByRole('tab').nth(day).click();
        await page.waitForLoadState('networkidle');
      }
      await slots.first().waitFor();
      await slots.first().click();
      const breakdown = page.locator('.price-breakdown__row--total');
      await breakdown.waitFor();
      expect(await breakdown.textContent()).toContain(text.payable);
      await settle(page);
      await shoot(page, `booking-page-${language}`);
      await page.getByRole('region', { name: text.price }).scrollIntoViewIfNeeded();
      await settle(page);
      await shoot(page, `booking-price-breakdown-${language}`);

      await page.getByText('Street 51, Boeng Keng Kang 1').first().scrollIntoViewIfNeeded();
      await settle(page);
      await shoot(page, `booking-address-contact-${language}`);

      await page.getByRole('checkbox', { name: text.agree }).click();
      await page.getByRole('button', { name: text.submit }).click();
      await page.waitForURL('**/index/pay?ordersId=*');
      const orderId = Number(new URL(page.url()).searchParams.get('ordersId'));
      const order = await call<{
        status: string;
        therapistId: number;
        kind: string;
        payable: number;
        quote: { payable: number; travelFee: number; service: number };
        address: { id?: number } | null;
        contactName: string;
      }>('GET', `/app/orders/${orderId}`, customer.token);
      expect(order.code).toBe(0);
      expect(order.data).toMatchObject({
        status: 'pendingPayment',
        kind: 'homeVisit',
        therapistId: therapist.id,
        contactName: 'Dara Sok',
      });
      expect(order.data.payable).toBe(order.data.quote.payable);
      expect(order.data.quote.service).toBeGreaterThan(0);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('a customer books a store visit from the store page: a time in opening hours, no travel fee', async () => {
    const therapist = await openTheDemoTherapistsWeek();
    const customer = await customerBeside(therapist, 'en');
    const page = await customer.context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const stores = await call<{ items: { id: number }[] }>('GET', '/app/stores?page=1&pageSize=5');
    const storeId = stores.data.items[0]?.id;
    await page.goto(`${journey.server.baseUrl}/instore/orderDetail?id=${storeId}`);
    await page.locator('a.bookable-project__book').first().click();
    await page.waitForURL(`**/instore/orderDet?storeId=${storeId}&projectId=*`);
    await page.getByRole('heading', { name: 'Book a store visit', level: 1 }).waitFor();
    const slots = page.locator('.slot-picker__slot');
    for (let day = 0; day < 7 && (await slots.count()) === 0; day += 1) {
      await page.getByRole('tab').nth(day).click();
    }
    await slots.first().click();
    const total = page.locator('.price-breakdown__row--total');
    await total.waitFor();
    expect(await page.locator('[data-line="travelFee"]').count()).toBe(0);
    await page.getByText('No travel fee for a store visit').waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await settle(page);
    await shoot(page, 'booking-in-store-en');
    await page.getByRole('region', { name: TEXT.en.price }).scrollIntoViewIfNeeded();
    await settle(page);
    await shoot(page, 'booking-in-store-price-en');
    await page.getByRole('checkbox', { name: TEXT.en.agree }).click();
    await page.getByRole('button', { name: TEXT.en.submit }).click();
    await page.waitForURL('**/index/pay?ordersId=*');
    const orderId = Number(new URL(page.url()).searchParams.get('ordersId'));
    const order = await call<{ kind: string; storeId: number; quote: { travelFee: number } }>(
      'GET',
      `/app/orders/${orderId}`,
      customer.token,
    );
    expect(order.data).toMatchObject({ kind: 'inStore', storeId, quote: { travelFee: 0 } });
    expect(errors).toEqual([]);
    await customer.context.close();
  });
});
