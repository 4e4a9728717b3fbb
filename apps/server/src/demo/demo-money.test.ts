import type { OrderStatus } from '@sabai/shared/booking/order-status';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../test/identity-helpers';
import { createTestApp } from '../../test/test-app';
import { fixedClock } from '../lib/clock';
import { findLedgerViolations } from '../modules/ledger';
import { DEMO_CITY_FEES, DEMO_THERAPIST_LOGIN, seedDemo } from '.';
import { DEMO_CUSTOMER_LOGIN } from './orders-demo';

// Decision 107: the demo's fees, its paid orders' money, and the order kept waiting for the demo
// therapist, on a fixed clock through the real app (the demo's sweep, booking's jobs).
const clock = fixedClock(new Date());
const { app, database } = await createTestApp({ clock, config: { SEED_DEMO_DATA: 'true' } });
const MINUTE = 60_000;
const PAID_STATUSES: OrderStatus[] = [
  'waitingAcceptance',
  'accepted',
  'departed',
  'arrived',
  'inService',
  'serviceEnded',
  'pendingReview',
  'completed',
  'refunding',
  'refunded',
  'reassigning',
  'toBeUsed',
  'preparing',
  'consumed',
];

interface Order {
  id: number;
  kind: string;
  status: OrderStatus;
  payable: number;
  currency: string;
  quote: { travelFee: number; managementFee: number; payable: number };
  timeline: { transition: string; at: string }[];
  settlement: { stage: string; refund: number; keptTotal: number } | null;
}

async function login(phone: { areaCode: string; phone: string; password: string }): Promise<string> {
  const response = (
    await call(app, { method: 'POST', url: '/app/auth/login/password', payload: { ...phone } })
  ).json();
  expect(response.code).toBe(0);
  return response.data.token as string;
}
async function get<T>(url: string, token: string): Promise<T> {
  const response = (await call(app, { method: 'GET', url, token })).json();
  expect(response.code, `${url}: ${response.msg}`).toBe(0);
  return response.data as T;
}
const liveOrderSweep = () => {
  const sweep = app.sweeps.find((candidate) => candidate.name === 'demo-incoming-order');
  if (!sweep) throw new Error('no demo-incoming-order sweep');
  return sweep.run(clock.now());
};
async function settle() {
  for (let round = 0; round < 20; round++) {
    const dispatched = await app.outbox.dispatchPending();
    let ran = 0;
    for (let count = await app.jobs.runDue(); count > 0; count = await app.jobs.runDue()) ran += count;
    if (!dispatched && !ran) return;
  }
}

let customer: string;
let therapist: string;

beforeAll(async () => {
  expect(await seedDemo(database.db, clock.now())).toBe(true);
  [customer, therapist] = await Promise.all([login(DEMO_CUSTOMER_LOGIN), login(DEMO_THERAPIST_LOGIN)]);
});

describe('demo fees', () => {
  it("quote Phnom Penh's travel (a tuk-tuk's price) and management fee on the demo orders", async () => {
    const all = await get<{ items: Order[] }>('/app/orders?tab=all&pageSize=50', customer);
    const first = all.items.find((item) => item.kind === 'homeVisit');
    const homeVisit = await get<Order>(`/app/orders/${first?.id}`, customer);
    const fees = DEMO_CITY_FEES['Phnom Penh'];
    // The customer lives about 2 km away: inside the starting distance, so the starting price.
    expect(homeVisit?.quote.travelFee).toBe(fees.travelStartingPrice);
    expect(homeVisit?.quote.managementFee).toBe(fees.managementFeeFixed);
    // A cancellation after acceptance keeps the travel and management fees: a real deduction.
    const cancelled = all.items.find((item) => item.status === 'refunding');
    const refunding = await get<Order>(`/app/orders/${cancelled?.id}`, customer);
    expect(refunding.settlement).toMatchObject({ stage: 'afterAcceptance', keptTotal: 300 });
  });
});

describe('demo orders in paid states', () => {
  it('carry their payment, answered to the pay-success page, and refunds; the ledger stays balanced', async () => {
    await liveOrderSweep();
    const all = await get<{ items: Order[] }>('/app/orders?tab=all&pageSize=50', customer);
    const paid = all.items.filter((item) => PAID_STATUSES.includes(item.status));
    expect(paid.map((item) => item.status).sort()).toEqual([...PAID_STATUSES].sort());
    for (const order of paid) {
      const attempt = await get<{ status: string; amount: number; currency: string } | null>(
        `/app/orders/${order.id}/payments/current`,
        customer,
      );
      expect(attempt, order.status).toMatchObject({
        status: 'succeeded',
        amount: order.payable,
        currency: order.currency,
      });
    }
    const unpaid = all.items.filter((item) => !PAID_STATUSES.includes(item.status));
    for (const order of unpaid)
      expect(await get(`/app/orders/${order.id}/payments/current`, customer), order.status).toBeNull();
    expect(await findLedgerViolations(database.db)).toEqual([]);
  });
});

describe('the order waiting for the demo therapist', () => {
  it('counts down from now, is passed on when its time is up, and a new one takes its place', async () => {
    const incoming = await get<{ items: Order[] }>('/app/provider/orders?view=incoming', therapist);
    expect(incoming.items).toHaveLength(1);
    const waiting = incoming.items[0] as Order;
    const paidAt = Date.parse(waiting.timeline.find((step) => step.transition === 'pay')?.at ?? '');
    // Paid just now (the sweep ran on this clock): the full answer window lies ahead.
    expect(clock.now().getTime() - paidAt).toBeLessThan(MINUTE);
    // One waits already: the sweep books no second one.
    expect(await liveOrderSweep()).toBe(0);

    clock.advance(3 * MINUTE + 1000);
    await settle();
    const passedOn = await get<Order>(`/app/orders/${waiting.id}`, customer);
    expect(passedOn.status).toBe('reassigning');
    expect(passedOn.timeline.at(-1)?.transition).toBe('autoDecline');
    expect(
      (await get<{ items: Order[] }>('/app/provider/orders?view=incoming', therapist)).items,
    ).toHaveLength(0);

    expect(await liveOrderSweep()).toBe(1);
    const next = await get<{ items: Order[] }>('/app/provider/orders?view=incoming', therapist);
    expect(next.items).toHaveLength(1);
    expect(next.items[0]?.id).not.toBe(waiting.id);
    expect(await findLedgerViolations(database.db)).toEqual([]);
  });
});
