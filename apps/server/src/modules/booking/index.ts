import path from 'node:path';
import { type OrderStatus, orderStatusCode } from '@sabai/shared/booking/order-status';
import { cityPaymentSettingsSchema } from '@sabai/shared/payments/payment-settings';
import type { FastifyPluginAsync } from 'fastify';
import type { AppModule, ModuleContext } from '../../app-module';
import type { Db } from '../../db/client';
import type { StatementPart } from '../../db/one-statement';
import type { AuthUser } from '../../http/auth';
import { handleJob } from '../../jobs/queue';
import { createLocalStorage } from '../../lib/storage';
import type { GeoApi } from '../geo';
import { addressesRoutes } from './addresses.routes';
import { createAddressesService } from './addresses.service';
import { createAttentionRepository } from './attention.repository';
import { attentionRoutes } from './attention.routes';
import { createAttentionService } from './attention.service';
import { createAvailabilityService, createSettingsReader } from './availability.service';
import {
  autoCompleteOrderJob,
  autoDeclineOrderJob,
  autoEndOrderJob,
  awaitReviewJob,
  cancelUnchosenOrderJob,
  expireUnpaidOrderJob,
} from './booking.jobs';
import { createBookingRepository } from './booking.repository';
import { bookingRoutes } from './booking.routes';
import { createBookingSettingsReader } from './booking-settings.reader';
import { createEarliestStartsRepository } from './earliest-starts.repository';
import { createEarliestStartsService, type EarliestStartsService } from './earliest-starts.service';
import { createFreeStartsService } from './free-starts.service';
import type { OrderAccess } from './order-access';
import type { BookingCouponHooks } from './order-core';
import { createOrderLabels } from './order-labels';
import { createOrderPartiesReader, createOrdersPartiesReader, type OrderParties } from './order-parties';
import { createOrderWatch } from './order-watch';
import type { OrdersService } from './orders.service';
import { createOrdersService } from './orders.service';
import { auditedStateOf, withStaffAudit } from './staff-audit';
import { createWorkSettingsRepository } from './work-settings.repository';
import { workSettingsRoutes } from './work-settings.routes';
import { createWorkSettingsService } from './work-settings.service';

export type { EarliestStartsOptions, TherapistAvailability } from './earliest-starts.service';
export type { OrderAccess, OrderAccessActor } from './order-access';
export { requireActor } from './order-access';
export type { BookingCouponHooks } from './order-core';
export type { OrderParties } from './order-parties';
export type { OrderAfterServiceFacts } from './order-review-step';
/** How an order copies its address and quote: the demo's orders are written the same way. */
export { addressSnapshotOf, snapshotOf } from './order-rows';
export type { SettlementRecord } from './order-steps';
export { ACCEPT_REMINDER_EVENT } from './order-watch';
export type { OrdersService } from './orders.service';

/** A city's booking settings (VAT among them) for modules that price other things in the city. */
export function createBookingSettingsOf(db: ModuleContext['db']) {
  return createSettingsReader(createBookingRepository(db));
}

/** What other modules use of booking. */
export interface BookingApi {
  orders: OrdersService;
  /**
   * The one order-access policy (decision 102): who the caller is to the order (customer,
   * provider, store, staff), or `notFound` for anyone else — every route with an order id and the
   * `order:<id>` topic ask it. What that actor may do there is the route's rule (`requireActor`).
   */
  orderAccess: (user: AuthUser | null, orderId: number) => Promise<OrderAccess>;
  /** Who an order concerns (customer, current provider), for notifications. */
  partiesOf: (orderId: number) => Promise<OrderParties | null>;
  /** `partiesOf` for several orders in one read: those found, by id (decision 080). */
  partiesOfMany: (orderIds: readonly number[]) => Promise<Map<number, OrderParties>>;
  /** "Available now" and the earliest start of a page of therapist cards (decision 036). */
  earliestStarts: EarliestStartsService['earliestStarts'];
  /** The city time zone of each order found, by id, in one read (decision 108: times on the order's clock). */
  timeZonesOfOrders: (orderIds: readonly number[]) => Promise<Map<number, string>>;
  /**
   * Audits a staff member's money action on an order inside the caller's transaction, after the
   * system step it completed (a refund paid by hand, decision 042): who, when, why, before, after.
   */
  recordStaffMoneyAction: (
    tx: Db,
    action: { orderId: number; staffId: number; action: string; reason: string; before: OrderStatus },
  ) => Promise<void>;
}

/**
 * Therapist cards' "available now" and earliest start (decision 036): booking's free-start rules
 * over one read per page of cards. Also what tests of the catalogue build its cards with.
 */
export function createTherapistAvailability(
  deps: Pick<ModuleContext, 'db' | 'clock'> & { timeZoneOf: (cityId: number) => Promise<string> },
): EarliestStartsService['earliestStarts'] {
  return createEarliestStartsService({
    repository: createEarliestStartsRepository(deps.db),
    clock: deps.clock,
    timeZoneOf: deps.timeZoneOf,
  }).earliestStarts;
}

/**
 * Booking: addresses, availability and orders; its time-driven rules run on the jobs table and its
 * transitions reach the parties through the outbox and the `order:` topic.
 */
export function createBookingModule(
  context: Pick<ModuleContext, 'db' | 'clock' | 'config' | 'jobs' | 'outbox' | 'topics'>,
  needs: {
    cities: GeoApi;
    /** Coupons' hooks for the quote and the create (decision 043). */
    coupons?: BookingCouponHooks;
    /** Who has member prices: the VIP module's active membership (decision 043). */
    isMember?: (userId: number) => Promise<boolean>;
    /** The help module's agreements: placing an order accepts their current versions (decision 054). */
    acceptAgreementsWithin?: (tx: Db, userId: number, at: Date) => Promise<unknown>;
    /** The same as a part of the create's one statement (decision 079). */
    acceptAgreementsPart?: (source: string, userId: number, at: Date) => StatementPart;
    /**
     * The platform's share in a city (payments' setting, basis points): the workbench shows earnings
     * after it (decision 108). Without it, the settings' default.
     */
    platformShareOf?: (cityId: number) => Promise<number>;
  },
): AppModule<BookingApi> {
  const deps = { ...context, jobs: () => context.jobs, outbox: () => context.outbox };
  const stored = createBookingRepository(deps.db);
  const repository = needs.isMember ? { ...stored, isMember: needs.isMember } : stored;
  const { cities } = needs;
  const settingsOf = createSettingsReader(repository);
  const availability = createAvailabilityService({
    repository,
    clock: deps.clock,
    timeZoneOf: cities.timeZoneOf,
  });
  const attention = createAttentionRepository(deps.db);
  const orders = createOrdersService({
    // Staff actions are audited in the transaction that makes them (decision 029).
    repository: withStaffAudit(repository, attention),
    clock: deps.clock,
    availability,
    settingsOf,
    getOpenCity: cities.getOpenCity,
    jobs: deps.jobs,
    outbox: deps.outbox,
    ...(needs.coupons ? { coupons: needs.coupons } : {}),
    ...(needs.acceptAgreementsWithin ? { acceptAgreementsWithin: needs.acceptAgreementsWithin } : {}),
    ...(needs.acceptAgreementsPart ? { acceptAgreementsPart: needs.acceptAgreementsPart } : {}),
  });
  const freeStarts = createFreeStartsService({ repository, availability, getOpenCity: cities.getOpenCity });
  const earliestStarts = createTherapistAvailability({
    db: deps.db,
    clock: deps.clock,
    timeZoneOf: cities.timeZoneOf,
  });
  const addresses = createAddressesService({
    repository,
    clock: deps.clock,
    storage: createLocalStorage(path.join(deps.config.DATA_DIR, 'uploads')),
  });

  const watch = createOrderWatch({
    db: deps.db,
    clock: deps.clock,
    repository,
    attention,
    settingsOf,
    jobs: deps.jobs,
    outbox: deps.outbox,
  });
  const attentionService = createAttentionService({ repository, attention });
  const bookingSettings = createBookingSettingsReader({
    clock: deps.clock,
    settingsOf,
    assertCity: cities.timeZoneOf,
  });
  const workSettings = createWorkSettingsService({
    repository: createWorkSettingsRepository(deps.db),
    timeZoneOf: cities.timeZoneOf,
    platformShareOf:
      needs.platformShareOf ?? (async () => cityPaymentSettingsSchema.parse({}).platformShareBasisPoints),
  });

  const jobHandlers = [
    ...watch.jobHandlers,
    handleJob(expireUnpaidOrderJob, ({ orderId }) => orders.systemStep(orderId, 'expire')),
    handleJob(autoDeclineOrderJob, ({ orderId }) => orders.systemStep(orderId, 'autoDecline')),
    handleJob(cancelUnchosenOrderJob, ({ orderId }) => orders.systemStep(orderId, 'cancel')),
    handleJob(autoEndOrderJob, ({ orderId }) => orders.systemStep(orderId, 'autoEnd')),
    handleJob(awaitReviewJob, ({ orderId }) => orders.systemStep(orderId, 'awaitReview')),
    handleJob(autoCompleteOrderJob, ({ orderId }) => orders.systemStep(orderId, 'autoComplete')),
  ];

  const routes: FastifyPluginAsync = async (api) => {
    await api.register(addressesRoutes, { service: addresses });
    await api.register(bookingRoutes, {
      availability,
      freeStarts,
      orders,
      withLabels: createOrderLabels(repository),
    });
    await api.register(attentionRoutes, { attention: attentionService, settings: bookingSettings });
    await api.register(workSettingsRoutes, { service: workSettings });
  };

  // Who may follow `order:<id>` is who may see the order (decisions 016, 102); any step may move
  // it to another provider (a reassignment), so followers are asked again after each but a position.
  context.topics.declare('order', (user, id) => orders.canFollow(user, id), {
    recheckAfter: (eventType) => eventType !== 'order.position',
  });

  return {
    name: 'booking',
    api: {
      orders,
      orderAccess: orders.orderAccess,
      partiesOf: createOrderPartiesReader(repository),
      partiesOfMany: createOrdersPartiesReader(repository),
      earliestStarts,
      async timeZonesOfOrders(orderIds) {
        const rows = await repository.orderLabels(orderIds);
        return new Map(rows.map((row) => [row.orderId, row.timeZone]));
      },
      async recordStaffMoneyAction(tx, { orderId, staffId, action, reason, before }) {
        const order = await attention.findOrderIn(tx, orderId);
        if (!order) return;
        const after = auditedStateOf(order);
        await attention.insertAudit(tx, {
          orderId,
          staffId,
          action,
          reason,
          before: { ...after, status: orderStatusCode(before) },
          after,
          at: deps.clock.now(),
        });
      },
    },
    routes,
    jobs: jobHandlers,
    subscriptions: [watch.subscription],
  };
}
