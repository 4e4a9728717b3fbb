import { copyFileSync, mkdirSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import chatEn from '../../apps/web/src/locales/en/chat.json';
import chatKm from '../../apps/web/src/locales/km/chat.json';
import { lookAt, phoneContext, SCREENSHOTS } from '../support/browser';
import { setUpJourney } from '../support/journey';

// Call steps reach the other browser through the outbox dispatcher and the socket, which a
// NODE_ENV=test server leaves to the tests: this journey runs the server as a developer would.
// Chromium's fake microphone (a beep) and fake permission prompt stand in for a phone's.
const journey = setUpJourney({
  env: { NODE_ENV: 'development', LOG_LEVEL: 'warn' },
  browserArgs: ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
});
/** Screenshots are also copied where the team looks at them, outside the repository. */
const SHOTS_OUT = process.env.CALL_SHOTS_DIR ?? '';

/** README's demo logins: the demo customer has an accepted home visit with the demo therapist. */
const DEMO_THERAPIST = { areaCode: '855', phone: '012345678', password: 'sabai-demo' };
const DEMO_CUSTOMER = { areaCode: '855', phone: '012345680', password: 'sabai-customer' };

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

/** A signed-in phone whose pages keep every RTCPeerConnection they make, so the test can read its stats. */
async function signedIn(session: Session, language: string): Promise<BrowserContext> {
  const context = await phoneContext(journey.launched.browser, language);
  await context.grantPermissions(['microphone'], { origin: journey.server.baseUrl });
  await context.addInitScript((stored) => {
    localStorage.setItem('sabai.token', JSON.stringify(stored.token));
    localStorage.setItem('sabai.tokenExpired', JSON.stringify(stored.tokenExpired));
    localStorage.setItem('sabai.userInfo', JSON.stringify(stored.user));
    const Native = window.RTCPeerConnection;
    const seen: RTCPeerConnection[] = [];
    (window as unknown as { __peers: RTCPeerConnection[] }).__peers = seen;
    window.RTCPeerConnection = class extends Native {
      constructor(configuration?: RTCConfiguration) {
        super(configuration);
        seen.push(this);
      }
    };
  }, session);
  return context;
}

/** Audio bytes this page's newest peer connection has received so far. */
const audioBytesReceived = (page: Page) =>
  page.evaluate(async () => {
    const peers = (window as unknown as { __peers: RTCPeerConnection[] }).__peers;
    const newest = peers[peers.length - 1];
    if (!newest) return 0;
    let bytes = 0;
    (await newest.getStats()).forEach((report) => {
      if (report.type === 'inbound-rtp' && report.kind === 'audio') bytes += report.bytesReceived ?? 0;
    });
    return bytes;
  });

async function shoot(page: Page, name: string) {
  await page.evaluate(() => document.fonts.ready);
  const file = `${SCREENSHOTS}call-${name}.png`;
  await lookAt(page, { path: file });
  if (SHOTS_OUT) {
    mkdirSync(SHOTS_OUT, { recursive: true });
    copyFileSync(file, `${SHOTS_OUT}/${name}.png`);
  }
}

describe('a voice call between the customer and the therapist of an accepted order (en and km)', () => {
  it('rings the therapist in the app, connects audio both ways and writes the call duration into the conversation', async () => {
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

    // The therapist (km) is somewhere else in the app: the ring must find them there.
    const therapistPage = await open(await signedIn(therapist, 'km'));
    await therapistPage.goto(`${journey.server.baseUrl}/chat/list`);
    await therapistPage.getByRole('heading', { name: chatKm.listTitle }).waitFor();

    // The customer (en) calls from the order's conversation.
    const customerPage = await open(await signedIn(customer, 'en'));
    await customerPage.goto(`${journey.server.baseUrl}/chat/index?order_id=${accepted?.id}`);
    await customerPage.getByRole('button', { name: chatEn.call.start }).click();
    await customerPage.waitForURL('**/chat/voiceCall?call_id=*');
    const customerStatus = customerPage.getByTestId('call-status');
    await customerStatus.filter({ hasText: chatEn.call.calling }).waitFor();
    await shoot(customerPage, 'en-calling');

    // It rings on the therapist's page, which answers.
    await therapistPage.waitForURL('**/chat/voiceCall?call_id=*');
    const therapistStatus = therapistPage.getByTestId('call-status');
    await therapistStatus.filter({ hasText: chatKm.call.incoming }).waitFor();
    await shoot(therapistPage, 'km-incoming');
    await therapistPage.getByRole('button', { name: chatKm.call.accept }).click();

    // Connected on both sides: the status becomes the running time, and audio arrives both ways.
    const running = /^\d+:\d\d$/;
    await customerStatus.filter({ hasText: running }).waitFor({ timeout: 20_000 });
    await therapistStatus.filter({ hasText: running }).waitFor({ timeout: 20_000 });
    await expect.poll(() => audioBytesReceived(customerPage), { timeout: 10_000 }).toBeGreaterThan(0);
    await expect.poll(() => audioBytesReceived(therapistPage), { timeout: 10_000 }).toBeGreaterThan(0);
    await customerStatus.filter({ hasText: /^0:0[1-9]$/ }).waitFor({ timeout: 10_000 });
    await shoot(customerPage, 'en-connected');
    await shoot(therapistPage, 'km-connected');

    // The customer hangs up; both pages go back to the conversation, where the duration shows.
    await customerPage.getByRole('button', { name: chatEn.call.hangUp }).click();
    const durationEn = new RegExp(chatEn.call.outcome.completed.replace('{{duration}}', '\\d+:\\d\\d'));
    const durationKm = new RegExp(chatKm.call.outcome.completed.replace('{{duration}}', '\\d+:\\d\\d'));
    await customerPage.waitForURL('**/chat/index?to_uid=*', { timeout: 10_000 });
    await customerPage.getByTestId('chat-call-outcome').filter({ hasText: durationEn }).waitFor();
    await therapistPage.waitForURL('**/chat/index?to_uid=*', { timeout: 10_000 });
    await therapistPage.getByTestId('chat-call-outcome').filter({ hasText: durationKm }).waitFor();
    await shoot(therapistPage, 'km-conversation');

    const calls = await ok<null>('GET', '/app/chat/calls/current', customer.token);
    expect(calls).toBeNull();
    expect(errors).toEqual([]);
  }, 60_000);
});
