import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import type { AppConfig } from '../../config/env';
import type { Db } from '../../db/client';
import { handleJob, type JobQueue } from '../../jobs/queue';
import type { Clock } from '../../lib/clock';
import { createLocalStorage } from '../../lib/storage';
import type { Outbox } from '../../outbox/outbox';
import { createCitiesRepository, createCitiesService } from '../geo';
import type { TopicAccess } from '../realtime';
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
import { createFreeStartsService } from './free-starts.service';
import { createOrdersService } from './orders.service';

export type { OrdersService } from './orders.service';

/**
 * Booking: addresses, availability and orders. The job queue and the outbox are built after the
 * module (the queue needs the module's handlers), so they are reached through getters.
 */
export function createBookingModule(deps: {
  db: Db;
  clock: Clock;
  config: AppConfig;
  jobs: () => JobQueue;
  outbox: () => Outbox;
}) {
  const repository = createBookingRepository(deps.db);
  const cities = createCitiesService({ repository: createCitiesRepository(deps.db), clock: deps.clock });
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

  return {
    orders,
    availability,
    addresses,
    jobHandlers,
    routes,
    /** Only the order's customer, its provider and staff may follow `order:<id>` (decision 016). */
    declareTopics: (declare: TopicAccess['declare']) =>
      declare('order', (user, id) => orders.canFollow(user, id)),
  };
}

export type BookingModule = ReturnType<typeof createBookingModule>;
