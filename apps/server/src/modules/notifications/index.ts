import type { FastifyPluginAsync } from 'fastify';
import type { AppModule, ModuleContext } from '../../app-module';
import type { BookingApi } from '../booking';
import type { IncomingCallNotifier } from '../chat';
import { createCallPushNotifier } from './call-push';
import { createNotificationsRepository } from './notifications.repository';
import { notificationsRoutes } from './notifications.routes';
import { createNotificationsService } from './notifications.service';
import { createPushRepository } from './push.repository';
import { pushRoutes } from './push.routes';
import { createPushService } from './push.service';
import { createWebPushSender, type PushSender } from './push-sender';
import { resolveVapidKeys } from './vapid-keys';

export type { PushOutcome, PushSender, PushTarget } from './push-sender';

export interface NotificationsApi {
  /** Rings a callee's browsers by Web Push and closes the ring when it stops (decision 063). */
  incomingCalls: IncomingCallNotifier;
}

/**
 * The notification centre's records (decision 029): booking's committed order events become one
 * record per party, published on `user:<id>` as `notification.created`; the recipient lists them,
 * counts the unread and marks them read. Staff publish system announcements; each new booking
 * record goes out by Web Push to the recipient's browsers (decision 056).
 */
export function createNotificationsModule(
  context: Pick<ModuleContext, 'db' | 'clock' | 'outbox' | 'config' | 'log'>,
  needs: { booking: Pick<BookingApi, 'partiesOf' | 'partiesOfMany'> },
  /** A push sender in place of `web-push` (tests, or another push transport). */
  options: { pushSender?: PushSender } = {},
): AppModule<NotificationsApi> {
  const service = createNotificationsService({
    repository: createNotificationsRepository(context.db),
    clock: context.clock,
    outbox: context.outbox,
    partiesOf: needs.booking.partiesOf,
    partiesOfMany: needs.booking.partiesOfMany,
  });
  const keys = resolveVapidKeys(context.config);
  if (!keys) context.log.warn('Web Push is off: set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY');
  const push = createPushService({
    repository: createPushRepository(context.db),
    sender: keys ? (options.pushSender ?? createWebPushSender(keys, context.config.PUSH_TIMEOUT_MS)) : null,
    publicKey: keys?.publicKey ?? null,
    clock: context.clock,
    log: context.log,
    production: context.config.NODE_ENV === 'production',
  });
  const routes: FastifyPluginAsync = async (api) => {
    await api.register(notificationsRoutes, { service });
    await api.register(pushRoutes, { service: push });
  };
  return {
    name: 'notifications',
    api: { incomingCalls: createCallPushNotifier({ push, clock: context.clock }) },
    routes,
    subscriptions: [service.subscription, push.subscription],
  };
}
