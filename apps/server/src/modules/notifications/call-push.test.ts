import { CALL_RING_TIMEOUT_MS } from '@sabai/shared/chat/call.schemas';
import type { CallEndedPush, IncomingCallPush } from '@sabai/shared/chat/call-push';
import { describe, expect, it, vi } from 'vitest';
import { call } from '../../../test/identity-helpers';
import { startLocalPushService } from '../../../test/local-push-service';
import { at, createOrderScenario } from '../../../test/order-scenario';

// Decision 063: a call rings the callee's browsers by Web Push, through the real app and the real
// sender (VAPID, aes128gcm), against a push service on this machine that the test decrypts.
const pushService = await startLocalPushService();
const { received, statusOf, browserSubscription } = pushService;

// The sender's timeout is longer than the test: a ring that waited for a hanging push would hang with it.
const s = await createOrderScenario({}, { PUSH_TIMEOUT_MS: '60000' });
const { app, customer, therapist, clock } = s;

const post = async (url: string, token: string, payload: unknown = {}, lang = 'en-US') =>
  (await call(app, { method: 'POST', url, token, payload: payload as object, headers: { lang } })).json();
const subscribe = async (token: string, browser: ReturnType<typeof browserSubscription>, lang: string) =>
  expect((await post('/app/push/subscriptions', token, browser.body, lang)).code).toBe(0);
const ring = (conversationId: number) =>
  post('/app/chat/calls', customer.token, { conversationId, deviceId: 'caller-device-1' });
const pushesTo = (path: string) => received.filter((push) => push.path === path);
/** The background push lands a moment after the call's answer: wait for the nth one at the path. */
const nthPushTo = async (path: string, count: number) => {
  await vi.waitFor(() => expect(pushesTo(path).length).toBeGreaterThanOrEqual(count), { timeout: 5_000 });
  return pushesTo(path)[count - 1] as (typeof received)[number];
};

// An accepted home visit: its customer and provider may chat, so they may call.
const order = await s.book(at(25, '10:00'));
await s.settle();
await s.payments.systemTransition(order.id, 'pay');
await s.step(order.id, 'accept', therapist.token);
const conversation = (await post('/app/chat/conversations', customer.token, { toUid: therapist.userId }))
  .data as { id: number };

// The therapist's phone subscribed in Thai, their laptop in English; the customer's own browser too.
const phone = browserSubscription('/push/therapist-phone');
const laptop = browserSubscription('/push/therapist-laptop');
const customerBrowser = browserSubscription('/push/customer');
await subscribe(therapist.token, phone, 'th');
await subscribe(therapist.token, laptop, 'en-US');
await subscribe(customer.token, customerBrowser, 'en-US');

describe('incoming calls by Web Push', () => {
  it('rings each of the callee’s browsers in its language, and closes the ring when the caller cancels', async () => {
    const rung = await ring(conversation.id);
    expect(rung.code).toBe(0);
    const callId = rung.data.id as number;
    const callerSeenByCallee = (await s.get(`/app/chat/calls/${callId}`, therapist.token)).data.peer;

    const push = await nthPushTo(phone.path, 1);
    expect(push.headers.urgency).toBe('high');
    // No longer than the ring: a phone that wakes after 45 s has nothing to answer.
    expect(Number(push.headers.ttl)).toBe(CALL_RING_TIMEOUT_MS / 1000);
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    const expectedExpiry = new Date(clock.now().getTime() + CALL_RING_TIMEOUT_MS).toISOString();
    const incoming: IncomingCallPush = {
      kind: 'incomingCall',
      callId,
      conversationId: conversation.id,
      caller: {
        id: customer.id,
        nickname: callerSeenByCallee.nickname,
        avatarUrl: callerSeenByCallee.avatarUrl,
      },
      expiresAt: expectedExpiry,
      title: 'สายโทรเข้า',
      body: `${callerSeenByCallee.nickname || 'มีคน'} กำลังโทรหาคุณ`,
      actions: { answer: 'รับสาย', decline: 'ปฏิเสธ' },
    };
    expect(phone.decrypt(push.body)).toEqual(incoming);
    expect(laptop.decrypt((await nthPushTo(laptop.path, 1)).body)).toMatchObject({
      kind: 'incomingCall',
      callId,
      title: 'Incoming voice call',
      actions: { answer: 'Answer', decline: 'Decline' },
    });

    expect((await post(`/app/chat/calls/${callId}/end`, customer.token)).data.outcome).toBe('cancelled');
    const ended: CallEndedPush = { kind: 'callEnded', callId, reason: 'cancelled' };
    expect(phone.decrypt((await nthPushTo(phone.path, 2)).body)).toEqual(ended);
    expect(laptop.decrypt((await nthPushTo(laptop.path, 2)).body)).toEqual(ended);
    // The caller's own browser is not rung.
    expect(pushesTo(customerBrowser.path)).toEqual([]);
    await s.settle();
  });

  it('tells the callee’s other browsers when the call is answered, rejected or not answered', async () => {
    const stopsFor = async (act: (callId: number) => Promise<void>) => {
      clock.advance(61_000);
      const before = pushesTo(phone.path).length;
      const callId = (await ring(conversation.id)).data.id as number;
      await nthPushTo(phone.path, before + 1);
      await act(callId);
      const stop = phone.decrypt((await nthPushTo(phone.path, before + 2)).body) as CallEndedPush;
      expect(stop.callId).toBe(callId);
      // The call is over either way before the next one rings.
      await post(`/app/chat/calls/${callId}/end`, customer.token);
      await s.settle();
      return stop.reason;
    };

    expect(
      await stopsFor(async (callId) => {
        const answer = await post(`/app/chat/calls/${callId}/accept`, therapist.token, {
          deviceId: 'therapist-laptop-tab',
        });
        expect(answer.data.state).toBe('accepted');
      }),
    ).toBe('answered');
    expect(
      await stopsFor(async (callId) => {
        expect((await post(`/app/chat/calls/${callId}/end`, therapist.token)).data.outcome).toBe('rejected');
      }),
    ).toBe('rejected');
    expect(
      await stopsFor(async () => {
        clock.advance(CALL_RING_TIMEOUT_MS + 6_000);
        const sweep = app.sweeps.find((job) => job.name === 'expire-voice-calls');
        expect(await sweep?.run(clock.now())).toBe(1);
      }),
    ).toBe('notAnswered');
  });

  it('does not hold up or fail a call when the callee’s push service fails or hangs', async () => {
    clock.advance(61_000);
    const failing = browserSubscription('/push/failing');
    const hanging = browserSubscription('/push/hanging');
    statusOf.set(failing.path, 500);
    pushService.hold(hanging.path);
    await subscribe(therapist.token, failing, 'en-US');
    await subscribe(therapist.token, hanging, 'en-US');

    const rung = await ring(conversation.id);
    expect(rung.code).toBe(0);
    const callId = rung.data.id as number;
    // The ring answered while its push still hangs open.
    await vi.waitFor(() => expect(pushService.waitingAt(hanging.path)).toBe(1));
    await nthPushTo(failing.path, 1);
    const answer = await post(`/app/chat/calls/${callId}/accept`, therapist.token, {
      deviceId: 'therapist-phone-tab',
    });
    expect(answer).toMatchObject({ code: 0, data: { state: 'accepted' } });
    // The ring's push is still open: neither the ring nor the answer waited for it.
    expect(pushService.waitingAt(hanging.path)).toBe(1);
    pushService.release(hanging.path);
    expect((await post(`/app/chat/calls/${callId}/end`, therapist.token)).data.outcome).toBe('notConnected');
    // The answered push went out after the ring finished, to every browser (the failing one kept).
    await nthPushTo(failing.path, 2);
    await s.settle();
  });
});
