import type { IncomingCallPush } from '@sabai/shared/chat/call-push';
import type { BrowserContext, CDPSession, Worker } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import chatKm from '../../apps/web/src/locales/km/chat.json';
import { DEMO_ACCOUNTS, journeyApi, type Session } from '../support/api';
import { lookAt, SCREENSHOTS, signedInContext } from '../support/browser';
import { setUpJourney } from '../support/journey';
import { startPushService } from '../support/push-service';

// Decision 063: the server's incoming-call push reaches the callee's service worker, which rings
// with a notification while no window of the app is visible and opens the call page from it.
// Headless Chromium has no push service to subscribe to: the callee's browser subscribes with a
// push service on this machine (as the server tests do), the journey decrypts what the real
// server sent there, and hands it to the service worker through DevTools'
// `ServiceWorker.deliverPushMessage`, as a vendor's push service would.
// Call steps need the outbox dispatcher and the socket: the server runs as a developer's would.
const journey = setUpJourney({
  env: { NODE_ENV: 'development', LOG_LEVEL: 'warn' },
  browserArgs: ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
  serviceWorkers: 'allow',
});
const api = journeyApi(journey);
const pushService = await startPushService();

interface CallView {
  id: number;
  state: string;
  outcome: string | null;
}
interface ShownNotification {
  title: string;
  body: string;
  tag: string;
  requireInteraction: boolean;
  actions: { action: string; title: string }[];
}

/**
 * The callee's browser: its context, its service worker, and DevTools on a blank tab that is not
 * a window of the app (a push needs no window; a tab of the app is opened and closed as needed).
 */
interface CalleeBrowser {
  context: BrowserContext;
  worker: Worker;
  cdp: CDPSession;
  registrationId: string;
}

async function calleeBrowser(session: Session, language: string): Promise<CalleeBrowser> {
  const context = await signedInContext(journey.launched.browser, session, language);
  await context.grantPermissions(['notifications', 'microphone'], { origin: journey.server.baseUrl });
  const cdp = await context.newCDPSession(await context.newPage());
  const registered = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find(
        (registration) => registration.scopeURL.startsWith(journey.server.baseUrl) && !registration.isDeleted,
      );
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const workerStarted = context.waitForEvent('serviceworker');
  // The first visit installs the service worker.
  const page = await context.newPage();
  await page.goto(`${journey.server.baseUrl}/chat/list`);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  const worker = context.serviceWorkers()[0] ?? (await workerStarted);
  const registrationId = await registered;
  await page.close();
  return { context, worker, cdp, registrationId };
}

const deliver = (callee: CalleeBrowser, payload: object) =>
  callee.cdp.send('ServiceWorker.deliverPushMessage', {
    origin: journey.server.baseUrl,
    registrationId: callee.registrationId,
    data: JSON.stringify(payload),
  });

/** The notifications the service worker shows now (for one call's tag, or all). */
const shown = (callee: CalleeBrowser, tag?: string) =>
  callee.worker.evaluate(async (wanted) => {
    const registration = (self as unknown as { registration: ServiceWorkerRegistration }).registration;
    const list = await registration.getNotifications(wanted ? { tag: wanted } : undefined);
    return list.map((notification) => ({
      title: notification.title,
      body: notification.body,
      tag: notification.tag,
      requireInteraction: notification.requireInteraction,
      actions: [
        ...((notification as unknown as { actions?: { action: string; title: string }[] }).actions ?? []),
      ].map(({ action, title }) => ({ action, title })),
    }));
  }, tag ?? null) as Promise<ShownNotification[]>;

/**
 * How many of the app's windows the worker sees as visible. A closed page leaves its window client
 * a moment later than `page.close()` returns; a ring delivered before that is passed to the closing
 * window instead of being shown (push-sw.js `ringIncomingCall`), so a step that means "the app is in
 * the background" waits for none to be left.
 */
const visibleWindows = (callee: CalleeBrowser) =>
  callee.worker.evaluate(async () => {
    const scope = self as unknown as {
      clients: { matchAll(options: object): Promise<{ visibilityState: string }[]> };
    };
    const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
    return windows.filter((client) => client.visibilityState === 'visible').length;
  });

/** What a tap on the call's notification (or on one of its buttons) does. */
const tap = (callee: CalleeBrowser, tag: string, action: '' | 'answer' | 'decline') =>
  callee.worker.evaluate(
    async ({ wanted, button }) => {
      const scope = self as unknown as {
        registration: ServiceWorkerRegistration;
        sabaiOpenFromNotification: (notification: Notification, action: string) => Promise<void>;
      };
      const [notification] = await scope.registration.getNotifications({ tag: wanted });
      if (!notification) throw new Error(`no notification ${wanted}`);
      await scope.sabaiOpenFromNotification(notification, button);
    },
    { wanted: tag, button: action },
  );

describe('an incoming call by Web Push (km)', () => {
  it('rings in the background, closes when cancelled, and a tap answers or declines on the call page', async () => {
    const customer = await api.login(DEMO_ACCOUNTS.customer);
    const therapist = await api.login(DEMO_ACCOUNTS.therapist);
    const conversation = await api.ok<{ id: number }>('/app/chat/conversations', {
      token: customer.token,
      body: { toUid: therapist.user.id },
    });
    const callee = await calleeBrowser(therapist, 'km');
    const errors: string[] = [];
    /** The app comes to the front on a page (as a recent app on the phone). */
    const openApp = async (path: string) => {
      const page = await callee.context.newPage();
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(`${journey.server.baseUrl}${path}`);
      return page;
    };

    // The therapist's browser subscribes (in Khmer) with the push service on this machine.
    const browser = pushService.browserSubscription('/push/therapist');
    await api.ok('/app/push/subscriptions', {
      token: therapist.token,
      body: browser.body,
      headers: { lang: 'km' },
    });
    const pushesSoFar = () => browser.count();
    /** The next push the server sends the therapist, decrypted as their browser would. */
    const nextPush = async (after: number) => {
      await expect.poll(pushesSoFar, { timeout: 10_000 }).toBeGreaterThan(after);
      return browser.decrypted(after) as object;
    };
    const ring = async () => {
      const before = pushesSoFar();
      const call = await api.ok<CallView>('/app/chat/calls', {
        token: customer.token,
        body: { conversationId: conversation.id, deviceId: 'journey-caller-1' },
      });
      return { call, push: (await nextPush(before)) as IncomingCallPush };
    };
    const callState = (callId: number) =>
      api.ok<CallView>(`/app/chat/calls/${callId}`, { token: customer.token });

    // The app is in the background: no window of it is open.
    // 1. A ring shows a notification that stays until answered, with the two buttons, in Khmer;
    //    the caller cancelling closes it.
    const first = await ring();
    expect(first.push).toMatchObject({ kind: 'incomingCall', callId: first.call.id, title: 'ការហៅជាសំឡេងចូល' });
    await deliver(callee, first.push);
    const tag = `call-${first.call.id}`;
    await expect.poll(async () => (await shown(callee, tag)).length).toBe(1);
    const [notification] = await shown(callee, tag);
    expect(notification).toMatchObject({
      title: 'ការហៅជាសំឡេងចូល',
      body: first.push.body,
      requireInteraction: true,
      actions: [
        { action: 'answer', title: 'ឆ្លើយ' },
        { action: 'decline', title: 'បដិសេធ' },
      ],
    });
    const before = pushesSoFar();
    await api.ok(`/app/chat/calls/${first.call.id}/end`, { token: customer.token, body: {} });
    const ended = await nextPush(before);
    expect(ended).toEqual({ kind: 'callEnded', callId: first.call.id, reason: 'cancelled' });
    await deliver(callee, ended);
    await expect.poll(async () => (await shown(callee, tag)).length).toBe(0);

    // 2. An expired ring (a phone that woke late) shows nothing.
    await deliver(callee, {
      ...first.push,
      callId: 999_001,
      expiresAt: new Date(Date.now() - 1_000).toISOString(),
    });

    // 3. "Decline" on the notification: the app opens on the call page, which declines the call.
    const second = await ring();
    await deliver(callee, second.push);
    const secondTag = `call-${second.call.id}`;
    await expect.poll(async () => (await shown(callee, secondTag)).length).toBe(1);
    expect(await shown(callee, 'call-999001')).toEqual([]);
    // Headless Chromium cannot open a window from a tap it did not get: the app is opened first
    // (in the background of the phone, as a recent app), and the tap brings it to the call page.
    let app = await openApp('/my');
    // The app is up (its in-app ring found the call still ringing) before the tap reaches it.
    const incoming = () => app.getByTestId('call-status').filter({ hasText: chatKm.call.incoming });
    await incoming().waitFor();
    await tap(callee, secondTag, 'decline');
    await expect
      .poll(async () => (await callState(second.call.id)).outcome, { timeout: 15_000 })
      .toBe('rejected');
    expect(await shown(callee, secondTag)).toEqual([]);
    await app.waitForURL(/\/chat\/voiceCall\?call_id=\d+$/);
    await app.getByTestId('call-status').filter({ hasText: chatKm.call.outcome.rejected }).waitFor();
    await app.evaluate(() => document.fonts.ready);
    await lookAt(app, { path: `${SCREENSHOTS}call-push-km-declined.png` });
    await app.close();
    await expect.poll(() => visibleWindows(callee)).toBe(0);

    // 4. "Answer": the call page answers with the microphone.
    const third = await ring();
    await deliver(callee, third.push);
    const thirdTag = `call-${third.call.id}`;
    await expect.poll(async () => (await shown(callee, thirdTag)).length).toBe(1);
    app = await openApp('/my');
    await incoming().waitFor();
    await tap(callee, thirdTag, 'answer');
    await expect
      .poll(async () => (await callState(third.call.id)).state, { timeout: 15_000 })
      .toBe('accepted');
    await api.ok(`/app/chat/calls/${third.call.id}/end`, { token: customer.token, body: {} });
    await app.close();

    // 5. A window of the app is visible: the in-app ring has the call, the worker shows nothing.
    //    A ring delivered after the app went to the background again is shown.
    app = await openApp('/chat/list');
    await app.getByRole('heading', { name: chatKm.listTitle }).waitFor();
    // The in-app ring is a lazy chunk: it listens once the page has settled.
    await app.waitForLoadState('networkidle');
    expect(await app.evaluate(() => document.visibilityState)).toBe('visible');
    const inFuture = new Date(Date.now() + 40_000).toISOString();
    await deliver(callee, { ...third.push, callId: 999_002, expiresAt: inFuture });
    // The worker passed the ring on to the visible window, whose in-app ring opened the call page.
    await app.waitForURL('**/chat/voiceCall?call_id=999002');
    await app.close();
    await expect.poll(() => visibleWindows(callee)).toBe(0);
    await deliver(callee, { ...third.push, callId: 999_003, expiresAt: inFuture });
    await expect.poll(async () => (await shown(callee, 'call-999003')).length).toBe(1);
    expect(await shown(callee, 'call-999002')).toEqual([]);
    expect(errors).toEqual([]);
  }, 90_000);
});
