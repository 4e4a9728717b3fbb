import type { FastifyPluginAsync } from 'fastify';
import type { AppModule, ModuleContext } from '../../app-module';
import type { BookingApi } from '../booking';
import { createNotificationsRepository } from './notifications.repository';
import { notificationsRoutes } from './notifications.routes';
import { createNotificationsService } from './notifications.service';

/**
 * The notification centre's records (decision 029): booking's committed order events become one
 * record per party, published on `user:<id>` as `notification.created`; the recipient lists them,
 * counts the unread and marks them read. The chat issue builds the pages.
 */
export function createNotificationsModule(
  context: Pick<ModuleContext, 'db' | 'clock' | 'outbox'>,
  needs: { booking: Pick<BookingApi, 'partiesOf'> },
): AppModule<undefined> {
  const service = createNotificationsService({
    repository: createNotificationsRepository(context.db),
    clock: context.clock,
    outbox: context.outbox,
    partiesOf: needs.booking.partiesOf,
  });
  const routes: FastifyPluginAsync = async (api) => {
    await api.register(notificationsRoutes, { service });
  };
  return { name: 'notifications', api: undefined, routes, subscriptions: [service.subscription] };
}
