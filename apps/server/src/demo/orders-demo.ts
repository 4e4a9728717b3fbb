import { randomInt } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { busySpanOf } from '@sabai/shared/booking/availability';
import type { CityBookingSettings, TravelMode } from '@sabai/shared/booking/booking-settings';
import { cityBookingSettingsSchema } from '@sabai/shared/booking/booking-settings.schemas';
import { type OrderKind, type OrderStatus, orderStatusCode } from '@sabai/shared/booking/order-status';
import { nextStatus, type OrderActor, type OrderTransition } from '@sabai/shared/booking/order-transitions';
import { type Quote, quoteOrder } from '@sabai/shared/booking/quote';
import { settleCancellation } from '@sabai/shared/booking/settlement';
import { straightLineMetres, travelMinutes } from '@sabai/shared/booking/travel';
import { addDays, instantOfLocal, localDateTimeOf } from '@sabai/shared/booking/zoned-time';
import { isCurrency, money } from '@sabai/shared/money';
import type { Currency } from '@sabai/shared/settings';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  addresses,
  cities,
  cityBookingSettings,
  type OrderAddressSnapshot,
  orderStatusHistory,
  orders,
  serviceProjects,
  storeProjects,
  storeStaff,
  stores,
  therapistProjects,
  therapists,
  users,
} from '../db/schema';
import { addressSnapshotOf, snapshotOf } from '../modules/booking';
import { PASSWORD_HASH_PARAMS } from '../modules/identity';
import { DEMO_THERAPIST_LOGIN, hasSeedRun, insertDemoLogin } from './identity-demo';
import { recordDemoOrderMoney } from './order-money-demo';

const ORDERS_DEMO_SEED_NAME = 'demo-orders-v1';
const STORE_DEMO_SEED_NAME = 'demo-store-v1';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The demo customer's login, documented in README ("Demo logins"): orders in every status. */
export const DEMO_CUSTOMER_LOGIN = {
  areaCode: '855',
  phone: '012345680',
  phoneE164: '+85512345680',
  password: 'sabai-customer',
} as const;

/** The demo store-staff login (customer + merchant), documented in README: the store counter. */
export const DEMO_STORE_LOGIN = {
  areaCode: '855',
  phone: '012345681',
  phoneE164: '+85512345681',
  password: 'sabai-store',
} as const;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Step = { transition: OrderTransition; actor: OrderActor };

const by = (actor: OrderActor, ...transitions: OrderTransition[]): Step[] =>
  transitions.map((transition) => ({ transition, actor }));

/**
 * The path through the state machine that leaves an order in each demo status. Every step is
 * checked against the shared table while seeding, so a timeline can never show an illegal move.
 */
const HOME_PATHS: Record<string, Step[]> = {
  pendingPayment: [],
  accepted: [...by('system', 'pay'), ...by('provider', 'accept')],
  departed: [...by('system', 'pay'), ...by('provider', 'accept', 'depart')],
  arrived: [...by('system', 'pay'), ...by('provider', 'accept', 'depart', 'arrive')],
  inService: [...by('system', 'pay'), ...by('provider', 'accept', 'depart', 'arrive', 'start')],
  serviceEnded: [...by('system', 'pay'), ...by('provider', 'accept', 'depart', 'arrive', 'start', 'end')],
  pendingReview: [
    ...by('system', 'pay'),
    ...by('provider', 'accept', 'depart', 'arrive', 'start', 'end'),
    ...by('system', 'awaitReview'),
  ],
  completed: [
    ...by('system', 'pay'),
    ...by('provider', 'accept', 'depart', 'arrive', 'start', 'end'),
    ...by('system', 'awaitReview'),
    ...by('customer', 'review'),
  ],
  cancelled: by('customer', 'cancel'),
  expired: by('system', 'expire'),
  refunding: [...by('system', 'pay'), ...by('provider', 'accept'), ...by('customer', 'cancel')],
  refunded: [...by('system', 'pay'), ...by('customer', 'cancel'), ...by('system', 'refund')],
  reassigning: [...by('system', 'pay'), ...by('provider', 'decline')],
};
const STORE_PATHS: Record<string, Step[]> = {
  toBeUsed: by('system', 'pay'),
  preparing: [...by('system', 'pay'), ...by('store', 'prepare')],
  consumed: [...by('system', 'pay'), ...by('store', 'prepare', 'consume')],
};

/** The statuses the demo seeds, per kind (the test walks these). */
export const DEMO_HOME_VISIT_STATUSES = Object.keys(HOME_PATHS) as OrderStatus[];
export const DEMO_IN_STORE_STATUSES = Object.keys(STORE_PATHS) as OrderStatus[];

export interface Plan {
  status: OrderStatus;
  /** The booked start (an instant). */
  start: number;
}

export interface Setting {
  timeZone: string;
  now: number;
  /** The current quarter hour, the grid every demo start sits on. */
  quarter: number;
}

const atLocal = (s: Setting, dayOffset: number, hour: number) => {
  const today = localDateTimeOf(s.now, s.timeZone).date;
  return instantOfLocal(addDays(today, dayOffset), hour * 60, s.timeZone);
};

/**
 * When each demo home visit starts, relative to now in the city's zone: the current visit began
 * half an hour ago, the coming ones fill today and the next days, the finished ones the days
 * before. Any two lie at least 3 hours apart whatever the hour now, so no two busy intervals meet.
 */
export function homePlans(s: Setting): Plan[] {
  const q = s.quarter;
  return [
    // Now and the coming hours: the visit in progress, the provider at the door and on the way.
    { status: 'serviceEnded', start: q - 4 * HOUR },
    { status: 'inService', start: q - 30 * MINUTE },
    { status: 'arrived', start: q + 3 * HOUR },
    { status: 'departed', start: q + 6 * HOUR },
    // The next days: booked. The order waiting for the therapist's answer is not written here: it
    // is booked live, through the real booking and payments, with its real countdown (live-order-demo.ts).
    { status: 'accepted', start: atLocal(s, 1, 10) },
    { status: 'pendingPayment', start: atLocal(s, 1, 18) },
    { status: 'reassigning', start: atLocal(s, 2, 10) },
    { status: 'refunding', start: atLocal(s, 2, 14) },
    // The days before: finished, and the ones that ended without a visit. None is yesterday: a
    // little after midnight the visit that ended four hours ago began yesterday evening, and the
    // busy intervals of all the therapist's orders, finished ones too, must not meet.
    { status: 'pendingReview', start: atLocal(s, -2, 11) },
    { status: 'cancelled', start: atLocal(s, -2, 15) },
    { status: 'expired', start: atLocal(s, -2, 19) },
    { status: 'completed', start: atLocal(s, -3, 11) },
    { status: 'refunded', start: atLocal(s, -4, 15) },
  ];
}

function storePlans(s: Setting): Plan[] {
  return [
    { status: 'preparing', start: s.quarter + HOUR },
    { status: 'toBeUsed', start: atLocal(s, 1, 15) },
    { status: 'consumed', start: atLocal(s, -1, 12) },
  ];
}

/**
 * When each step of an order's path happened: booked a day (or for a near order a couple of hours)
 * before its start, paid a few minutes later, the provider's steps around the start, the system's
 * steps after the end; never later than now, always in order.
 */
function stepTimes(
  path: Step[],
  booking: { start: number; end: number; travel: number },
  now: number,
): { created: number; at: number[] } {
  const lead = booking.start - now > 3 * HOUR ? 26 * HOUR : 2 * HOUR;
  const created = Math.min(booking.start - lead, now - (path.length + 2) * MINUTE);
  const ideal: Record<OrderTransition, number> = {
    pay: created + 3 * MINUTE,
    expire: created + 15 * MINUTE,
    accept: created + 5 * MINUTE,
    decline: created + 6 * MINUTE,
    depart: booking.start - booking.travel * MINUTE - 5 * MINUTE,
    arrive: booking.start - 5 * MINUTE,
    start: booking.start,
    end: booking.end,
    awaitReview: booking.end + 1000,
    review: booking.end + 3 * HOUR,
    cancel: created + 40 * MINUTE,
    refund: created + 70 * MINUTE,
    prepare: booking.start - 20 * MINUTE,
    consume: booking.start,
    autoDecline: created + 8 * MINUTE,
    giveBack: created + 8 * MINUTE,
    reassign: created + 8 * MINUTE,
    autoEnd: booking.end,
    reportNoShow: booking.start,
    autoComplete: booking.end,
  };
  const at: number[] = [];
  let previous = created;
  path.forEach((step, index) => {
    const latest = now - (path.length - index) * MINUTE;
    const when = Math.max(previous + MINUTE, Math.min(ideal[step.transition], latest));
    at.push(when);
    previous = when;
  });
  return { created, at };
}

/** The settlement a cancellation records, as the orders service writes it. */
function settlementOf(quote: Quote, path: Step[], settings: CityBookingSettings) {
  const steps = path.map((step) => step.transition);
  const cancelAt = steps.indexOf('cancel');
  const before = steps.slice(0, cancelAt);
  const paid = before.includes('pay') ? quote.payable : money(0, quote.payable.currency);
  const settlement = settleCancellation(
    quote,
    {
      hasAccepted: before.includes('accept'),
      hasProviderArrived: before.includes('arrive'),
      isProviderLate: false,
      isProviderCancellation: false,
      isNoShow: false,
      isFeeWaived: false,
    },
    settings,
    paid,
  );
  return {
    stage: settlement.stage,
    currency: settlement.paid.currency,
    paid: settlement.paid.amount,
    kept: settlement.kept.map((line) => ({
      reason: line.reason,
      keptBy: line.keptBy,
      amount: line.amount.amount,
    })),
    keptTotal: settlement.keptTotal.amount,
    refund: settlement.refund.amount,
    isCouponReturned: settlement.isCouponReturned,
  };
}

const orderNumberOf = (now: number) =>
  `S${new Date(now).toISOString().slice(0, 10).replaceAll('-', '')}${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;

interface OrderSpec {
  kind: OrderKind;
  status: OrderStatus;
  path: Step[];
  customerId: number;
  therapistId: number | null;
  providerUserId: number | null;
  storeId: number | null;
  storeUserId: number | null;
  project: typeof serviceProjects.$inferSelect;
  cityId: number;
  currency: Currency;
  settings: CityBookingSettings;
  start: number;
  travelMode: TravelMode | null;
  distanceMetres: number;
  travel: number;
  address: OrderAddressSnapshot | null;
  verificationCode: string | null;
  now: number;
}

/** One demo order with its whole timeline, written as the orders service would have left it. */
async function insertDemoOrder(tx: Tx, spec: OrderSpec): Promise<void> {
  const clocks = 1;
  const durationMinutes = spec.project.durationMinutes * clocks;
  const visit =
    spec.kind === 'homeVisit' && spec.address && spec.travelMode
      ? {
          kind: 'homeVisit' as const,
          address: { lat: spec.address.lat, lng: spec.address.lng },
          travelMode: spec.travelMode,
        }
      : { kind: 'inStore' as const };
  const busy = busySpanOf(spec.start, durationMinutes, spec.travel, visit, spec.settings.bufferMinutes);
  const end = spec.start + durationMinutes * MINUTE;
  const quote = quoteOrder({
    currency: spec.currency,
    unitPrice: spec.project.price,
    memberUnitPrice: spec.project.memberPrice,
    isMember: false,
    clocks,
    travel:
      spec.kind === 'homeVisit' && spec.travelMode
        ? { mode: spec.travelMode, distanceMetres: spec.distanceMetres }
        : undefined,
    settings: spec.settings,
  });
  const times = stepTimes(spec.path, { start: spec.start, end, travel: spec.travel }, spec.now);
  // Walk the shared state machine: the demo cannot show a move the real code would refuse.
  let status: OrderStatus = 'pendingPayment';
  const history: (typeof orderStatusHistory.$inferInsert)[] = [];
  const actorIdOf = (actor: OrderActor) =>
    actor === 'customer'
      ? spec.customerId
      : actor === 'provider'
        ? spec.providerUserId
        : actor === 'store'
          ? spec.storeUserId
          : null;
  let acceptedAt: Date | null = null;
  let arrivedAt: Date | null = null;
  spec.path.forEach((step, index) => {
    const outcome = nextStatus(spec.kind, status, step.transition, step.actor);
    if (!outcome.ok)
      throw new Error(`demo order path: ${step.actor} cannot ${step.transition} from ${status}`);
    const at = new Date(times.at[index] as number);
    if (step.transition === 'accept') acceptedAt = at;
    if (step.transition === 'arrive') arrivedAt = at;
    history.push({
      orderId: 0,
      fromStatus: orderStatusCode(status),
      toStatus: orderStatusCode(outcome.status),
      transition: step.transition,
      actor: step.actor,
      actorId: actorIdOf(step.actor),
      reason: step.transition === 'decline' ? 'Fully booked that afternoon' : '',
      at,
    });
    status = outcome.status;
  });
  if (status !== spec.status) throw new Error(`demo order path ends in ${status}, not ${spec.status}`);
  const created = new Date(times.created);
  const lastStep = history.at(-1)?.at ?? created;
  const settlement = spec.path.some((step) => step.transition === 'cancel')
    ? settlementOf(quote, spec.path, spec.settings)
    : null;
  const orderNumber = orderNumberOf(times.created);
  const [order] = await tx
    .insert(orders)
    .values({
      orderNumber,
      kind: spec.kind,
      customerId: spec.customerId,
      therapistId: spec.therapistId,
      storeId: spec.storeId,
      projectId: spec.project.id,
      cityId: spec.cityId,
      clocks,
      durationMinutes,
      startsAt: new Date(spec.start),
      endsAt: new Date(end),
      busyStart: new Date(busy.start),
      busyEnd: new Date(busy.end),
      travelMode: spec.travelMode,
      travelMinutes: spec.travel,
      distanceMetres: spec.distanceMetres,
      address: spec.address,
      contactName: spec.address?.contactName ?? '',
      contactPhone: spec.address?.phoneE164 ?? '',
      remark: spec.kind === 'homeVisit' ? 'Please bring oil without fragrance.' : '',
      quote: snapshotOf(quote),
      currency: spec.currency,
      payable: quote.payable.amount,
      status: orderStatusCode(spec.status),
      settlement,
      verificationCode: spec.verificationCode,
      acceptedAt,
      arrivedAt,
      createdAt: created,
      updatedAt: lastStep,
    })
    .returning({ id: orders.id });
  const orderId = order?.id as number;
  await tx.insert(orderStatusHistory).values([
    {
      orderId,
      fromStatus: null,
      toStatus: orderStatusCode('pendingPayment'),
      transition: 'create',
      actor: 'customer',
      actorId: spec.customerId,
      at: created,
    },
    ...history.map((row) => ({ ...row, orderId })),
  ]);
  // A paid demo order carries its payment (and refund, completion) as a real one would.
  const stepAt: Parameters<typeof recordDemoOrderMoney>[1]['stepAt'] = {};
  for (const row of history) {
    const transition = row.transition as keyof typeof stepAt;
    if (['pay', 'cancel', 'refund', 'review'].includes(transition) && !stepAt[transition])
      stepAt[transition] = row.at as Date;
  }
  await recordDemoOrderMoney(tx as unknown as Db, {
    orderId,
    orderNumber,
    customerId: spec.customerId,
    therapistId: spec.therapistId,
    storeId: spec.storeId,
    cityId: spec.cityId,
    currency: spec.currency,
    quote: {
      service: quote.service.amount,
      travelFee: quote.travelFee.amount,
      managementFee: quote.managementFee.amount,
      vat: quote.vat.amount,
      payable: quote.payable.amount,
    },
    settlement,
    stepAt,
    status: spec.status,
  });
}

/** A six-digit counter code, distinct among this seed's store orders. */
function verificationCodes(count: number): string[] {
  const codes = new Set<string>();
  while (codes.size < count) codes.add(String(randomInt(0, 1_000_000)).padStart(6, '0'));
  return [...codes];
}

/**
 * Demo orders: a customer login and a store-staff login, and orders in every status for the demo
 * customer with the demo therapist (home visits) and at the store (in-store), so the order list
 * and detail, the workbench and the store counter all show something after `npm start`. Times are
 * relative to `now` in the city's zone; quotes come from the shared quote code; every timeline is a
 * legal walk through the shared state machine; busy intervals never overlap (the exclusion
 * constraint checks as they are written). Demo therapists without working hours get 09:00–22:00
 * daily, so free starts exist. Runs once per database in one transaction, after the demo therapist.
 */
export async function seedOrdersDemo(db: Db, now: Date = new Date()): Promise<boolean> {
  if (await hasSeedRun(db, ORDERS_DEMO_SEED_NAME)) return false;
  const [customerHash, storeHash] = await Promise.all([
    hash(DEMO_CUSTOMER_LOGIN.password, PASSWORD_HASH_PARAMS),
    hash(DEMO_STORE_LOGIN.password, PASSWORD_HASH_PARAMS),
  ]);
  return db.transaction(async (tx) => {
    const [provider] = await tx
      .select({ therapist: therapists, userId: users.id })
      .from(therapists)
      .innerJoin(users, eq(users.id, therapists.userId))
      .where(eq(users.phoneE164, DEMO_THERAPIST_LOGIN.phoneE164))
      .limit(1);
    if (!provider) return false;
    const therapist = provider.therapist;
    const [city] = await tx.select().from(cities).where(eq(cities.id, therapist.cityId));
    if (!city || !isCurrency(city.currency)) return false;
    const currency = city.currency;
    const [project] = await tx
      .select({ project: serviceProjects })
      .from(therapistProjects)
      .innerJoin(serviceProjects, eq(serviceProjects.id, therapistProjects.projectId))
      .where(and(eq(therapistProjects.therapistId, therapist.id), eq(serviceProjects.isActive, true)))
      .orderBy(asc(serviceProjects.id))
      .limit(1);
    const [store] = await tx
      .select({ store: stores, project: serviceProjects })
      .from(stores)
      .innerJoin(storeProjects, eq(storeProjects.storeId, stores.id))
      .innerJoin(serviceProjects, eq(serviceProjects.id, storeProjects.projectId))
      .where(and(eq(stores.cityId, city.id), eq(stores.isActive, true), eq(serviceProjects.isActive, true)))
      .orderBy(asc(stores.id), asc(serviceProjects.id))
      .limit(1);
    if (!project || !store) return false;

    const customerId = await insertDemoLogin(
      tx,
      {
        seedName: ORDERS_DEMO_SEED_NAME,
        phoneE164: DEMO_CUSTOMER_LOGIN.phoneE164,
        userName: 'demo-customer',
        nickname: 'Demo Customer',
        roles: ['customer'],
      },
      customerHash,
      now,
    );
    if (customerId === undefined) return false;
    const storeUserId = await insertDemoLogin(
      tx,
      {
        seedName: STORE_DEMO_SEED_NAME,
        phoneE164: DEMO_STORE_LOGIN.phoneE164,
        userName: 'demo-store',
        nickname: 'Demo Store Counter',
        roles: ['customer', 'merchant'],
      },
      storeHash,
      now,
    );
    if (storeUserId === undefined) return false;
    await tx.insert(storeStaff).values({ storeId: store.store.id, userId: storeUserId });

    // The customer's home, 2 km north-east of the therapist: well inside any service radius.
    const home = { lat: therapist.latitude + 0.0127, lng: therapist.longitude + 0.0127 };
    const [address] = await tx
      .insert(addresses)
      .values({
        userId: customerId,
        contactName: 'Demo Customer',
        genderTitle: 'ms',
        phoneE164: DEMO_CUSTOMER_LOGIN.phoneE164,
        placeType: 'apartment',
        detail: 'Street 240, Daun Penh',
        houseNumber: '12B',
        arrivalNotes: 'Third floor, ring twice',
        isDefault: true,
        latitude: home.lat,
        longitude: home.lng,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!address) return false;
    const snapshot = addressSnapshotOf(address);

    const [stored] = await tx
      .select({ settings: cityBookingSettings.settings })
      .from(cityBookingSettings)
      .where(eq(cityBookingSettings.cityId, city.id));
    const settings = cityBookingSettingsSchema.parse(stored?.settings ?? {});
    const travelMode: TravelMode = 'tukTuk';
    const distanceMetres = straightLineMetres({ lat: therapist.latitude, lng: therapist.longitude }, home);
    const travel = travelMinutes(distanceMetres, travelMode, settings);
    const instant = now.getTime();
    const quarter = instant - (instant % (15 * MINUTE));
    const setting: Setting = { timeZone: city.timeZone, now: instant, quarter };
    const common = {
      customerId,
      cityId: city.id,
      currency,
      settings,
      now: instant,
    };
    for (const plan of homePlans(setting)) {
      await insertDemoOrder(tx, {
        ...common,
        kind: 'homeVisit',
        status: plan.status,
        path: HOME_PATHS[plan.status] ?? [],
        therapistId: therapist.id,
        providerUserId: provider.userId,
        storeId: null,
        storeUserId: null,
        project: project.project,
        start: plan.start,
        travelMode,
        distanceMetres,
        travel,
        address: snapshot,
        verificationCode: null,
      });
    }
    const inStore = storePlans(setting);
    const codes = verificationCodes(inStore.length);
    for (const [index, plan] of inStore.entries()) {
      await insertDemoOrder(tx, {
        ...common,
        kind: 'inStore',
        status: plan.status,
        path: STORE_PATHS[plan.status] ?? [],
        therapistId: null,
        providerUserId: null,
        storeId: store.store.id,
        storeUserId,
        project: store.project,
        start: plan.start,
        travelMode: null,
        distanceMetres: 0,
        travel: 0,
        address: null,
        verificationCode: codes[index] as string,
      });
    }
    return true;
  });
}
