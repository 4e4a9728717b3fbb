import { copyFileSync, mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { lookAt, phoneContext, SCREENSHOTS } from '../support/browser';
import { setUpJourney } from '../support/journey';
import { untilStill } from '../support/still';

/**
 * Coupons and the VIP card (decision 043) in real Chromium against the real server: customer
 * service makes redeem codes, the customer redeems one on my/hongbao/youhuijuan, picks it while
 * booking (the quote shows the coupon line), and opens the VIP page (demo data opens 3099).
 * Screenshots at 390×844 in English and Thai.
 */
const journey = setUpJourney();
const SHOTS = process.env.COUPON_SHOTS_DIR;
const DEMO_THERAPIST = { areaCode: '855', phone: '012345678', password: 'sabai-demo' };
const DEMO_SUPPORT = { areaCode: '855', phone: '012345679', password: 'sabai-support' };

type Envelope<T> = { code: number; msg: string; data: T };
async function call<T>(method: string, path: string, token?: string, body?: unknown, key?: string) {
  const response = await fetch(`${journey.server.baseUrl}${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { token } : {}),
      ...(key ? { 'idempotency-key': key } : {}),
    },
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

async function codes(count: number, terms: Record<string, unknown>): Promise<string[]> {
  const staff = await call<{ token: string }>('POST', '/app/auth/login/password', undefined, DEMO_SUPPORT);
  expect(staff.code).toBe(0);
  const batch = await call<{ codes: string[] }>(
    'POST',
    '/app/staff/coupon-batches',
    staff.data.token,
    {
      currency: 'USD',
      validFrom: new Date(Date.now() - 86_400_000).toISOString(),
      validUntil: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      count,
      reason: 'Browser journey',
      ...terms,
    },
    `batch-${Math.random()}`,
  );
  expect(batch.code).toBe(0);
  return batch.data.codes;
}

interface TherapistCard {
  id: number;
  name: string;
  location: { lat: number; lng: number };
}
async function demoTherapist(): Promise<TherapistCard> {
  const session = await call<{ token: string; user: { nickname: string } }>(
    'POST',
    '/app/auth/login/password',
    undefined,
    DEMO_THERAPIST,
  );
  const week = Array.from({ length: 7 }, (_, index) => ({
    weekday: index + 1,
    start: '00:00',
    end: '24:00',
  }));
  await call('PUT', '/app/therapists/me/schedule', session.data.token, { weeklyShifts: week, daysOff: [] });
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

async function customer(language: string, near: TherapistCard) {
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
  await call('POST', '/app/addresses', session.data.token, {
    contactName: 'Dara Sok',
    genderTitle: 'ms',
    areaCode: '855',
    phone: phone.typed,
    placeType: 'house',
    detail: 'Street 51, Boeng Keng Kang 1',
    houseNumber: '12A',
    arrivalNotes: '',
    lat: near.location.lat + 0.005,
    lng: near.location.lng,
    isDefault: true,
  });
  const context = await phoneContext(journey.launched.browser, language);
  await context.route(/tile\.openstreetmap\.org/, (route) => route.abort());
  await context.addInitScript(
    ({ token, user }) => {
      localStorage.setItem('sabai.token', JSON.stringify(token));
      localStorage.setItem('sabai.userInfo', JSON.stringify(user));
    },
    { token: session.data.token, user: session.data.user },
  );
  return { context, token: session.data.token };
}

async function settle(page: Page) {
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

const TEXT = {
  en: {
    redeem: 'Redeem',
    redeemLabel: 'Redeem code',
    used: 'Used',
    couponRow: /^Coupon/,
    buy: 'Buy with wallet',
    perYear: / a year$/,
    fromWallet: 'from your wallet',
  },
  th: {
    redeem: 'แลก',
    redeemLabel: 'รหัสแลกคูปอง',
    used: 'ใช้แล้ว',
    couponRow: /^คูปอง/,
    buy: 'ซื้อด้วยกระเป๋าเงิน',
    perYear: / ต่อปี$/,
    fromWallet: 'จากกระเป๋าเงินของคุณ',
  },
} as const;

describe('coupons and the VIP card', () => {
  for (const language of ['en', 'th'] as const) {
    it(`redeems a code, picks the coupon while booking and shows the VIP card (${language})`, async () => {
      const text = TEXT[language];
      const therapist = await demoTherapist();
      const { context, token } = await customer(language, therapist);
      const [fiveOff] = await codes(1, { kind: 'amount', amount: 500 });
      const [tenPercent] = await codes(1, { kind: 'percent', percentBasisPoints: 1000, capAmount: 300 });
      const [bigMinimum] = await codes(1, { kind: 'amount', amount: 1000, minimumAmount: 100_000 });
      for (const code of [tenPercent, bigMinimum])
        expect((await call('POST', '/app/coupons/redeem', token, { code }, `r-${code}`)).code).toBe(0);

      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));

      // The Me page lists the entries.
      await page.goto(`${journey.server.baseUrl}/my`);
      await page.locator('a[href="/my/hongbao/youhuijuan"]').waitFor();
      await page.locator('a[href="/my/vip/index"]').waitFor();

      await page.goto(`${journey.server.baseUrl}/my/hongbao/youhuijuan`);
      await page.locator('.coupon-card').first().waitFor();
      await settle(page);
      await shoot(page, `coupons-list-${language}`);
      await page.getByRole('textbox', { name: text.redeemLabel }).fill(fiveOff as string);
      await page.getByRole('button', { name: text.redeem, exact: true }).click();
      await expect.poll(() => page.locator('.coupon-card').count()).toBe(3);
      await settle(page);
      await shoot(page, `coupons-redeemed-${language}`);
      await page.getByRole('tab', { name: text.used, exact: true }).click();
      await settle(page);
      await shoot(page, `coupons-used-empty-${language}`);

      // Booking: the picker offers the coupons that fit and the quote shows the coupon line.
      const projects = await call<{ projects: { id: number }[] }>('GET', `/app/therapists/${therapist.id}`);
      const projectId = projects.data.projects?.[0]?.id;
      await page.goto(
        `${journey.server.baseUrl}/index/order/orderDet?therapistId=${therapist.id}&projectId=${projectId}`,
      );
      await page.getByText('Street 51, Boeng Keng Kang 1').first().waitFor();
      const slots = page.locator('.slot-picker__slot');
      for (let day = 0; day < 7 && (await slots.count()) === 0; day += 1) {
        await page.getByRole('tab').nth(day).click();
        await page.waitForLoadState('networkidle');
      }
      await slots.first().click();
      const row = page.getByRole('button', { name: text.couponRow });
      await expect.poll(() => row.isEnabled()).toBe(true);
      await row.click();
      await page.locator('.coupon-picker__sheet .coupon-card').first().waitFor();
      await settle(page);
      await shoot(page, `booking-coupon-picker-${language}`);
      await page.locator('.coupon-picker__option:not([disabled])').first().click();
      await expect.poll(async () => page.locator('[data-line="coupon"] dd').textContent()).toMatch(/^−/);
      await page.locator('.price-breakdown').scrollIntoViewIfNeeded();
      await settle(page);
      await shoot(page, `booking-coupon-line-${language}`);

      // VIP: on sale in the demo; the confirmation comes before any payment.
      await page.goto(`${journey.server.baseUrl}/my/vip/index`);
      await page.getByRole('button', { name: text.buy }).waitFor();
      await settle(page);
      await shoot(page, `vip-page-${language}`);
      await page.getByRole('button', { name: text.buy }).click();
      await page.getByRole('dialog').waitFor();
      await settle(page);
      await shoot(page, `vip-confirm-${language}`);
      // The confirmation asks to pay the card's price, as the page shows it, from the wallet.
      const price = (await page.locator('.vip-page__price').innerText()).replace(text.perYear, '');
      const confirmation = await page.getByRole('dialog').innerText();
      expect(confirmation).toContain(price);
      expect(confirmation).toContain(text.fromWallet);

      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
