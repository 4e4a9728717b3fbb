import { orderStatusCode } from '@sabai/shared/booking/order-status';
import { addDays, instantOfLocal, localDateTimeOf } from '@sabai/shared/booking/zoned-time';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { AppModule, ModuleContext } from '../app-module';
import type { Db } from '../db/client';
import {
  addresses,
  cities,
  orders,
  serviceProjects,
  therapistProjects,
  therapists,
  users,
} from '../db/schema';
import type { AuthUser } from '../http/auth';
import { AppError } from '../lib/app-error';
import type { OrdersService } from '../modules/booking';
import type { LedgerService } from '../modules/ledger';
import { clearingOf, walletOf } from '../modules/payments';
import { DEMO_THERAPIST_LOGIN } from './identity-demo';
import { DEMO_CUSTOMER_LOGIN } from './orders-demo';
import { DEMO_WALLET_TOP_UP } from './wallet-demo';

/** How often the demo looks whether the demo therapist still has an order waiting (README). */
export const LIVE_ORDER_EVERY_MS = 5 * 60_000;
/** Local hours tried, day after day, for the live order's start (the therapist's hours decide). */
const START_HOURS = [11, 13, 15, 17, 19];
const DAYS_AHEAD = 6;
const WAITING = orderStatusCode('waitingAcceptance');

export interface LiveOrderNeeds {
  createHomeVisit: OrdersService['createHomeVisit'];
  /** Payments' `pay`: the wallet payment that moves the order to "waiting for acceptance". */
  pay: (me: AuthUser, orderId: number, method: 'wallet') => Promise<unknown>;
  ledger: LedgerService;
}

/**
 * Keeps one order waiting for the demo therapist (decision 107): when none waits, the demo customer
 * books the demo therapist through booking's real `createHomeVisit` and pays it from the wallet
 * through payments' real `pay`, so the order has a real acceptance deadline, its reminders and its
 * auto-decline job: left unanswered it is passed on like any order (and, unchosen, refunded to the
 * wallet). Answers how many orders it placed (0 or 1). A database without the demo orders is left alone.
 */
export async function keepDemoOrderWaiting(db: Db, needs: LiveOrderNeeds, now: Date): Promise<number> {
  const [provider] = await db
    .select({ therapistId: therapists.id, cityId: therapists.cityId })
    .from(therapists)
    .innerJoin(users, eq(users.id, therapists.userId))
    .where(eq(users.phoneE164, DEMO_THERAPIST_LOGIN.phoneE164))
    .limit(1);
  const [customer] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.phoneE164, DEMO_CUSTOMER_LOGIN.phoneE164))
    .limit(1);
  if (!provider || !customer) return 0;
  const [waiting] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.therapistId, provider.therapistId), eq(orders.status, WAITING)))
    .limit(1);
  if (waiting) return 0;
  const [home] = await db
    .select({ id: addresses.id })
    .from(addresses)
    .where(and(eq(addresses.userId, customer.id), eq(addresses.isDefault, true), isNull(addresses.deletedAt)))
    .limit(1);
  const [project] = await db
    .select({ id: serviceProjects.id })
    .from(therapistProjects)
    .innerJoin(serviceProjects, eq(serviceProjects.id, therapistProjects.projectId))
    .where(and(eq(therapistProjects.therapistId, provider.therapistId), eq(serviceProjects.isActive, true)))
    .orderBy(asc(serviceProjects.id))
    .limit(1);
  const [city] = await db
    .select({ timeZone: cities.timeZone })
    .from(cities)
    .where(eq(cities.id, provider.cityId));
  if (!home || !project || !city) return 0;

  const me: AuthUser = { id: customer.id, roles: ['customer'], sessionId: 0 };
  const today = localDateTimeOf(now.getTime(), city.timeZone).date;
  for (let day = 1; day <= DAYS_AHEAD; day += 1) {
    for (const hour of START_HOURS) {
      const startsAt = new Date(instantOfLocal(addDays(today, day), hour * 60, city.timeZone)).toISOString();
      let orderId: number;
      try {
        const order = await needs.createHomeVisit(me, {
          therapistId: provider.therapistId,
          projectId: project.id,
          clocks: 1,
          startsAt,
          addressId: home.id,
          travelMode: 'tukTuk',
          remark: 'Please bring oil without fragrance.',
          agreeTerms: true,
        });
        orderId = order.id;
      } catch (error) {
        // Outside the therapist's hours, a day off or taken: the next start.
        if (error instanceof AppError) continue;
        throw error;
      }
      await payFromWallet(db, needs, me, orderId);
      return 1;
    }
  }
  return 0;
}

/** Pays from the demo wallet, topping it up first (a demo KHQR top-up) when the demo spent it. */
async function payFromWallet(db: Db, needs: LiveOrderNeeds, me: AuthUser, orderId: number) {
  try {
    await needs.pay(me, orderId, 'wallet');
  } catch (error) {
    if (!(error instanceof AppError) || error.key !== 'insufficientBalance') throw error;
    const [city] = await db.select({ currency: orders.currency }).from(orders).where(eq(orders.id, orderId));
    const currency = city?.currency ?? 'USD';
    await db.transaction((tx) =>
      needs.ledger.post(tx as unknown as Db, {
        eventKey: `demo:wallet-top-up:${me.id}:order:${orderId}`,
        kind: 'topUp',
        actorUserId: me.id,
        memo: 'demo top-up',
        lines: [
          { account: clearingOf('khqr', currency), amount: -DEMO_WALLET_TOP_UP },
          { account: walletOf(me.id, currency), amount: DEMO_WALLET_TOP_UP },
        ],
      }),
    );
    await needs.pay(me, orderId, 'wallet');
  }
}

/**
 * The demo's running part (only where demo data is on): at start and every 5 minutes, one order
 * waits for the demo therapist (`keepDemoOrderWaiting`).
 */
export function createLiveOrderDemoModule(
  context: Pick<ModuleContext, 'db'>,
  needs: LiveOrderNeeds,
): AppModule<Record<string, never>> {
  return {
    name: 'demo',
    api: {},
    sweeps: [
      {
        name: 'demo-incoming-order',
        everyMs: LIVE_ORDER_EVERY_MS,
        run: (now) => keepDemoOrderWaiting(context.db, needs, now),
      },
    ],
  };
}
