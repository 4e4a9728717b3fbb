import { ERROR_CODES } from '@sabai/shared/error-codes';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call } from '../../../test/identity-helpers';
import { at, createOrderScenario, MINUTE } from '../../../test/order-scenario';
import { createTestApp } from '../../../test/test-app';
import { queryRows } from '../../db/client';
import { cityBookingSettings } from '../../db/schema';

const s = await createOrderScenario({ travelStartingPrice: 300, providerLateMinutes: 20 });
const { app, customer, therapist, other } = s;

type AttentionItem = {
  flagId: number;
  kind: string;
  raisedAt: string;
  order: { id: number; status: string };
};
const attention = async (token: string, query = '') =>
  (await s.get(`/app/staff/orders/attention${query}`, token)).data as {
    items: AttentionItem[];
    hasMore: boolean;
  };
const flagsOf = async (orderId: number, token: string) =>
  (await attention(token, '?pageSize=100')).items
    .filter((item) => item.order.id === orderId)
    .map((item) => item.kind);
const detail = async (id: number) => (await s.get(`/app/orders/${id}`, customer.token)).data;
const auditOf = async (id: number, token: string) => s.get(`/app/staff/orders/${id}/audit`, token);
/** Moves the clock to an instant (never back). */
const moveTo = (instant: number) => {
  const by = instant - s.clock.now().getTime();
  if (by < 0) throw new Error('the clock cannot go back');
  s.clock.advance(by);
};
async function accepted(
  startsAt: string,
  therapistToken = therapist.token,
  therapistId = therapist.therapistId,
) {
  const order = await s.book(startsAt, therapistId);
  await s.payments.systemTransition(order.id, 'pay');
  expect((await s.step(order.id, 'accept', therapistToken)).code).toBe(0);
  await s.settle();
  return order;
}

describe("a city's booking settings for the web app", () => {
  it('answers every number with the city’s own values, to guests, cached for a minute', async () => {
    const url = `/app/cities/${s.city.id}/booking-settings`;
    const first = await call(app, { method: 'GET', url });
    expect(first.headers['cache-control']).toBe('public, max-age=60');
    expect(first.json().data).toMatchObject({
      leadTimeMinutes: 60,
      slotGridMinutes: 15,
      bookingHorizonDays: 7,
      paymentExpiryMinutes: 15,
      acceptReminderMinutes: [1, 2],
      autoDeclineMinutes: 3,
      travelStartingPrice: 300,
      checkInRadiusMetres: 500,
      providerLateMinutes: 20,
      overrunFlagMinutes: 30,
      autoCompleteHours: 72,
    });
    await s.database.db
      .update(cityBookingSettings)
      .set({ settings: { travelStartingPrice: 500 } })
      .where(eq(cityBookingSettings.cityId, s.city.id));
    expect((await call(app, { method: 'GET', url })).json().data.travelStartingPrice).toBe(300);
    s.clock.advance(MINUTE + 1);
    expect((await call(app, { method: 'GET', url })).json().data.travelStartingPrice).toBe(500);
    await s.database.db
      .update(cityBookingSettings)
      .set({ settings: { travelStartingPrice: 300 } })
      .where(eq(cityBookingSettings.cityId, s.city.id));
  });

  it('answers an unknown city as not found and a malformed id as a validation error', async () => {
    expect((await call(app, { method: 'GET', url: '/app/cities/999999/booking-settings' })).json().code).toBe(
      ERROR_CODES.notFound.code,
    );
    const bad = await call(app, { method: 'GET', url: '/app/cities/abc/booking-settings' });
    expect(bad.json().code).toBe(ERROR_CODES.validationFailed.code);
  });
});

describe('flags for customer service (fixed clock)', () => {
  it('flags a provider not on the way by the start minus the travel time, and resolves it on departure', async () => {
    const order = await accepted(at(24, '11:00'));
    const { travelMinutes } = await detail(order.id);
    expect(travelMinutes).toBeGreaterThan(0);
    const staff = await s.staffToken();
    moveTo(Date.parse(at(24, '11:00')) - travelMinutes * MINUTE - MINUTE);
    await s.settle();
    expect(await flagsOf(order.id, staff)).toEqual([]);
    s.clock.advance(MINUTE);
    await s.settle();
    expect(await flagsOf(order.id, staff)).toEqual(['lateDeparture']);
    const [item] = (await attention(staff)).items.filter((entry) => entry.order.id === order.id);
    expect(item).toMatchObject({ raisedAt: s.clock.now().toISOString(), order: { status: 'accepted' } });

    expect((await s.step(order.id, 'depart', therapist.token)).code).toBe(0);
    await s.settle();
    expect(await flagsOf(order.id, staff)).toEqual([]);
    const trail = (await auditOf(order.id, staff)).data;
    expect(trail.flags).toEqual([
      expect.objectContaining({ kind: 'lateDeparture', resolvedAt: s.clock.now().toISOString() }),
    ]);
  });

  it('flags a provider not arrived 20 minutes past the start, which lets the customer cancel free', async () => {
    const [order] = (await s.get('/app/orders?tab=ongoing', customer.token)).data.items;
    expect(order.status).toBe('departed');
    const staff = await s.staffToken();
    const preview = async () => (await s.get(`/app/orders/${order.id}/cancellation`, customer.token)).data;

    moveTo(Date.parse(at(24, '11:20')));
    await s.settle();
    expect(await flagsOf(order.id, staff)).toEqual([]);
    expect(await preview()).toMatchObject({ stage: 'afterAcceptance', keptTotal: 300 });

    s.clock.advance(MINUTE);
    await s.settle();
    expect(await flagsOf(order.id, staff)).toEqual(['providerLate']);
    expect(await preview()).toMatchObject({ stage: 'free', keptTotal: 0, refund: 2300 });
    const cancelled = await s.step(order.id, 'cancel', customer.token);
    expect(cancelled.data).toMatchObject({
      status: 'refunding',
      settlement: { stage: 'free', keptTotal: 0 },
    });
    await s.settle();
    expect(await flagsOf(order.id, staff)).toEqual([]);
  });

  it('flags a service running 30 minutes past its booked end, later when extra clocks move the end', async () => {
    const order = await accepted(at(24, '14:00'));
    for (const transition of ['depart', 'arrive', 'start']) {
      expect((await s.step(order.id, transition, therapist.token)).code, transition).toBe(0);
    }
    await s.settle();
    const extra = await call(app, {
      method: 'POST',
      url: `/app/orders/${order.id}/extra-clocks`,
      token: customer.token,
      payload: { count: 1 },
    });
    expect(extra.json().data.endsAt).toBe(at(24, '15:30'));
    await s.settle();
    const staff = await s.staffToken();
    // The first end was 15:00: 15:30 is no longer an overrun.
    moveTo(Date.parse(at(24, '15:30')));
    await s.settle();
    expect(await flagsOf(order.id, staff)).toEqual([]);
    moveTo(Date.parse(at(24, '15:59')));
    await s.settle();
    expect(await flagsOf(order.id, staff)).toEqual([]);
    moveTo(Date.parse(at(24, '16:00')));
    await s.settle();
    expect(await flagsOf(order.id, staff)).toEqual(['overrun']);
    // The service still running 60 minutes past its end is ended by the system: the flag is resolved.
    moveTo(Date.parse(at(24, '16:30')));
    await s.settle();
    expect((await detail(order.id)).status).toBe('pendingReview');
    expect(await flagsOf(order.id, await s.staffToken())).toEqual([]);
  });

  it('lets only customer service and admins read the attention list and the audit trail', async () => {
    const order = await s.book(at(25, '18:00'));
    for (const token of [customer.token, therapist.token, s.stranger.token]) {
      expect((await s.get('/app/staff/orders/attention', token)).code).toBe(ERROR_CODES.forbidden.code);
      expect((await auditOf(order.id, token)).code).toBe(ERROR_CODES.forbidden.code);
    }
    expect((await call(app, { method: 'GET', url: '/app/staff/orders/attention' })).json().code).toBe(
      ERROR_CODES.unauthenticated.code,
    );
    expect((await auditOf(999_999, await s.staffToken())).code).toBe(ERROR_CODES.notFound.code);
  });
});

describe('staff actions are audited', () => {
  it('reassigns a flagged order in one step only with a reason, keeping who, when, before and after', async () => {
    const order = await accepted(at(25, '10:00'));
    const { travelMinutes } = await detail(order.id);
    moveTo(Date.parse(at(25, '10:00')) - travelMinutes * MINUTE);
    await s.settle();
    const staff = await s.staffToken();
    expect(await flagsOf(order.id, staff)).toEqual(['lateDeparture']);

    const reassign = (reason?: string) =>
      call(app, {
        method: 'POST',
        url: `/app/orders/${order.id}/reassign`,
        token: staff,
        payload: { therapistId: other.therapistId, ...(reason === undefined ? {} : { reason }) },
      });
    expect((await reassign()).json().code).toBe(ERROR_CODES.staffReasonRequired.code);
    expect((await reassign('   ')).json().code).toBe(ERROR_CODES.staffReasonRequired.code);
    expect(await detail(order.id)).toMatchObject({ status: 'accepted', therapistId: therapist.therapistId });
    expect((await auditOf(order.id, staff)).data.entries).toEqual([]);

    const moved = (await reassign('provider stuck in traffic')).json();
    expect(moved.data).toMatchObject({ status: 'waitingAcceptance', therapistId: other.therapistId });
    await s.settle();
    expect(await flagsOf(order.id, staff)).toEqual([]);
    const [entry] = (await auditOf(order.id, staff)).data.entries;
    expect(entry).toMatchObject({
      action: 'reassign',
      reason: 'provider stuck in traffic',
      at: s.clock.now().toISOString(),
      before: { status: 30, therapistId: therapist.therapistId },
      after: { status: 20, therapistId: other.therapistId, acceptedAt: null },
    });
    expect(entry.staffId).toBeGreaterThan(0);
    // Both providers hear of it: the new one must answer, the old one no longer goes.
    const latest = async (token: string) =>
      (await s.get('/app/notifications', token)).data.items.find(
        (item: { orderId: number }) => item.orderId === order.id,
      );
    expect(await latest(other.token)).toMatchObject({ messageKey: 'reassignedToYou', pushType: 3 });
    expect(await latest(therapist.token)).toMatchObject({ messageKey: 'reassignedAway', pushType: 9 });
    expect(await latest(customer.token)).toMatchObject({ messageKey: 'reassigned', pushType: 7 });
  });

  it('cancels on someone’s behalf with and without the fee, each audited; a customer’s own cancel is not a staff action', async () => {
    const staff = await s.staffToken();
    const withFee = await accepted(at(26, '10:00'));
    const keep = await s.step(withFee.id, 'cancel', staff, { reason: 'customer asked by phone' });
    expect(keep.data.settlement).toMatchObject({ keptTotal: 300 });
    const waived = await accepted(at(26, '13:00'));
    const free = await s.step(waived.id, 'cancel', staff, { reason: 'our mistake', waiveFee: true });
    expect(free.data.settlement).toMatchObject({ keptTotal: 0 });
    const [feeEntry] = (await auditOf(withFee.id, staff)).data.entries;
    expect(feeEntry).toMatchObject({
      action: 'cancel',
      reason: 'customer asked by phone',
      before: { status: 30, settlement: null },
      after: { status: 220, settlement: { keptTotal: 300 } },
    });
    const [waivedEntry] = (await auditOf(waived.id, staff)).data.entries;
    expect(waivedEntry).toMatchObject({
      after: { status: 220, settlement: { keptTotal: 0, stage: 'free' } },
    });

    const own = await accepted(at(26, '16:00'));
    expect((await s.step(own.id, 'cancel', customer.token)).code).toBe(0);
    expect((await auditOf(own.id, staff)).data.entries).toEqual([]);
  });
});

describe('time-driven rules at their exact minutes (fixed clock)', () => {
  it('expires an unpaid order at 15 minutes, not a minute before', async () => {
    const order = await s.book(at(27, '10:00'));
    s.clock.advance(15 * MINUTE - 1);
    await s.settle();
    expect((await detail(order.id)).status).toBe('pendingPayment');
    s.clock.advance(1);
    await s.settle();
    expect((await detail(order.id)).status).toBe('expired');
  });

  it('completes an ended service 72 hours after its end without a review, not before', async () => {
    const order = await accepted(at(27, '14:00'));
    for (const transition of ['depart', 'arrive', 'start']) {
      expect((await s.step(order.id, transition, therapist.token)).code, transition).toBe(0);
    }
    moveTo(Date.parse(at(27, '15:00')));
    expect((await s.step(order.id, 'end', therapist.token)).code).toBe(0);
    await s.settle();
    expect((await detail(order.id)).status).toBe('pendingReview');
    s.clock.advance(72 * 60 * MINUTE - MINUTE);
    await s.settle();
    expect((await detail(order.id)).status).toBe('pendingReview');
    s.clock.advance(MINUTE);
    await s.settle();
    const completed = await detail(order.id);
    expect(completed.status).toBe('completed');
    expect(completed.timeline.slice(-3).map((row: { transition: string }) => row.transition)).toEqual([
      'end',
      'awaitReview',
      'autoComplete',
    ]);
  });

  it('reminds and declines at the city’s own minutes', async () => {
    await s.database.db
      .update(cityBookingSettings)
      .set({ settings: { travelStartingPrice: 300, acceptReminderMinutes: [2, 4], autoDeclineMinutes: 5 } })
      .where(eq(cityBookingSettings.cityId, s.city.id));
    const order = await s.book(at(31, '12:00'));
    await s.payments.systemTransition(order.id, 'pay');
    await s.settle();
    const reminders = () =>
      s.published.filter(
        (event) =>
          event.type === 'order.acceptReminder' &&
          (event.payload as { orderId: number }).orderId === order.id,
      );
    s.clock.advance(MINUTE);
    await s.settle();
    expect(reminders()).toHaveLength(0);
    s.clock.advance(MINUTE);
    await s.settle();
    expect(reminders().map((event) => event.payload)).toEqual([
      expect.objectContaining({ minute: 2, minutesLeft: 3 }),
    ]);
    s.clock.advance(2 * MINUTE);
    await s.settle();
    expect(reminders()).toHaveLength(2);
    expect((await detail(order.id)).status).toBe('waitingAcceptance');
    s.clock.advance(MINUTE);
    await s.settle();
    expect((await detail(order.id)).status).toBe('reassigning');
  });

  it('runs each reminder once when a second process (a restarted one) polls the same jobs table', async () => {
    const { app: second } = await createTestApp({ database: s.database, clock: s.clock });
    const order = await s.book(at(31, '15:00'));
    await s.payments.systemTransition(order.id, 'pay');
    await s.settle();
    s.clock.advance(4 * MINUTE);
    // Both processes claim due jobs at once; the jobs table hands each job to one of them.
    await Promise.all([app.jobs.runDue(), second.jobs.runDue(), app.jobs.runDue(), second.jobs.runDue()]);
    await s.settle();
    const written = await queryRows<{ minute: number }>(
      s.database.db,
      sql`select (payload->>'minute')::int as minute from outbox_events
          where event_type = 'order.acceptReminder' and aggregate_id = ${String(order.id)}`,
    );
    // Two processes commit their jobs in whichever order they finish, so the rows' order is not the minutes' order.
    expect(written.map((row) => row.minute).sort((a, b) => a - b)).toEqual([2, 4]);
  });
});
