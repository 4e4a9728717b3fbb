import { copyFileSync, mkdirSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import deskEn from '../../apps/web/src/locales/en/desk.json';
import ordersEn from '../../apps/web/src/locales/en/orders.json';
import workbenchEn from '../../apps/web/src/locales/en/workbench.json';
import deskKm from '../../apps/web/src/locales/km/desk.json';
import ordersKm from '../../apps/web/src/locales/km/orders.json';
import workbenchKm from '../../apps/web/src/locales/km/workbench.json';
import { lookAt, phoneContext, SCREENSHOTS } from '../support/browser';
import { setUpJourney } from '../support/journey';
import { watchSubscriptions } from '../support/realtime';
import { untilStill } from '../support/still';

// Every step must reach the other browsers through the outbox dispatcher and the socket, which a
// NODE_ENV=test server leaves to the tests: this journey runs the server as a developer would.
const journey = setUpJourney({ env: { NODE_ENV: 'development', LOG_LEVEL: 'warn' } });
/** Screenshots are also copied where the team looks at them, outside the repository. */
const SHOTS_OUT = process.env.DESK_SHOTS_DIR ?? '';

/** README's demo logins. */
const DEMO_THERAPIST = { areaCode: '855', phone: '012345678', password: 'sabai-demo' };
const DEMO_SUPPORT = { areaCode: '855', phone: '012345679', password: 'sabai-support' };

type Envelope<T> = { code: number; msg: string; data: T };
async function call<T>(method: string, path: string, token?: string, body?: unknown): Promise<Envelope<T>> {
  const response = await fetch(`${journey.server.baseUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
    body: body === undefined ? (method === 'GET' ? undefined : '{}') : JSON.stringify(body),
  });
  return (await response.json()) as Envelope<T>;
}
async function ok<T>(method: string, path: string, token?: string, body?: unknown): Promise<T> {
  const answer = await call<T>(method, path, token, body);
  if (answer.code !== 0) throw new Error(`${method} ${path}: ${answer.code} ${answer.msg}`);
  return answer.data;
}

async function smsCode(e164: string): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const sent = await call<{ code: string }[]>(
      'GET',
      `/app/dev/sms-outbox?phone=${encodeURIComponent(e164)}`,
    );
    if (sent.data[0]?.code) return sent.data[0].code;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no SMS to ${e164}`);
}

interface Session {
  token: string;
  tokenExpired: number;
  user: { id: number; nickname: string };
}

/** A phone-sized browser signed in as `session`, in `language`. */
async function signedIn(session: Session, language: string): Promise<BrowserContext> {
  const context = await phoneContext(journey.launched.browser, language);
  await context.addInitScript((stored) => {
    localStorage.setItem('sabai.token', JSON.stringify(stored.token));
    localStorage.setItem('sabai.tokenExpired', JSON.stringify(stored.tokenExpired));
    localStorage.setItem('sabai.userInfo', JSON.stringify(stored.user));
  }, session);
  return context;
}

async function shoot(page: Page, name: string, fullPage = false) {
  await page.waitForLoadState('networkidle');
  await untilStill(page);
  const file = `${SCREENSHOTS}cross-role-${name}.png`;
  await lookAt(page, { path: file, fullPage });
  if (SHOTS_OUT) {
    mkdirSync(SHOTS_OUT, { recursive: true });
    copyFileSync(file, `${SHOTS_OUT}/${name}.png`);
  }
}

/** Marks the page so a later check proves it was never reloaded (a reload drops the mark). */
const markLoaded = (page: Page) => page.evaluate(() => Object.assign(window, { journeyMark: true }));
const stillSamePage = async (page: Page) =>
  page.evaluate(() => (window as unknown as { journeyMark?: boolean }).journeyMark === true);

const statusTitle = (page: Page) => page.locator('.order-status-header__title');
async function showsStatus(page: Page, text: string) {
  try {
    await statusTitle(page).filter({ hasText: text }).waitFor({ timeout: 20_000 });
  } catch (error) {
    await lookAt(page, { path: `${SCREENSHOTS}cross-role-failed.png` });
    throw new Error(
      `expected status "${text}" at ${page.url()} (${await statusTitle(page).count()} titles: ${(await statusTitle(page).allInnerTexts()).join('/')}), page shows: ${await page.locator('main, body').first().innerText()}`,
      {
        cause: error,
      },
    );
  }
}

describe('booking across roles (km)', () => {
  it('the customer books, the therapist works the order, the customer and customer service follow it live', async () => {
    // The demo therapist works around the clock this week and takes orders.
    const provider = await ok<Session>('POST', '/app/auth/login/password', undefined, DEMO_THERAPIST);
    await ok('PUT', '/app/therapists/me/schedule', provider.token, {
      weeklyShifts: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '00:00', end: '24:00' })),
      daysOff: [],
    });
    const settings = await ok<{ therapistId: number }>(
      'PUT',
      '/app/therapists/me/work-status',
      provider.token,
      {
        isOnline: true,
      },
    );
    const profile = await ok<{ location: { lat: number; lng: number } }>(
      'GET',
      `/app/therapists/${settings.therapistId}`,
    );
    const door = { lat: profile.location.lat + 0.005, lng: profile.location.lng };

    // A new customer with an address about 550 m from the therapist.
    const digits = String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0');
    const typed = `012 ${digits.slice(0, 3)} ${digits.slice(3)}`;
    await ok('POST', '/app/auth/sms-codes', undefined, {
      areaCode: '855',
      phone: typed,
      purpose: 'register',
    });
    const customer = await ok<Session>('POST', '/app/auth/register', undefined, {
      areaCode: '855',
      phone: typed,
      code: await smsCode(`+85512${digits}`),
      password: 'Sabai-2026-pass',
      agreeTerms: true,
    });
    await ok('POST', '/app/addresses', customer.token, {
      contactName: 'Dara Sok',
      genderTitle: 'ms',
      areaCode: '855',
      phone: typed,
      placeType: 'house',
      detail: 'Street 51, Boeng Keng Kang 1',
      houseNumber: '12A',
      arrivalNotes: 'Blue gate',
      lat: door.lat,
      lng: door.lng,
      isDefault: true,
    });
    const support = await ok<Session>('POST', '/app/auth/login/password', undefined, DEMO_SUPPORT);

    const errors: string[] = [];
    const open = async (context: BrowserContext) => {
      const page = await context.newPage();
      page.on('pageerror', (error) => errors.push(error.message));
      return page;
    };

    // B: the therapist's workbench, open before the order exists.
    const therapistContext = await signedIn(provider, 'km');
    await therapistContext.grantPermissions(['geolocation'], { origin: journey.server.baseUrl });
    await therapistContext.setGeolocation({
      latitude: profile.location.lat,
      longitude: profile.location.lng,
    });
    const workbench = await open(therapistContext);
    const workbenchSocket = watchSubscriptions(workbench);
    await workbench.goto(`${journey.server.baseUrl}/therapist`);
    await workbench.getByRole('switch', { name: workbenchKm.online.label }).waitFor();
    await markLoaded(workbench);

    // A: the customer books through the booking page.
    const customerContext = await signedIn(customer, 'km');
    const booking = await open(customerContext);
    const bookingSocket = watchSubscriptions(booking);
    await booking.goto(`${journey.server.baseUrl}/therapist/orderDetail?id=${settings.therapistId}`);
    const book = booking.locator('a.bookable-project__book').first();
    await book.waitFor();
    await book.click();
    await booking.waitForURL(`**/index/order/orderDet?therapistId=${settings.therapistId}&projectId=*`);
    await booking.getByText('Street 51, Boeng Keng Kang 1').first().waitFor();
    const slots = booking.locator('.slot-picker__slot');
    for (let day = 0; day < 7 && (await slots.count()) === 0; day += 1) {
      await booking.getByRole('tab').nth(day).click();
      await booking.waitForLoadState('networkidle');
    }
    await slots.first().click();
    await booking.locator('.price-breakdown__row--total').waitFor();
    await shoot(booking, 'booking-page-km');
    await booking.getByRole('region', { name: 'តម្លៃ' }).scrollIntoViewIfNeeded();
    await shoot(booking, 'price-breakdown-km');
    await booking.getByRole('checkbox', { name: 'ខ្ញុំយល់ព្រមលើកិច្ចព្រមព្រៀងការកម្មង់' }).click();
    await booking.getByRole('button', { name: 'បញ្ជាក់ និងបង់ប្រាក់' }).click();
    // Booking ends on the pay page; this journey pays as the provider would (decision 035), so the
    // customer follows the order on its own page.
    await booking.waitForURL('**/index/pay?ordersId=*');
    const orderId = Number(new URL(booking.url()).searchParams.get('ordersId'));
    await booking.goto(`${journey.server.baseUrl}/my/order/pay?ordersId=${orderId}`);
    const { orderNumber } = await ok<{ orderNumber: string }>(
      'GET',
      `/app/orders/${orderId}`,
      customer.token,
    );
    await showsStatus(booking, ordersKm.status.pendingPayment);
    await markLoaded(booking);
    // The customer's page and the workbench are subscribed before the payment moves the order on.
    await bookingSocket.subscribed(`order:${orderId}`);
    await workbenchSocket.subscribed(`user:${provider.user.id}`);

    // The payment provider confirms (decision 035): the order waits for the therapist.
    await ok('POST', `/app/dev/payments/${orderId}/confirm`);
    await showsStatus(booking, ordersKm.status.waitingAcceptance);

    // C: customer service finds the order on the desk and opens it.
    const deskContext = await signedIn(support, 'km');
    const desk = await open(deskContext);
    const deskSocket = watchSubscriptions(desk);
    await desk.goto(`${journey.server.baseUrl}/desk/orders`);
    await desk.getByLabel(deskKm.search.orderNumber, { exact: true }).fill(orderNumber);
    await desk.getByRole('button', { name: deskKm.search.submit }).click();
    await desk.getByRole('link', { name: deskKm.open.replace('{{number}}', orderNumber) }).click();
    await desk.waitForURL(`**/my/order/pay?ordersId=${orderId}`);
    await showsStatus(desk, ordersKm.status.waitingAcceptance);
    await desk.getByRole('region', { name: deskKm.audit.title }).waitFor();
    await markLoaded(desk);
    // Customer service follows the order from here on: its page hears it before the therapist acts.
    await deskSocket.subscribed(`order:${orderId}`);

    // B: the order arrives without reload (a popup and a card in the list). The demo's own orders
    // waiting for this therapist pop up too: each is put off; ours is accepted from its own page.
    const card = workbench.getByRole('article', {
      name: workbenchKm.order.number.replace('{{number}}', orderNumber),
    });
    await card.waitFor({ timeout: 20_000 });
    await workbench.getByRole('dialog', { name: workbenchKm.popup.title }).first().waitFor();
    const later = workbench.getByRole('button', { name: workbenchKm.popup.later });
    for (let round = 0; round < 10 && (await later.count()) > 0; round += 1) {
      // The popup put off is removed (the next waiting order's, if any, is a new one).
      const shown = await workbench
        .getByRole('dialog', { name: workbenchKm.popup.title })
        .first()
        .elementHandle();
      await later.first().click();
      await shown?.waitForElementState('hidden');
    }
    await shoot(workbench, 'workbench-km');
    await card.getByRole('link', { name: workbenchKm.card.open.replace('{{number}}', orderNumber) }).click();
    await workbench.waitForURL(`**/therapist/workbench/order?id=${orderId}`);
    await workbench.getByRole('button', { name: workbenchKm.popup.accept, exact: true }).click();
    await showsStatus(booking, ordersKm.status.accepted);
    await showsStatus(desk, ordersKm.status.accepted);

    // B departs, sharing the position: A sees the map and the ETA.
    await workbench.getByText(workbenchKm.actions.chooseTravel).waitFor();
    await workbench.getByText(workbenchKm.travelModes.walking, { exact: true }).click();
    await workbench.getByRole('button', { name: workbenchKm.actions.depart }).click();
    await workbench.getByRole('status').filter({ hasText: workbenchKm.sharing.active }).waitFor();
    await showsStatus(booking, ordersKm.status.departed);
    await showsStatus(desk, ordersKm.status.departed);
    const etaPattern = new RegExp(
      [ordersKm.map.eta.replace('{{minutes}}', '\\d+'), ordersKm.map.etaNow]
        .join('|')
        .replace(/[()]/g, '\\$&'),
    );
    await booking.getByText(etaPattern).waitFor({ timeout: 30_000 });
    await shoot(booking, 'order-detail-departed-km');
    await shoot(desk, 'desk-order-km');

    // B at the door: arrives by position, starts, ends (early: a reason).
    await therapistContext.setGeolocation({ latitude: door.lat, longitude: door.lng });
    await workbench.getByRole('button', { name: workbenchKm.actions.arrive }).click();
    await showsStatus(booking, ordersKm.status.arrived);
    await showsStatus(desk, ordersKm.status.arrived);
    await workbench.getByRole('button', { name: workbenchKm.actions.start }).click();
    await showsStatus(booking, ordersKm.status.inService);
    await showsStatus(desk, ordersKm.status.inService);
    await workbench.getByRole('button', { name: workbenchKm.actions.end }).click();
    const reason = workbench.getByRole('dialog', { name: workbenchKm.reason.endTitle });
    await reason.waitFor();
    await reason.getByLabel(workbenchKm.reason.label).fill('អតិថិជនសុំបញ្ចប់មុន');
    await reason.getByRole('button', { name: workbenchKm.actions.send }).click();
    const ended = new RegExp(`${ordersKm.status.serviceEnded}|${ordersKm.status.pendingReview}`);
    await statusTitle(booking).filter({ hasText: ended }).waitFor({ timeout: 20_000 });
    await statusTitle(desk).filter({ hasText: ended }).waitFor({ timeout: 20_000 });
    await shoot(booking, 'order-detail-ended-km', true);

    // Every page followed live: none was reloaded.
    expect(await stillSamePage(booking)).toBe(true);
    expect(await stillSamePage(desk)).toBe(true);
    expect(await stillSamePage(workbench)).toBe(true);
    const timeline = await ok<{ timeline: { transition: string }[] }>(
      'GET',
      `/app/orders/${orderId}`,
      customer.token,
    );
    expect(timeline.timeline.map((row) => row.transition)).toEqual(
      expect.arrayContaining(['pay', 'accept', 'depart', 'arrive', 'start', 'end']),
    );

    // The same pages in English.
    for (const page of [booking, desk, workbench]) {
      await page.evaluate(() => localStorage.setItem('sabai.language', JSON.stringify('en')));
    }
    await booking.reload();
    await statusTitle(booking)
      .filter({ hasText: new RegExp(`${ordersEn.status.serviceEnded}|${ordersEn.status.pendingReview}`) })
      .waitFor();
    await shoot(booking, 'order-detail-ended-en', true);
    await desk.goto(`${journey.server.baseUrl}/desk/orders`);
    await desk.getByRole('button', { name: deskEn.search.submit }).waitFor();
    await shoot(desk, 'desk-en');
    await desk.goto(`${journey.server.baseUrl}/my/order/pay?ordersId=${orderId}`);
    await desk.getByRole('region', { name: deskEn.audit.title }).waitFor();
    await shoot(desk, 'desk-order-en', true);
    await workbench.goto(`${journey.server.baseUrl}/therapist`);
    await workbench.getByRole('switch', { name: workbenchEn.online.label }).waitFor();
    await shoot(workbench, 'workbench-en');
    for (const page of [desk]) {
      await page.evaluate(() => localStorage.setItem('sabai.language', JSON.stringify('km')));
    }
    await desk.goto(`${journey.server.baseUrl}/desk/orders`);
    await desk.getByRole('button', { name: deskKm.search.submit }).waitFor();
    await shoot(desk, 'desk-km');
    // Customer service, back in Khmer, finds the order and reads that its service has ended.
    await desk.getByLabel(deskKm.search.orderNumber, { exact: true }).fill(orderNumber);
    await desk.getByRole('button', { name: deskKm.search.submit }).click();
    const found = desk.getByRole('link', { name: deskKm.open.replace('{{number}}', orderNumber) });
    await found.waitFor();
    expect(await found.locator('.desk-card__status').innerText()).toMatch(ended);

    expect(errors).toEqual([]);
    await Promise.all([customerContext.close(), therapistContext.close(), deskContext.close()]);
  });
});
