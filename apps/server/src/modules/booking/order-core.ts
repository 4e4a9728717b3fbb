import type { OrderDetail } from '@sabai/shared/booking/booking.schemas';
import type { CityBookingSettings } from '@sabai/shared/booking/booking-settings';
import { allowedActions } from '@sabai/shared/booking/order-actions';
import { findOrderStatusByCode, type OrderKind, orderStatusCode } from '@sabai/shared/booking/order-status';
import {
  allowedTransitions,
  nextStatus,
  type OrderActor,
  type OrderTransition,
} from '@sabai/shared/booking/order-transitions';
import { isProviderLate, type Settlement, settleCancellation } from '@sabai/shared/booking/settlement';
import { isCurrency, money } from '@sabai/shared/money';
import type { Currency } from '@sabai/shared/settings';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type StatementPart, withParts } from '../../db/one-statement';
import type { AuthUser } from '../../http/auth';
import type { EnqueueItem, JobQueue } from '../../jobs/queue';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
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
import { createOrderAccess } from './order-access';
import { MINUTE, quoteOf, statusOf, underBusyConstraint } from './order-rows';
import { noShowAvailableAt, providerPositionView } from './order-travel-rules';

type OrderHistoryRow = Awaited<ReturnType<BookingRepository['history']>>[number];

export interface TransitionOptions {
  reason?: string;
  /** What else the step changes on the order (a reassignment's new provider and busy time). */
  changes?: Partial<NewOrderRow>;
  /** Staff cancelling on someone's behalf without the fee. */
  waiveFee?: boolean;
  /**
   * Runs in the step's own transaction after the order row moved (the payments module books the
   * money of a `pay` step here, so money and status commit together or not at all; decision 039).
   */
  inTransaction?: (tx: Db, updated: OrderRow) => Promise<void>;
}

export interface OrdersDeps {
  repository: BookingRepository;
  clock: Clock;
  availability: AvailabilityService;
  settingsOf: (cityId: number) => Promise<CityBookingSettings>;
  getOpenCity: (cityId: number) => Promise<OpenCity>;
  jobs: () => JobQueue;
  outbox: () => Outbox;
  /** Coupons (decision 043): the quote's discount and "used by this order" in the create's transaction. */
  coupons?: BookingCouponHooks;
  /** The help module's agreements (decision 054): placing an order accepts their current versions. */
  acceptAgreementsWithin?: (tx: Db, userId: number, at: Date) => Promise<unknown>;
  /** The same as a part of the create's one statement (decision 079). */
  acceptAgreementsPart?: (source: string, userId: number, at: Date) => StatementPart;
}

/** What booking asks of coupons; the coupons module implements it (booking never reads its tables). */
export interface BookingCouponHooks {
  /** What the coupon takes off an order of `total`; throws the reason it cannot be used. */
  discountFor(userId: number, couponId: number, total: { amount: number; currency: string }): Promise<number>;
  /** Inside the order's insert transaction: the coupon is used by this order, or nothing is written. */
  useWithin(tx: Db, userId: number, couponId: number, orderId: number): Promise<void>;
}

/**
 * What every part of the orders service builds on: who a caller is to an order, the one place a
 * status changes (transition), in-place changes under the constraint, timed jobs, and the views.
 */
export function createOrderCore(deps: OrdersDeps) {
  const { repository, clock } = deps;

  /**
   * Where an order's events go: its own topic (an open order page) and both parties' user topics
   * (the order list, the workbench's incoming-order popup), so a new order reaches the provider.
   */
  async function topicsOf(tx: Db, order: OrderRow, knownProviderUserId?: number | null): Promise<string[]> {
    const topics = [`order:${order.id}`, `user:${order.customerId}`];
    const providerUserId =
      knownProviderUserId !== undefined
        ? knownProviderUserId
        : order.therapistId
          ? await repository.userIdOfTherapist(tx, order.therapistId)
          : null;
    if (providerUserId) topics.push(`user:${providerUserId}`);
    return topics;
  }

  /**
   * Inserts the order, its first history row, its event and its expiry job in one transaction.
   * Answers the order with its history, so the caller's view need not read back what was written;
   * `providerUserId` is the chosen therapist's login when the caller already read it.
   */
  async function insertOrder(
    row: Parameters<BookingRepository['insertOrder']>[1],
    actorId: number,
    settings: CityBookingSettings,
    providerUserId?: number | null,
    /** More work in the insert's transaction (a coupon used by this order). */
    within?: (tx: Db, order: OrderRow) => Promise<void>,
  ) {
    return underBusyConstraint(() =>
      deps.outbox().transaction(async (tx) => {
        const order = await repository.insertOrder(tx, row);
        await within?.(tx, order);
        const created = {
          orderId: order.id,
          fromStatus: null,
          toStatus: order.status,
          transition: 'create',
          actor: 'customer',
          actorId,
          reason: '',
          at: order.createdAt,
        };
        await repository.insertHistory(tx, created);
        await deps.outbox().add(tx, {
          aggregateType: 'order',
          aggregateId: order.id,
          eventType: 'order.created',
          payload: { orderId: order.id, status: statusOf(order) },
          topics: await topicsOf(tx, order, providerUserId),
        });
        await deps
          .jobs()
          .enqueue(
            tx,
            expireUnpaidOrderJob,
            { orderId: order.id },
            { delayMs: settings.paymentExpiryMinutes * 60_000, uniqueKey: jobKeyOf(order.id) },
          );
        return { order, history: [created] };
      }),
    );
  }

  /**
   * `insertOrder` as ONE statement (decision 079): the same order row, first history row, event
   * (topics as `topicsOf` with the provider's login in hand) and expiry job, plus the agreements
   * accepted with the order (help's part), written by one data-modifying statement instead of a
   * transaction of eight: atomic by being one statement, every part after the order's insert
   * selecting from it. The exclusion constraint and the order number's unique key guard it as
   * before (the whole statement fails, nothing is written). The row's id is drawn beforehand
   * (`bookingFacts`), so the event, the job and the history are decided here in TypeScript.
   * Not for an order with a coupon (its use is checked in the transaction, `insertOrder`).
   */
  async function insertOrderInOneStatement(
    row: NewOrderRow & { id: number },
    actorId: number,
    settings: CityBookingSettings,
    providerUserId: number | null,
  ) {
    const source = 'created';
    const id = row.id;
    const created = {
      orderId: id,
      fromStatus: null,
      toStatus: row.status,
      transition: 'create',
      actor: 'customer',
      actorId,
      reason: '',
      at: row.createdAt as Date,
    };
    const status = findOrderStatusByCode(row.status);
    if (!status) throw new Error(`unknown order status ${row.status}`);
    const topics = [`order:${id}`, `user:${row.customerId}`];
    if (providerUserId) topics.push(`user:${providerUserId}`);
    const key = jobKeyOf(id);
    const parts: StatementPart[] = [
      repository.insertOrderPart(source, row),
      repository.historyPart(source, created),
      ...(deps.acceptAgreementsPart ? [deps.acceptAgreementsPart(source, row.customerId, created.at)] : []),
      deps.outbox().addPart(source, {
        aggregateType: 'order',
        aggregateId: id,
        eventType: 'order.created',
        payload: { orderId: id, status },
        topics,
      }),
      ...deps.jobs().partsOf(source, [], key, [
        {
          type: expireUnpaidOrderJob,
          payload: { orderId: id },
          options: { delayMs: settings.paymentExpiryMinutes * 60_000, uniqueKey: key },
        },
      ]),
    ];
    const [raw] = await underBusyConstraint(() =>
      repository.runNamedStatement(
        'booking_create',
        withParts(parts, sql`select * from ${sql.identifier(source)}`),
      ),
    );
    if (!raw) throw new Error(`order ${id} was not written`);
    deps.outbox().wake();
    return { order: repository.orderRowOf(raw), history: [created] };
  }

  /** Whether a create may take `insertOrderInOneStatement`: every part it must write has one. */
  const canCreateInOneStatement = (couponId: number | undefined) =>
    couponId === undefined && (!deps.acceptAgreementsWithin || deps.acceptAgreementsPart !== undefined);

  async function currencyOfCity(cityId: number): Promise<Currency> {
    const city = await deps.getOpenCity(cityId);
    if (!isCurrency(city.currency)) throw new Error(`city ${cityId} has an unsupported currency`);
    return city.currency;
  }

  /** The one order-access policy (decision 102): every order route asks it first. */
  const access = createOrderAccess(repository);

  /** The order and who the caller is to it; `notFound` for anyone without access (decision 102). */
  async function partyOrder(me: AuthUser, id: number) {
    const { order, actor } = await access.accessWithRow(me, id);
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

  /**
   * What a step writes, decided here in TypeScript from the row in hand: the state machine's next
   * status, the order's changes, its history row and its event. Both ways of writing a step
   * (`transition`, `transitionInOneStatement`) take it from here.
   */
  async function planStep(
    order: OrderRow,
    step: OrderTransition,
    actor: OrderActor,
    actorId: number | null,
    options: TransitionOptions,
  ) {
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
    const changes: Partial<NewOrderRow> = {
      status: orderStatusCode(to),
      updatedAt: now,
      ...(step === 'accept' ? { acceptedAt: now } : {}),
      ...(step === 'arrive' ? { arrivedAt: now } : {}),
      // Remembered so the order is not offered back to a provider who let it go.
      ...((step === 'decline' || step === 'autoDecline' || step === 'giveBack') && order.therapistId !== null
        ? { letGoTherapistIds: [...new Set([...order.letGoTherapistIds, order.therapistId])] }
        : {}),
      ...(settlement ? { settlement } : {}),
      ...options.changes,
    };
    const history = (toStatus: number) => ({
      orderId: order.id,
      fromStatus: order.status,
      toStatus,
      transition: step,
      actor,
      actorId,
      reason: options.reason ?? '',
      at: now,
    });
    const event = {
      aggregateType: 'order',
      aggregateId: order.id,
      eventType: 'order.statusChanged',
      payload: { orderId: order.id, from, to, transition: step, actor },
    };
    return { settings, changes, history, event };
  }

  /** Moves an order one step of the state machine: status, history, event and jobs in one transaction. */
  async function transition(
    order: OrderRow,
    step: OrderTransition,
    actor: OrderActor,
    actorId: number | null,
    options: TransitionOptions = {},
  ): Promise<OrderRow> {
    const { settings, changes, history, event } = await planStep(order, step, actor, actorId, options);
    return underBusyConstraint(() =>
      deps.outbox().transaction(async (tx) => {
        // The provider's login comes back with the update: one round trip fewer per step (072).
        const stepped = await repository.updateOrderFromNamingProvider(tx, order.id, order.status, changes, {
          therapistId: order.therapistId,
          byStaff: actor === 'staff',
        });
        // Someone else moved it first: nothing changes, and the caller hears the step is not possible now.
        if (!stepped) throw new AppError('orderTransitionIllegal');
        const updated = stepped.order;
        await repository.insertHistory(tx, history(updated.status));
        await deps.outbox().add(tx, {
          ...event,
          topics: await topicsOf(tx, order, stepped.providerUserId),
        });
        await scheduleJobsAfter(tx, updated, settings);
        await options.inTransaction?.(tx, updated);
        return updated;
      }),
    );
  }

  /**
   * A step as one statement (decision 075): the same plan as `transition` (state machine, changes,
   * history, event, timed jobs), written by one data-modifying statement instead of a transaction
   * of seven to eleven: the update guarded by the status the row was read at, then history, event
   * and jobs, and what `more` adds (its parts read `source`, the stepped order's part, so they
   * are written only when the order moved). Answers the rows of `more`'s final select, or
   * undefined when someone else moved the order first (then nothing was written). The event is
   * the dispatcher's, woken after the statement, as after `transition`'s commit. Not for staff
   * (their steps are audited through the transaction's path).
   */
  async function transitionInOneStatement(
    order: OrderRow,
    step: OrderTransition,
    actor: Exclude<OrderActor, 'staff'>,
    actorId: number | null,
    more: (source: string) => { parts: StatementPart[]; final: SQL },
    options: Pick<TransitionOptions, 'reason' | 'changes'> = {},
  ): Promise<Record<string, unknown>[] | undefined> {
    const { settings, changes, history, event } = await planStep(order, step, actor, actorId, options);
    const source = 'stepped';
    const updated = { ...order, ...changes } as OrderRow;
    const jobs = timedJobsAfter(updated, settings);
    const added = more(source);
    const parts = [
      repository.stepOrderPart(source, order.id, order.status, changes, order.therapistId),
      repository.historyPart(source, history(updated.status)),
      deps.outbox().addPart(source, { ...event, topics: topicsIn(order, source) }),
      ...deps.jobs().partsOf(source, jobs.cancelled, jobs.key, jobs.added),
      ...added.parts,
    ];
    const rows = await underBusyConstraint(() =>
      repository.runStatement(
        withParts(
          parts,
          sql`select answer.* from ${sql.identifier(source)} left join lateral (${added.final}) answer on true`,
        ),
      ),
    );
    if (rows.length === 0) return undefined;
    deps.outbox().wake();
    return rows;
  }

  /** `topicsOf` as SQL over the stepped order's part, whose row carries the provider's login. */
  function topicsIn(order: OrderRow, source: string): SQL {
    return sql`array_remove(array[${`order:${order.id}`}::text, ${`user:${order.customerId}`}::text,
      'user:' || ${sql.identifier(source)}.provider_user_id], null)`;
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
  function timedJobsAfter(order: OrderRow, settings: CityBookingSettings) {
    const key = jobKeyOf(order.id);
    const status = statusOf(order);
    const now = clock.now().getTime();
    const payload = { orderId: order.id };
    const at = (instant: number) => ({ runAt: new Date(instant), uniqueKey: key });
    const added: EnqueueItem[] = [];
    if (status === 'waitingAcceptance') {
      added.push({
        type: autoDeclineOrderJob,
        payload,
        options: at(now + settings.autoDeclineMinutes * MINUTE),
      });
    } else if (status === 'reassigning') {
      added.push({
        type: cancelUnchosenOrderJob,
        payload,
        options: at(now + settings.reassignChoiceMinutes * MINUTE),
      });
    } else if (status === 'inService') {
      added.push({
        type: autoEndOrderJob,
        payload,
        options: at(order.endsAt.getTime() + settings.autoEndMinutes * MINUTE),
      });
    } else if (status === 'serviceEnded') {
      added.push({ type: awaitReviewJob, payload, options: at(now) });
      added.push({
        type: autoCompleteOrderJob,
        payload,
        options: at(now + settings.autoCompleteHours * 60 * MINUTE),
      });
    }
    // Every timed job the order may have is cancelled before the new ones are set.
    const cancelled = ORDER_TIMED_JOBS.filter(
      (type) => !(status === 'pendingReview' && type === autoCompleteOrderJob),
    );
    return { key, cancelled, added };
  }

  async function scheduleJobsAfter(tx: Db, order: OrderRow, settings: CityBookingSettings) {
    const jobs = deps.jobs();
    const { key, cancelled, added } = timedJobsAfter(order, settings);
    // One statement for every timed job the order may have (a transition used to send six).
    await jobs.cancel(tx, cancelled, key);
    for (const item of added) await jobs.enqueue(tx, item.type, item.payload, item.options);
  }

  async function detail(
    order: OrderRow,
    actor: OrderActor,
    /** The order's history when the caller has just written all of it. */
    knownHistory?: Pick<
      OrderHistoryRow,
      'fromStatus' | 'toStatus' | 'transition' | 'actor' | 'reason' | 'at'
    >[],
  ): Promise<OrderDetail> {
    const status = statusOf(order);
    const history = knownHistory ?? (await repository.history(order.id));
    const name = (code: number | null) =>
      code === null ? null : (findOrderStatusByCode(code) ?? String(code));
    // Until a provider accepts, they see the area, not the door or the phone (issue #13 item 7).
    const isMaskedForProvider = actor === 'provider' && order.acceptedAt === null;
    // The live position is for the two parties and staff, and only while the provider travels.
    const position =
      status === 'departed' && (actor === 'customer' || actor === 'provider' || actor === 'staff')
        ? await repository.providerPosition(order.id)
        : undefined;
    const callAttempts = order.arrivedAt !== null ? await repository.callAttemptCount(order.id) : 0;
    const settings =
      position || (status === 'arrived' && order.checkedInByPosition)
        ? await deps.settingsOf(order.cityId)
        : undefined;
    const noShowAt = settings && status === 'arrived' ? noShowAvailableAt(order, settings) : null;
    const isNoShowPossibleNow =
      noShowAt !== null && callAttempts > 0 && noShowAt.getTime() <= clock.now().getTime();
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
      // Offered only when the server would take it now; a no-show also waits for its conditions.
      allowedTransitions: allowedTransitions(order.kind, status, actor).filter(
        (step) => step !== 'pay' && (step !== 'reportNoShow' || isNoShowPossibleNow),
      ),
      allowedActions: allowedActions(order.kind, status, actor).filter(
        (action) => !(action === 'urge' && order.urgedAt !== null),
      ),
      providerPosition: position && settings ? providerPositionView(order, position, settings) : null,
      callAttempts,
      noShowAvailableAt: noShowAt?.toISOString() ?? null,
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
    topicsOf,
    insertOrder,
    insertOrderInOneStatement,
    canCreateInOneStatement,
    currencyOfCity,
    access,
    partyOrder,
    settlementFor,
    settlementView,
    transition,
    transitionInOneStatement,
    changeLiveOrder,
    scheduleJobsAfter,
    detail,
    summary,
  };
}

export type OrderCore = ReturnType<typeof createOrderCore>;
