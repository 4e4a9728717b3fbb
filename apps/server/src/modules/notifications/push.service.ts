import { isLanguage, type Language } from '@sabai/shared/i18n';
import {
  NOTIFICATION_CREATED_EVENT,
  ORDER_PUSH_TYPES,
  PUSH_TYPES,
  type PushPayload,
  type PushType,
} from '@sabai/shared/notifications/notification-types';
import type { PushSubscriptionBody } from '@sabai/shared/notifications/notifications.schemas';
import type { FastifyBaseLogger } from 'fastify';
import type { AuthUser } from '../../http/auth';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { translate } from '../../lib/i18n';
import type { OutboxHandler } from '../../outbox/outbox';
import type { PushRepository } from './push.repository';
import type { PushSender } from './push-sender';

/** The record as `notification.created` carries it (see the notifications service's `recordOf`). */
interface CreatedRecord {
  id: number;
  pushType: number;
  orderId: number | null;
  messageKey: string;
  params: Record<string, string | number>;
}

const PUSH_TYPE_NAMES = Object.fromEntries(
  Object.entries(PUSH_TYPES).map(([name, code]) => [code, name]),
) as Record<number, string>;

/** The push type's heading in the language, e.g. "Order accepted". */
export const pushTitle = (language: Language, pushType: number) =>
  translate(language, `push:titles.${PUSH_TYPE_NAMES[pushType] ?? 'orderUpdated'}`);

const LOOPBACK_OR_PRIVATE =
  /^(localhost|.*\.localhost|127\.\d+\.\d+\.\d+|10\.\d+\.\d+\.\d+|192\.168\.\d+\.\d+|172\.(1[6-9]|2\d|3[01])\.\d+\.\d+|169\.254\.\d+\.\d+|0\.0\.0\.0|\[.*\])$/i;

/**
 * Web Push (decision 056): the caller's browsers' subscriptions, and a push per booking
 * notification to each of the recipient's browsers, in the language the browser subscribed in.
 */
export function createPushService(deps: {
  repository: PushRepository;
  /** Null when Web Push is off (production without VAPID keys). */
  sender: PushSender | null;
  publicKey: string | null;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Production posts only to public https push services: an endpoint is a URL the server will call. */
  production: boolean;
}) {
  const { repository, sender, clock, log } = deps;

  const isAllowedEndpoint = (endpoint: string) => {
    const url = new URL(endpoint);
    if (!deps.production) return url.protocol === 'https:' || url.protocol === 'http:';
    return url.protocol === 'https:' && !LOOPBACK_OR_PRIVATE.test(url.hostname);
  };

  /**
   * Sends one push to each of the user's browsers, built in the language the browser subscribed in;
   * drops a subscription its push service says is gone (404/410). Nothing when Web Push is off.
   */
  async function sendToUser(
    userId: number,
    payloadIn: (language: Language) => object,
    options: { ttlSeconds: number; urgency: 'normal' | 'high' },
  ) {
    if (!sender) return;
    const subscriptions = await repository.ofUser(userId);
    await Promise.all(
      subscriptions.map(async (subscription) => {
        const language = isLanguage(subscription.language) ? subscription.language : 'en';
        const outcome = await sender.send(
          { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
          JSON.stringify(payloadIn(language)),
          options,
        );
        if (outcome === 'gone') await repository.remove(subscription.id);
        else if (outcome === 'delivered') await repository.delivered(subscription.id, clock.now());
        else log.warn({ subscriptionId: subscription.id }, 'web push failed; kept for the next one');
      }),
    );
  }

  async function deliver(record: CreatedRecord, recipientId: number) {
    if (!ORDER_PUSH_TYPES.includes(record.pushType as PushType)) return;
    await sendToUser(
      recipientId,
      (language): PushPayload => ({
        type: record.pushType,
        title: pushTitle(language, record.pushType),
        body: translate(language, `notifications:${record.messageKey}`, record.params),
        extra: { extraMap: { ordersId: record.orderId, noticeId: record.id } },
        data: { from_uid: null, type: record.pushType },
      }),
      // A new order is urgent for the provider; the rest can wait for the phone's next wake-up.
      { ttlSeconds: 24 * 60 * 60, urgency: record.pushType === PUSH_TYPES.newOrder ? 'high' : 'normal' },
    );
  }

  /** Hears each new notification record; a push failure never holds the outbox back. */
  const subscription: OutboxHandler = {
    name: 'web-push',
    async handle(event) {
      if (event.aggregateType !== 'notification' || event.eventType !== NOTIFICATION_CREATED_EVENT) return;
      try {
        await deliver(event.payload as CreatedRecord, Number(event.aggregateId));
      } catch (error) {
        log.error({ err: error, eventId: event.id }, 'web push delivery crashed');
      }
    },
  };

  return {
    subscription,
    sendToUser,
    config: () => ({ publicKey: deps.publicKey }),

    async subscribe(me: AuthUser, body: PushSubscriptionBody, language: Language) {
      if (!sender) throw new AppError('pushUnavailable');
      if (!isAllowedEndpoint(body.endpoint)) throw new AppError('pushEndpointRefused');
      await repository.upsert({
        userId: me.id,
        endpoint: body.endpoint,
        p256dh: body.keys.p256dh,
        auth: body.keys.auth,
        language,
        createdAt: clock.now(),
      });
      return { subscribed: true };
    },

    /** Someone else's (or an unknown) endpoint answers as not found. */
    async unsubscribe(me: AuthUser, endpoint: string) {
      if (!(await repository.removeMine(me.id, endpoint))) throw new AppError('notFound');
      return { subscribed: false };
    },
  };
}

export type PushService = ReturnType<typeof createPushService>;
