import { randomInt } from 'node:crypto';
import { freeStarts } from '@sabai/shared/booking/availability';
import type {
  createHomeVisitBodySchema,
  createInStoreBodySchema,
  ORDER_TABS,
  OrderDetail,
} from '@sabai/shared/booking/booking.schemas';
import type { CityBookingSettings, TravelMode } from '@sabai/shared/booking/booking-settings';
import { allowedActions, isActionAllowed } from '@sabai/shared/booking/order-actions';
import {
  findOrderStatusByCode,
  type OrderKind,
  type OrderStatus,
  orderStatusCode,
} from '@sabai/shared/booking/order-status';
import {
  allowedTransitions,
  nextStatus,
  type OrderActor,
  type OrderTransition,
} from '@sabai/shared/booking/order-transitions';
import {
  projectChangeCharge,
  type Quote,
  quoteExtraClocks,
  quoteOrder,
  travelFee,
} from '@sabai/shared/booking/quote';
import { isProviderLate, type Settlement, settleCancellation } from '@sabai/shared/booking/settlement';
import { straightLineMetres } from '@sabai/shared/booking/travel';
import type { WeeklyShift } from '@sabai/shared/booking/working-hours';
import { isCurrency, money } from '@sabai/shared/money';
import { normaliseMobile } from '@sabai/shared/phone';
import type { Currency } from '@sabai/shared/settings';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { OrderQuoteSnapshot } from '../../db/schema';
import type { AuthUser } from '../../http/auth';
import { hasRole } from '../../http/auth';
import type { JobQueue } from '../../jobs/queue';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { type Page, pageWindow, toPage } from '../../lib/paging';
import type { Outbox } from '../../outbox/outbox';
import type { OpenCity } from '../geo';
import type { AvailabilityService } from './availability.service';
import {
  autoCompleteOrderJob,
  autoDeclineOrderJob,
  autoEndOrderJob,
  awaitReviewJob,
  cancelUnchosenOrderJob,
  expireUnpaidOrderJob,
  jobKeyOf,
  ORDER_TIMED_JOBS,
} from './booking.jobs';
import type { BookingRepository, NewOrderRow, OrderRow } from './booking.repository';

const STAFF_ROLES = ['customer_service', 'admin'] as const;
const MINUTE = 60_000;
/** PostgreSQL's exclusion_violation: the therapist's busy time overlaps a live order's. */
const EXCLUSION_VIOLATION = '23P01';

type HomeVisitBody = z.infer<typeof createHomeVisitBodySchema>;
type InStoreBody = z.infer<typeof createInStoreBodySchema>;
type Tab = (typeof ORDER_TABS)[number];

const codes = (...statuses: OrderStatus[]) => statuses.map(orderStatusCode);
const TAB_STATUS_CODES: Record<Tab, readonly number[] | null> = {
  all: null,
  pendingPayment: codes('pendingPayment'),
  ongoing: codes(
    'waitingAcceptance',
    'reassigning',
    'accepted',
    'departed',
    'arrived',
    'inService',
    'toBeUsed',
    'preparing',
    'refunding',
  ),
  finished: codes('serviceEnded', 'pendingReview', 'completed', 'consumed'),
  cancelled: codes('cancelled', 'expired', 'refunded'),
};

function isExclusionViolation(error: unknown): boolean {
  for (let current = error as { code?: unknown; cause?: unknown } | undefined; current; ) {
    if (current.code === EXCLUSION_VIOLATION) return true;
    current = current.cause as typeof current;
  }
  return false;
}

/** Runs a write that holds busy time; a collision under the exclusion constraint is "time taken", never a 5xx. */
async function underBusyConstraint<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isExclusionViolation(error)) throw new AppError('bookingTimeTaken');
    throw error;
  }
}

const statusOf = (row: OrderRow): OrderStatus => {
  const status = findOrderStatusByCode(row.status);
  if (!status) throw new Error(`order ${row.id} has unknown status ${row.status}`);
  return status;
};

const snapshotOf = (quote: Quote): OrderQuoteSnapshot => ({
  unitPrice: quote.unitPrice.amount,
  clocks: quote.clocks,
  service: quote.service.amount,
  travelFee: quote.travelFee.amount,
  managementFee: quote.managementFee.amount,
  vat: quote.vat.amount,
  coupon: quote.coupon.amount,
  total: quote.total.amount,
  payable: quote.payable.amount,
});

const quoteOf = (row: OrderRow): Quote => {
  const currency = row.currency as Currency;
  const q = row.quote;
  const m = (amount: number) => money(amount, currency);
  return {
    unitPrice: m(q.unitPrice),
    clocks: q.clocks,
    service: m(q.service),
    travelFee: m(q.travelFee),
    managementFee: m(q.managementFee),
    vat: m(q.vat),
    coupon: m(q.coupon),
    total: m(q.total),
    payable: m(q.payable),
  };
};

/** S + local-free UTC date + 8 random digits: unguessable enough to read out, unique by constraint. */
const newOrderNumber = (now: Date) =>
  `S${now.toISOString().slice(0, 10).replaceAll('-', '')}${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;

/** Store opening hours (0 = Sunday, as Date#getDay) as the availability core's ISO-weekday shifts. */
const storeShifts = (hours: readonly { day: number; opens: string; closes: string }[]): WeeklyShift[] =>
  hours.map((entry) => ({ weekday: entry.day === 0 ? 7 : entry.day, start: entry.opens, end: entry.closes }));

/**
 * A store's live orders have distinct six-digit codes (a unique index), so the counter can find an
 * order by code alone; on the rare clash a new code is drawn.
 */
async function withFreshVerificationCode<T>(insert: (code: string) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await insert(String(randomInt(0, 1_000_000)).padStart(6, '0'));
    } catch (error) {
      if (attempt >= 5 || !isUniqueViolation(error, 'orders_store_verification_code')) throw error;
    }
  }
}

function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (
    let current = error as { code?: unknown; constraint?: unknown; cause?: unknown } | undefined;
    current;
  ) {
    if (current.code === '23505' && current.constraint === constraint) return true;
    current = current.cause as typeof current;
  }
  return false;
}

export interface TransitionOptions {
  reason?: string;
  /** What else the step changes on the order (a reassignment's new provider and busy time). */
  changes?: Partial<NewOrderRow>;
  /** Staff cancelling on someone's behalf without the fee. */
  waiveFee?: boolean;
}

/** Orders: booking under the no-double-booking constraint, the state machine's steps, urging, settlement. */
export function createOrdersService(deps: {
  repository: BookingRepository;
  clock: Clock;
  availability: AvailabilityService;
  settingsOf: (cityId: number) => Promise<CityBookingSettings>;
  getOpenCity: (cityId: number) => Promise<OpenCity>;
  jobs: () => JobQueue;
  outbox: () => Outbox;
}) {
  const { repository, clock, availability } = deps;

  /**
   * Where an order's events go: its own topic (an open order page) and both parties' user topics
   * (the order list, the workbench's incoming-order popup), so a new order reaches the provider.
   */
  async function topicsOf(tx: Db, order: OrderRow): Promise<string[]> {
    const topics = [`order:${order.id}`, `user:${order.customerId}`];
    const providerUserId = order.therapistId
      ? await repository.userIdOfTherapist(tx, order.therapistId)
      : null;
    if (providerUserId) topics.push(`user:${providerUserId}`);
    return topics;
  }

  /** Inserts the order, its first history row, its event and its expiry job in one transaction. */
  async function insertOrder(
    row: Parameters<BookingRepository['insertOrder']>[1],
    actorId: number,
    settings: CityBookingSettings,
  ) {
    return underBusyConstraint(() =>
      deps.outbox().transaction(async (tx) => {
        const order = await repository.insertOrder(tx, row);
        await repository.insertHistory(tx, {
          orderId: order.id,
          fromStatus: null,
          toStatus: order.status,
          transition: 'create',
          actor: 'customer',
          actorId,
          at: order.createdAt,
        });
        await deps.outbox().add(tx, {
          aggregateType: 'order',
          aggregateId: order.id,
          eventType: 'order.created',
          payload: { orderId: order.id, status: statusOf(order) },
          topics: await topicsOf(tx, order),
        });
        await deps
          .jobs()
          .enqueue(
            tx,
            expireUnpaidOrderJob,
            { orderId: order.id },
            { delayMs: settings.paymentExpiryMinutes * 60_000, uniqueKey: jobKeyOf(order.id) },
          );
        return order;
      }),
    );
  }

  async function currencyOfCity(cityId: number): Promise<Currency> {
    const city = await deps.getOpenCity(cityId);
    if (!isCurrency(city.currency)) throw new Error(`city ${cityId} has an unsupported currency`);
    return city.currency;
  }

  async function actorOf(me: AuthUser, order: OrderRow): Promise<OrderActor> {
    if (order.customerId === me.id) return 'customer';
    if (order.therapistId !== null) {
      const therapist = await repository.findTherapist(order.therapistId);
      if (therapist?.userId === me.id) return 'provider';
    }
    if (order.storeId !== null && (await repository.isStoreStaff(order.storeId, me.id))) return 'store';
    if (hasRole(me, STAFF_ROLES)) return 'staff';
    // Not a party: the order does not exist for this caller.
    throw new AppError('notFound');
  }

  async function partyOrder(me: AuthUser, id: number) {
    const order = await repository.findOrder(id);
    if (!order) throw new AppError('notFound');
    const actor = await actorOf(me, order);
    if (actor === 'customer' && order.hiddenByCustomerAt) throw new AppError('notFound');
    return { order, actor };
  }

  async function settlementFor(
    order: OrderRow,
    options: { isNoShow?: boolean; waiveFee?: boolean },
  ): Promise<Settlement> {
    const settings = await deps.settingsOf(order.cityId);
    const status = statusOf(order);
    const quote = quoteOf(order);
    const paid = status === 'pendingPayment' ? money(0, quote.payable.currency) : quote.payable;
    return settleCancellation(
      quote,
      {
        hasAccepted: order.acceptedAt !== null,
        hasProviderArrived: order.arrivedAt !== null,
        isProviderLate:
          order.acceptedAt !== null &&
          isProviderLate({
            bookedStart: order.startsAt,
            arrivedAt: order.arrivedAt,
            now: clock.now(),
            settings,
          }),
        isProviderCancellation: status === 'reassigning',
        isNoShow: options.isNoShow ?? false,
        isFeeWaived: options.waiveFee ?? false,
      },
      settings,
      paid,
    );
  }

  const settlementView = (settlement: Settlement) => ({
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
  });

  /** Moves an order one step of the state machine: status, history, event and jobs in one transaction. */
  async function transition(
    order: OrderRow,
    step: OrderTransition,
    actor: OrderActor,
    actorId: number | null,
    options: TransitionOptions = {},
  ): Promise<OrderRow> {
    const from = statusOf(order);
    const outcome = nextStatus(order.kind, from, step, actor);
    if (!outcome.ok) {
      throw new AppError(
        outcome.reason === 'illegalTransition' ? 'orderTransitionIllegal' : 'orderActorNotAllowed',
      );
    }
    const to = outcome.status;
    const now = clock.now();
    const settings = await deps.settingsOf(order.cityId);
    const settlement =
      step === 'cancel' || step === 'reportNoShow'
        ? settlementView(
            await settlementFor(order, {
              isNoShow: step === 'reportNoShow',
              waiveFee: options.waiveFee ?? false,
            }),
          )
        : undefined;
    return underBusyConstraint(() =>
      deps.outbox().transaction(async (tx) => {
        const updated = await repository.updateOrderFrom(tx, order.id, order.status, {
          status: orderStatusCode(to),
          updatedAt: now,
          ...(step === 'accept' ? { acceptedAt: now } : {}),
          ...(step === 'arrive' ? { arrivedAt: now } : {}),
          ...(settlement ? { settlement } : {}),
          ...options.changes,
        });
        // Someone else moved it first: nothing changes, and the caller hears the step is not possible now.
        if (!updated) throw new AppError('orderTransitionIllegal');
        await repository.insertHistory(tx, {
          orderId: order.id,
          fromStatus: order.status,
          toStatus: updated.status,
          transition: step,
          actor,
          actorId,
          reason: options.reason ?? '',
          at: now,
        });
        await deps.outbox().add(tx, {
          aggregateType: 'order',
          aggregateId: order.id,
          eventType: 'order.statusChanged',
          payload: { orderId: order.id, from, to, transition: step, actor },
          topics: await topicsOf(tx, order),
        });
        await scheduleJobsAfter(tx, updated, settings);
        return updated;
      }),
    );
  }

  /**
   * Changes a live order in place (a longer service, another project) with its event, in one
   * transaction under the exclusion constraint; `after` runs in the same transaction.
   */
  function changeLiveOrder(
    order: OrderRow,
    changes: Parameters<BookingRepository['updateOrderFrom']>[3],
    event: { type: string; payload: Record<string, unknown> },
    after?: (tx: Db, row: OrderRow) => Promise<void>,
  ): Promise<OrderRow> {
    return underBusyConstraint(() =>
      deps.outbox().transaction(async (tx) => {
        const row = await repository.updateOrderFrom(tx, order.id, order.status, changes);
        // Someone else moved it first: nothing changes.
        if (!row) throw new AppError('orderTransitionIllegal');
        await deps.outbox().add(tx, {
          aggregateType: 'order',
          aggregateId: order.id,
          eventType: event.type,
          payload: event.payload,
          topics: await topicsOf(tx, row),
        });
        await after?.(tx, row);
        return row;
      }),
    );
  }

  /**
   * The timed rules of the order's new status (decision 025): each status waits for at most one
   * deadline, so every step first cancels the deadlines the order had, then sets its new one.
   * Completion's 72-hour window runs from the end of the service through "pending review".
   */
  async function scheduleJobsAfter(tx: Db, order: OrderRow, settings: CityBookingSettings) {
    const key = jobKeyOf(order.id);
    const jobs = deps.jobs();
    const status = statusOf(order);
    const now = clock.now().getTime();
    for (const type of ORDER_TIMED_JOBS) {
      if (status === 'pendingReview' && type === autoCompleteOrderJob) continue;
      await jobs.cancel(tx, type, key);
    }
    const payload = { orderId: order.id };
    const at = (instant: number) => ({ runAt: new Date(instant), uniqueKey: key });
    if (status === 'waitingAcceptance') {
      await jobs.enqueue(tx, autoDeclineOrderJob, payload, at(now + settings.autoDeclineMinutes * MINUTE));
    } else if (status === 'reassigning') {
      await jobs.enqueue(
        tx,
        cancelUnchosenOrderJob,
        payload,
        at(now + settings.reassignChoiceMinutes * MINUTE),
      );
    } else if (status === 'inService') {
      await jobs.enqueue(
        tx,
        autoEndOrderJob,
        payload,
        at(order.endsAt.getTime() + settings.autoEndMinutes * MINUTE),
      );
    } else if (status === 'serviceEnded') {
      await jobs.enqueue(tx, awaitReviewJob, payload, at(now));
      await jobs.enqueue(
        tx,
        autoCompleteOrderJob,
        payload,
        at(now + settings.autoCompleteHours * 60 * MINUTE),
      );
    }
  }

  async function detail(order: OrderRow, actor: OrderActor): Promise<OrderDetail> {
    const status = statusOf(order);
    const history = await repository.history(order.id);
    const name = (code: number | null) =>
      code === null ? null : (findOrderStatusByCode(code) ?? String(code));
    // Until a provider accepts, they see the area, not the door or the phone (issue #13 item 7).
    const isMaskedForProvider = actor === 'provider' && order.acceptedAt === null;
    return {
      ...summary(order),
      travelMode: order.travelMode,
      travelMinutes: order.travelMinutes,
      distanceMetres: order.distanceMetres,
      address:
        order.address && isMaskedForProvider
          ? { lat: Math.round(order.address.lat * 100) / 100, lng: Math.round(order.address.lng * 100) / 100 }
          : order.address
            ? { ...order.address }
            : null,
      contactName: isMaskedForProvider ? `${order.contactName.slice(0, 1)}*` : order.contactName,
      contactPhone: isMaskedForProvider ? '' : order.contactPhone,
      remark: order.remark,
      quote: { currency: order.currency, ...order.quote },
      verificationCode: actor === 'customer' || actor === 'staff' ? order.verificationCode : null,
      urged: order.urgedAt !== null,
      extraClocks: order.extraClocks,
      adjustments: order.adjustments.map((adjustment) => ({ ...adjustment })),
      settlement: order.settlement ?? null,
      timeline: history.map((row) => ({
        from: name(row.fromStatus),
        to: name(row.toStatus) ?? '',
        transition: row.transition,
        actor: row.actor as OrderActor,
        reason: row.reason,
        at: row.at.toISOString(),
      })),
      allowedTransitions: allowedTransitions(order.kind, status, actor).filter((step) => step !== 'pay'),
      allowedActions: allowedActions(order.kind, status, actor).filter(
        (action) => !(action === 'urge' && order.urgedAt !== null),
      ),
    };
  }

  const summary = (order: OrderRow) => ({
    id: order.id,
    orderNumber: order.orderNumber,
    kind: order.kind as OrderKind,
    status: statusOf(order),
    statusCode: order.status,
    therapistId: order.therapistId,
    storeId: order.storeId,
    projectId: order.projectId,
    clocks: order.clocks,
    startsAt: order.startsAt.toISOString(),
    endsAt: order.endsAt.toISOString(),
    payable: order.payable,
    currency: order.currency,
    createdAt: order.createdAt.toISOString(),
  });

  return {
    async createHomeVisit(me: AuthUser, body: HomeVisitBody): Promise<OrderDetail> {
      const therapist = await repository.findTherapist(body.therapistId);
      if (!therapist || therapist.isBanned) throw new AppError('notFound');
      const currency = await currencyOfCity(therapist.cityId);
      if (therapist.state === 'resting') throw new AppError('therapistCannotTakeOrder');
      const project = await repository.findProject(body.projectId);
      if (
        !project?.isActive ||
        project.cityId !== therapist.cityId ||
        !(await repository.therapistOffers(therapist.id, project.id))
      ) {
        throw new AppError('projectUnavailable');
      }
      const address = await repository.findAddress(me.id, body.addressId);
      if (!address) throw new AppError('notFound');
      const place = { lat: address.latitude, lng: address.longitude };
      const distanceMetres = straightLineMetres({ lat: therapist.latitude, lng: therapist.longitude }, place);
      if (distanceMetres > therapist.serviceRadiusKm * 1000) throw new AppError('beyondServiceRadius');

      const startsAt = new Date(body.startsAt);
      const durationMinutes = project.durationMinutes * body.clocks;
      const visit = { kind: 'homeVisit' as const, address: place, travelMode: body.travelMode as TravelMode };
      const timeZone = (await deps.getOpenCity(therapist.cityId)).timeZone;
      const date = availability.localDateOf(startsAt, timeZone);
      const { free, schedule, settings } = await availability.starts({
        therapist,
        date,
        durationMinutes,
        visit,
      });
      const chosen = free.find((slot) => Date.parse(slot.startsAt) === startsAt.getTime());
      if (!chosen) {
        // A start that would be free but for another live order is "taken"; anything else is not offered.
        const withoutOrders = freeStarts({
          schedule: { ...schedule, bookings: [] },
          date,
          now: clock.now(),
          durationMinutes,
          visit,
          settings,
        });
        const isTaken = withoutOrders.some((slot) => Date.parse(slot.startsAt) === startsAt.getTime());
        throw new AppError(isTaken ? 'bookingTimeTaken' : 'bookingTimeUnavailable');
      }
      const quote = quoteOrder({
        currency,
        unitPrice: project.price,
        memberUnitPrice: project.memberPrice,
        isMember: await repository.isMember(me.id),
        clocks: body.clocks,
        travel: { mode: body.travelMode, distanceMetres },
        settings,
      });
      const now = clock.now();
      const order = await insertOrder(
        {
          orderNumber: newOrderNumber(now),
          kind: 'homeVisit',
          customerId: me.id,
          therapistId: therapist.id,
          projectId: project.id,
          cityId: therapist.cityId,
          clocks: body.clocks,
          durationMinutes,
          startsAt,
          endsAt: new Date(chosen.endsAt),
          busyStart: new Date(chosen.busyFrom),
          busyEnd: new Date(chosen.busyUntil),
          travelMode: body.travelMode,
          travelMinutes: chosen.travelMinutes,
          distanceMetres,
          address: {
            addressId: address.id,
            contactName: address.contactName,
            genderTitle: address.genderTitle,
            phoneE164: address.phoneE164,
            placeType: address.placeType,
            detail: address.detail,
            houseNumber: address.houseNumber,
            arrivalNotes: address.arrivalNotes,
            photoKeys: address.photoKeys,
            lat: address.latitude,
            lng: address.longitude,
          },
          contactName: body.contactName ?? address.contactName,
          contactPhone: address.phoneE164,
          remark: body.remark,
          quote: snapshotOf(quote),
          currency,
          payable: quote.payable.amount,
          status: orderStatusCode('pendingPayment'),
          createdAt: now,
          updatedAt: now,
        },
        me.id,
        settings,
      );
      return detail(order, 'customer');
    },

    async createInStore(me: AuthUser, body: InStoreBody): Promise<OrderDetail> {
      const store = await repository.findStore(body.storeId);
      if (!store?.isActive) throw new AppError('notFound');
      const currency = await currencyOfCity(store.cityId);
      const project = await repository.findProject(body.projectId);
      if (!project?.isActive || !(await repository.storeOffers(store.id, project.id))) {
        throw new AppError('projectUnavailable');
      }
      const therapist = body.therapistId ? await repository.findTherapist(body.therapistId) : undefined;
      if (body.therapistId && (!therapist || therapist.storeId !== store.id || therapist.isBanned)) {
        throw new AppError('notFound');
      }
      if (therapist?.state === 'resting') throw new AppError('therapistCannotTakeOrder');
      const startsAt = new Date(body.startsAt);
      const durationMinutes = project.durationMinutes * body.clocks;
      const city = await deps.getOpenCity(store.cityId);
      const settings = await deps.settingsOf(store.cityId);
      const date = availability.localDateOf(startsAt, city.timeZone);
      const now = clock.now();
      const query = { date, now, durationMinutes, visit: { kind: 'inStore' as const }, settings };
      // The store's opening hours bound every in-store start; a chosen therapist's own week and orders too.
      const storeSchedule = {
        timeZone: city.timeZone,
        weeklyShifts: storeShifts(store.openingHours),
        daysOff: [],
        timeOff: [],
        bookings: [],
        home: null,
      };
      const atStart = (slots: { startsAt: string }[]) =>
        slots.find((slot) => Date.parse(slot.startsAt) === startsAt.getTime());
      if (!atStart(freeStarts({ ...query, schedule: storeSchedule })))
        throw new AppError('bookingTimeUnavailable');
      if (therapist) {
        const schedule = await availability.scheduleFor(therapist, date);
        if (!atStart(freeStarts({ ...query, schedule }))) {
          const isTaken = atStart(freeStarts({ ...query, schedule: { ...schedule, bookings: [] } }));
          throw new AppError(isTaken ? 'bookingTimeTaken' : 'bookingTimeUnavailable');
        }
      }
      const quote = quoteOrder({
        currency,
        unitPrice: project.price,
        memberUnitPrice: project.memberPrice,
        isMember: await repository.isMember(me.id),
        clocks: body.clocks,
        settings,
      });
      const endsAt = new Date(startsAt.getTime() + durationMinutes * 60_000);
      const order = await withFreshVerificationCode((verificationCode) =>
        insertOrder(
          {
            orderNumber: newOrderNumber(now),
            kind: 'inStore',
            customerId: me.id,
            therapistId: therapist?.id ?? null,
            storeId: store.id,
            projectId: project.id,
            cityId: store.cityId,
            clocks: body.clocks,
            durationMinutes,
            startsAt,
            endsAt,
            busyStart: startsAt,
            busyEnd: endsAt,
            remark: body.remark,
            quote: snapshotOf(quote),
            currency,
            payable: quote.payable.amount,
            status: orderStatusCode('pendingPayment'),
            verificationCode,
            createdAt: now,
            updatedAt: now,
          },
          me.id,
          settings,
        ),
      );
      return detail(order, 'customer');
    },

    async listMine(
      me: AuthUser,
      query: { tab: Tab; page: number; pageSize: number },
    ): Promise<Page<ReturnType<typeof summary>>> {
      const window = pageWindow(query);
      const rows = await repository.listCustomerOrders(
        me.id,
        TAB_STATUS_CODES[query.tab],
        window.limit,
        window.offset,
      );
      return toPage(rows.map(summary), query);
    },

    /**
     * The workbench: orders waiting for my answer, and my schedule (accepted to in service) from the
     * start of today for the horizon; each in the masked form a provider sees before accepting.
     */
    async listForProvider(
      me: AuthUser,
      query: { view: 'incoming' | 'schedule'; page: number; pageSize: number },
    ): Promise<Page<OrderDetail>> {
      const therapist = await repository.therapistOfUser(me.id);
      if (!therapist) throw new AppError('notFound');
      const settings = await deps.settingsOf(therapist.cityId);
      const now = clock.now().getTime();
      const from = new Date(now - 24 * 60 * MINUTE);
      const to = new Date(now + (settings.bookingHorizonDays + 1) * 24 * 60 * MINUTE);
      const statuses =
        query.view === 'incoming'
          ? codes('waitingAcceptance')
          : codes('accepted', 'departed', 'arrived', 'inService');
      const window = pageWindow(query);
      const rows = await repository.listTherapistOrders(
        therapist.id,
        statuses,
        from,
        to,
        window.limit,
        window.offset,
      );
      const page = toPage(rows, query);
      return { ...page, items: await Promise.all(page.items.map((row) => detail(row, 'provider'))) };
    },

    /** The store's counter: live in-store orders of the stores this login works at. */
    async listForStore(me: AuthUser, query: { page: number; pageSize: number }): Promise<Page<OrderDetail>> {
      const window = pageWindow(query);
      const rows = await repository.listStoreOrders(
        me.id,
        codes('toBeUsed', 'preparing'),
        window.limit,
        window.offset,
      );
      const page = toPage(rows, query);
      return { ...page, items: await Promise.all(page.items.map((row) => detail(row, 'store'))) };
    },

    /** Marks the order with this code consumed (typed, or read from the customer's QR code). */
    async consumeByCode(me: AuthUser, code: string): Promise<OrderDetail> {
      const order = await repository.findStoreOrderByCode(me.id, code, codes('toBeUsed', 'preparing'));
      if (!order) throw new AppError('notFound');
      return detail(await transition(order, 'consume', 'store', me.id), 'store');
    },

    /** Customer service finds an order by its number or a party's phone, with timeline and price. */
    async findForStaff(query: {
      orderNumber?: string | undefined;
      areaCode?: string | undefined;
      phone?: string | undefined;
    }) {
      let phoneE164: string | undefined;
      if (!query.orderNumber) {
        const mobile =
          query.phone && query.areaCode ? normaliseMobile(query.phone, query.areaCode) : undefined;
        if (!mobile) throw new AppError('phoneInvalid');
        phoneE164 = mobile.e164;
      }
      const rows = await repository.findOrdersForStaff({ orderNumber: query.orderNumber, phoneE164 }, 50);
      return Promise.all(rows.map((row) => detail(row, 'staff')));
    },

    async get(me: AuthUser, id: number): Promise<OrderDetail> {
      const { order, actor } = await partyOrder(me, id);
      return detail(order, actor);
    },

    async step(
      me: AuthUser,
      id: number,
      step: OrderTransition,
      options: TransitionOptions,
    ): Promise<OrderDetail> {
      const { order, actor } = await partyOrder(me, id);
      // Staff act on someone's behalf: the history row keeps who and why (issue #13 item 10).
      if (actor === 'staff' && !options.reason) throw new AppError('staffReasonRequired');
      // Paying belongs to the money issue's checkout and webhook, not to a bare status change.
      if (step === 'pay') throw new AppError('orderActorNotAllowed');
      // A reassignment names the new provider: it has its own route (reassign below).
      if (step === 'reassign') throw new AppError('orderTransitionIllegal');
      const moved = await transition(order, step, actor, me.id, {
        ...options,
        waiveFee: actor === 'staff' && (options.waiveFee ?? false),
      });
      return detail(moved, actor);
    },

    /** The exact deduction a cancellation would make now, shown before the customer confirms. */
    async cancellationPreview(me: AuthUser, id: number) {
      const { order, actor } = await partyOrder(me, id);
      const check = nextStatus(order.kind, statusOf(order), 'cancel', actor);
      if (!check.ok) {
        throw new AppError(
          check.reason === 'illegalTransition' ? 'orderTransitionIllegal' : 'orderActorNotAllowed',
        );
      }
      return settlementView(await settlementFor(order, {}));
    },

    async urge(me: AuthUser, id: number): Promise<OrderDetail> {
      const { order, actor } = await partyOrder(me, id);
      if (!isActionAllowed(order.kind, statusOf(order), 'urge', actor))
        throw new AppError('orderTransitionIllegal');
      const now = clock.now();
      await deps.outbox().transaction(async (tx) => {
        if (!(await repository.markUrged(tx, order.id, now))) throw new AppError('orderAlreadyUrged');
        await deps.outbox().add(tx, {
          aggregateType: 'order',
          aggregateId: order.id,
          eventType: 'order.urged',
          payload: { orderId: order.id },
          topics: await topicsOf(tx, order),
        });
      });
      const reread = await repository.findOrder(order.id);
      return detail(reread as OrderRow, actor);
    },

    /**
     * Gives an order to another provider (the customer after a decline, or staff): the new provider
     * must offer the project, reach the address and be free at the booked start; the new busy time
     * is written under the exclusion constraint like a new booking. The travel fee difference is
     * recorded for the money issue to charge or refund.
     */
    async reassign(me: AuthUser, id: number, therapistId: number, reason: string): Promise<OrderDetail> {
      const { order, actor } = await partyOrder(me, id);
      const check = nextStatus(order.kind, statusOf(order), 'reassign', actor);
      if (!check.ok) {
        throw new AppError(
          check.reason === 'illegalTransition' ? 'orderTransitionIllegal' : 'orderActorNotAllowed',
        );
      }
      const therapist = await repository.findTherapist(therapistId);
      if (
        !therapist ||
        therapist.isBanned ||
        therapist.cityId !== order.cityId ||
        !order.address ||
        !order.travelMode
      ) {
        throw new AppError('notFound');
      }
      if (therapist.state === 'resting') throw new AppError('therapistCannotTakeOrder');
      if (!(await repository.therapistOffers(therapist.id, order.projectId)))
        throw new AppError('projectUnavailable');
      const place = { lat: order.address.lat, lng: order.address.lng };
      const distanceMetres = straightLineMetres({ lat: therapist.latitude, lng: therapist.longitude }, place);
      if (distanceMetres > therapist.serviceRadiusKm * 1000) throw new AppError('beyondServiceRadius');
      const travelMode = order.travelMode as TravelMode;
      const visit = { kind: 'homeVisit' as const, address: place, travelMode };
      const timeZone = (await deps.getOpenCity(order.cityId)).timeZone;
      const date = availability.localDateOf(order.startsAt, timeZone);
      const { free, schedule, settings } = await availability.starts({
        therapist,
        date,
        durationMinutes: order.durationMinutes,
        visit,
        exceptOrderId: order.id,
        ignoreLeadTime: true,
      });
      const chosen = free.find((slot) => Date.parse(slot.startsAt) === order.startsAt.getTime());
      if (!chosen) {
        const withoutOrders = freeStarts({
          schedule: { ...schedule, bookings: [] },
          date,
          now: clock.now(),
          durationMinutes: order.durationMinutes,
          visit,
          settings: { ...settings, leadTimeMinutes: 0 },
        });
        const isTaken = withoutOrders.some((slot) => Date.parse(slot.startsAt) === order.startsAt.getTime());
        throw new AppError(isTaken ? 'bookingTimeTaken' : 'bookingTimeUnavailable');
      }
      const currency = order.currency as Currency;
      const newTravelFee = travelFee(currency, distanceMetres, travelMode, settings).amount;
      const now = clock.now();
      const moved = await transition(order, 'reassign', actor, me.id, {
        reason,
        changes: {
          therapistId: therapist.id,
          busyStart: new Date(chosen.busyFrom),
          busyEnd: new Date(chosen.busyUntil),
          travelMinutes: chosen.travelMinutes,
          distanceMetres,
          acceptedAt: null,
          arrivedAt: null,
          adjustments: [
            ...order.adjustments,
            {
              kind: 'travelDifference',
              therapistId: therapist.id,
              amount: newTravelFee - order.quote.travelFee,
              at: now.toISOString(),
            },
          ],
        },
      });
      return detail(moved, actor);
    },

    /**
     * Extra clocks while in service: the service and the busy interval grow by the project's extra
     * unit; the constraint refuses them with "time taken" when they would run into the provider's
     * next order.
     */
    async addExtraClocks(me: AuthUser, id: number, count: number): Promise<OrderDetail> {
      const { order, actor } = await partyOrder(me, id);
      if (!isActionAllowed(order.kind, statusOf(order), 'addClock', actor))
        throw new AppError('orderTransitionIllegal');
      const settings = await deps.settingsOf(order.cityId);
      if (order.extraClocks + count > settings.maxExtraClocks) {
        throw new AppError('extraClockLimit', { limit: settings.maxExtraClocks });
      }
      const project = await repository.findProject(order.projectId);
      if (!project) throw new AppError('projectUnavailable');
      const longer = project.extraUnitMinutes * count * MINUTE;
      const charge = quoteExtraClocks(order.currency as Currency, project.extraUnitPrice, count, settings);
      const now = clock.now();
      const updated = await changeLiveOrder(
        order,
        {
          extraClocks: order.extraClocks + count,
          durationMinutes: order.durationMinutes + project.extraUnitMinutes * count,
          endsAt: new Date(order.endsAt.getTime() + longer),
          busyEnd: new Date(order.busyEnd.getTime() + longer),
          adjustments: [
            ...order.adjustments,
            {
              kind: 'extraClocks',
              count,
              service: charge.service.amount,
              vat: charge.vat.amount,
              payable: charge.payable.amount,
              at: now.toISOString(),
            },
          ],
          updatedAt: now,
        },
        {
          type: 'order.extraClocksAdded',
          payload: { orderId: order.id, count, payable: charge.payable.amount },
        },
        // The auto-end deadline follows the new end.
        (tx, row) => scheduleJobsAfter(tx, row, settings),
      );
      return detail(updated, actor);
    },

    /**
     * Another project for the same visit: the service's end and the busy interval follow the new
     * length under the exclusion constraint; a dearer project is charged the difference, a cheaper
     * one refunds nothing (the spec's rule).
     */
    async changeProject(me: AuthUser, id: number, projectId: number): Promise<OrderDetail> {
      const { order, actor } = await partyOrder(me, id);
      if (!isActionAllowed(order.kind, statusOf(order), 'changeProject', actor)) {
        throw new AppError('orderTransitionIllegal');
      }
      const project = await repository.findProject(projectId);
      if (
        !project?.isActive ||
        project.id === order.projectId ||
        project.cityId !== order.cityId ||
        order.therapistId === null ||
        !(await repository.therapistOffers(order.therapistId, project.id))
      ) {
        throw new AppError('projectUnavailable');
      }
      const settings = await deps.settingsOf(order.cityId);
      const currency = order.currency as Currency;
      const current = quoteOf(order);
      const changed = quoteOrder({
        currency,
        unitPrice: project.price,
        memberUnitPrice: project.memberPrice,
        isMember: await repository.isMember(order.customerId),
        clocks: order.clocks,
        travel: { mode: order.travelMode as TravelMode, distanceMetres: order.distanceMetres },
        settings,
      });
      const durationMinutes = project.durationMinutes * order.clocks;
      const endsAt = new Date(order.startsAt.getTime() + durationMinutes * MINUTE);
      const now = clock.now();
      const updated = await changeLiveOrder(
        order,
        {
          projectId: project.id,
          durationMinutes,
          endsAt,
          busyEnd: new Date(endsAt.getTime() + settings.bufferMinutes * MINUTE),
          adjustments: [
            ...order.adjustments,
            {
              kind: 'projectChange',
              fromProjectId: order.projectId,
              toProjectId: project.id,
              charge: projectChangeCharge(current, changed).amount,
              at: now.toISOString(),
            },
          ],
          updatedAt: now,
        },
        { type: 'order.projectChanged', payload: { orderId: order.id, projectId: project.id } },
      );
      return detail(updated, actor);
    },

    async hide(me: AuthUser, id: number): Promise<void> {
      const { order, actor } = await partyOrder(me, id);
      if (!isActionAllowed(order.kind, statusOf(order), 'delete', actor))
        throw new AppError('orderTransitionIllegal');
      await repository.hideFromCustomer(order.id, clock.now());
    },

    /** Who may follow `order:<id>`: its customer, its provider and staff (decision 016). */
    async canFollow(user: AuthUser, id: string): Promise<boolean> {
      const orderId = Number(id);
      if (!Number.isSafeInteger(orderId) || orderId <= 0) return false;
      const order = await repository.findOrder(orderId);
      if (!order) return false;
      if (order.customerId === user.id || hasRole(user, STAFF_ROLES)) return true;
      if (order.therapistId === null) return false;
      return (await repository.findTherapist(order.therapistId))?.userId === user.id;
    },

    /** A timed job's step: skipped when the order has already moved on (jobs run at least once). */
    async systemStep(orderId: number, step: OrderTransition): Promise<void> {
      const order = await repository.findOrder(orderId);
      if (!order) return;
      if (!nextStatus(order.kind, statusOf(order), step, 'system').ok) return;
      try {
        await transition(order, step, 'system', null);
      } catch (error) {
        if (error instanceof AppError && error.key === 'orderTransitionIllegal') return;
        throw error;
      }
    },

    /** For the payment issue and tests: the system's step on an order. */
    systemTransition: async (orderId: number, step: OrderTransition) => {
      const order = await repository.findOrder(orderId);
      if (!order) throw new AppError('notFound');
      return transition(order, step, 'system', null);
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
