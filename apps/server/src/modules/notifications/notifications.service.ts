import type { Language } from '@sabai/shared/i18n';
import {
  NOTIFICATION_CREATED_EVENT,
  type NotificationMessageKey,
  PUSH_TYPES,
} from '@sabai/shared/notifications/notification-types';
import type { NotificationView } from '@sabai/shared/notifications/notifications.schemas';
import type { Db } from '../../db/client';
import type { AuthUser } from '../../http/auth';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { translate } from '../../lib/i18n';
import { type Page, pageWindow, toPage } from '../../lib/paging';
import type { Outbox, OutboxEvent, OutboxHandler } from '../../outbox/outbox';
import type { BookingApi } from '../booking';
import { planFor, planForFeedback } from './notification-rules';
import type {
  NewNotificationRow,
  NotificationRow,
  NotificationsRepository,
} from './notifications.repository';

/** The record as the realtime event carries it (no text: the reader's language is not known there). */
const recordOf = (row: NotificationRow) => ({
  id: row.id,
  pushType: row.pushType,
  orderId: row.orderId,
  messageKey: row.messageKey as NotificationMessageKey,
  params: row.params,
  createdAt: row.createdAt.toISOString(),
  readAt: row.readAt?.toISOString() ?? null,
});

const viewOf = (row: NotificationRow, language: Language): NotificationView => ({
  ...recordOf(row),
  text: translate(language, `notifications:${row.messageKey}`, row.params),
});

const userIdsOf = (topics: readonly string[]) =>
  topics.filter((topic) => topic.startsWith('user:')).map((topic) => Number(topic.slice('user:'.length)));

/**
 * The notification centre's records (decision 029): written from booking's committed order events,
 * so booking knows nothing of them; read by their recipient only, in the reader's language.
 */
export function createNotificationsService(deps: {
  repository: NotificationsRepository;
  clock: Clock;
  outbox: Outbox;
  partiesOf: BookingApi['partiesOf'];
}) {
  const { repository, clock, outbox } = deps;

  /** The records an order event asks for, each with the key that makes a redelivery write nothing. */
  async function recordsFor(event: OutboxEvent): Promise<NewNotificationRow[]> {
    const payload = (event.payload ?? {}) as Record<string, unknown>;
    const plans = planFor(event.eventType, payload);
    if (!plans.length) return [];
    const orderId = Number(event.aggregateId);
    const parties = await deps.partiesOf(orderId);
    if (!parties) return [];
    // The provider when the event was written is on its topics; a later reassignment does not move it.
    const providerAtEvent = userIdsOf(event.topics).find((id) => id !== parties.customerId) ?? null;
    const recipientOf = (to: (typeof plans)[number]['to']): number | null => {
      if (to === 'customer') return parties.customerId;
      if (to === 'provider') return providerAtEvent;
      if (to === 'newProvider') return parties.providerUserId;
      return providerAtEvent !== parties.providerUserId ? providerAtEvent : null;
    };
    // A reminder names its own key: the job that writes it may run twice, each time a new event.
    const cause =
      typeof payload.reminderKey === 'string' ? `reminder:${payload.reminderKey}` : `event:${event.id}`;
    const rows: NewNotificationRow[] = [];
    for (const plan of plans) {
      const recipientId = recipientOf(plan.to);
      if (!recipientId) continue;
      rows.push({
        recipientId,
        pushType: plan.pushType,
        orderId,
        messageKey: plan.messageKey,
        params: { orderNumber: parties.orderNumber, ...plan.params },
        dedupeKey: `${cause}:${recipientId}:${plan.messageKey}`,
        createdAt: event.createdAt,
      });
    }
    return rows;
  }

  /**
   * Customer service's reply or status change on a customer's feedback (decision 053): one record for
   * the customer, no order; `feedbackId` in the params opens the feedback.
   */
  function feedbackRecordsFor(event: OutboxEvent): NewNotificationRow[] {
    const plan = planForFeedback(event.eventType, (event.payload ?? {}) as Record<string, unknown>);
    if (!plan) return [];
    return [
      {
        recipientId: plan.recipientId,
        pushType: PUSH_TYPES.feedbackUpdated,
        orderId: null,
        messageKey: plan.messageKey,
        params: { feedbackId: plan.feedbackId },
        dedupeKey: `event:${event.id}:${plan.recipientId}:${plan.messageKey}`,
        createdAt: event.createdAt,
      },
    ];
  }

  const subscription: OutboxHandler = {
    name: 'notifications',
    async handle(event) {
      if (event.aggregateType !== 'order' && event.aggregateType !== 'feedback') return;
      const rows = event.aggregateType === 'order' ? await recordsFor(event) : feedbackRecordsFor(event);
      if (!rows.length) return;
      await outbox.transaction(async (tx: Db) => {
        const inserted = await repository.insertNew(tx, rows);
        for (const row of inserted) {
          await outbox.add(tx, {
            aggregateType: 'notification',
            aggregateId: row.recipientId,
            eventType: NOTIFICATION_CREATED_EVENT,
            payload: recordOf(row),
            topics: [`user:${row.recipientId}`],
          });
        }
      });
    },
  };

  return {
    subscription,

    async list(
      me: AuthUser,
      query: { page: number; pageSize: number; unread?: boolean | undefined },
      language: Language,
    ): Promise<Page<NotificationView>> {
      const window = pageWindow(query);
      const rows = await repository.list(me.id, query.unread ?? false, window.limit, window.offset);
      return toPage(
        rows.map((row) => viewOf(row, language)),
        query,
      );
    },

    unreadCount: async (me: AuthUser) => ({ count: await repository.unreadCount(me.id) }),

    /** Someone else's notification answers as not found. */
    async markRead(me: AuthUser, id: number, language: Language): Promise<NotificationView> {
      const row = (await repository.markRead(me.id, id, clock.now())) ?? (await repository.find(me.id, id));
      if (!row) throw new AppError('notFound');
      return viewOf(row, language);
    },

    markAllRead: async (me: AuthUser) => ({ marked: await repository.markAllRead(me.id, clock.now()) }),
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
