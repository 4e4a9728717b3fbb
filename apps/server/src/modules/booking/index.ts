import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import type { AppModule, ModuleContext } from '../../app-module';
import { handleJob } from '../../jobs/queue';
import { createLocalStorage } from '../../lib/storage';
import type { GeoApi } from '../geo';
import { addressesRoutes } from './addresses.routes';
import { createAddressesService } from './addresses.service';
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
import { createEarliestStartsRepository } from './earliest-starts.repository';
import { createEarliestStartsService, type EarliestStartsService } from './earliest-starts.service';
import { createFreeStartsService } from './free-starts.service';
import type { OrdersService } from './orders.service';
import { createOrdersService } from './orders.service';

export type { EarliestStartsOptions, TherapistAvailability } from './earliest-starts.service';
export type { OrdersService } from './orders.service';

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
  needs: { cities: GeoApi },
): AppModule<{ orders: OrdersService; earliestStarts: EarliestStartsService['earliestStarts'] }> {
  const deps = { ...context, jobs: () => context.jobs, outbox: () => context.outbox };
  const repository = createBookingRepository(deps.db);
  const { cities } = needs;
  const settingsOf = createSettingsReader(repository);
  const availability = createAvailabilityService({
    repository,
    clock: deps.clock,
    settingsOf,
    timeZoneOf: cities.timeZoneOf,
  });
  const orders = createOrdersService({
    repository,
    clock: deps.clock,
    availability,
    settingsOf,
    getOpenCity: cities.getOpenCity,
    jobs: deps.jobs,
    outbox: deps.outbox,
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

  const jobHandlers = [
    handleJob(expireUnpaidOrderJob, ({ orderId }) => orders.systemStep(orderId, 'expire')),
    handleJob(autoDeclineOrderJob, ({ orderId }) => orders.systemStep(orderId, 'autoDecline')),
    handleJob(cancelUnchosenOrderJob, ({ orderId }) => orders.systemStep(orderId, 'cancel')),
    handleJob(autoEndOrderJob, ({ orderId }) => orders.systemStep(orderId, 'autoEnd')),
    handleJob(awaitReviewJob, ({ orderId }) => orders.systemStep(orderId, 'awaitReview')),
    handleJob(autoCompleteOrderJob, ({ orderId }) => orders.systemStep(orderId, 'autoComplete')),
  ];

  const routes: FastifyPluginAsync = async (api) => {
    await api.register(addressesRoutes, { service: addresses });
    await api.register(bookingRoutes, { availability, freeStarts, orders });
  };

  // Only the order's customer, its provider and staff may follow `order:<id>` (decision 016).
  context.topics.declare('order', (user, id) => orders.canFollow(user, id));

  return {
    name: 'booking',
    api: { orders, earliestStarts },
    routes,
    jobs: jobHandlers,
  };
}
