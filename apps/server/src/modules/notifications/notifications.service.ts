import type { Language } from '@sabai/shared/i18n';
import type { NotificationKind } from '@sabai/shared/notifications/notification-types';
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
import type { BookingApi, OrderParties } from '../booking';
import { planFor, planForFeedback } from './notification-rules';
import type {
  AnnouncementText,
  NewNotificationRow,
  NotificationRow,
  NotificationsRepository,
  NotificationWithText,
} from './notifications.repository';
import { pushTitle } from './push.service';

/** The record as the realtime event carries it (no text: the reader's language is not known there). */
const recordOf = (row: NotificationRow) => ({
  id: row.id,
  pushType: row.pushType,
  orderId: row.orderId,
  announcementId: row.announcementId,
  messageKey: row.messageKey as NotificationMessageKey,
  params: row.params,
  createdAt: row.createdAt.toISOString(),
  readAt: row.readAt?.toISOString() ?? null,
});

/** An announcement's text in the reader's language, else in English (always written). */
const announcementTextIn = (texts: Record<string, AnnouncementText>, language: Language) =>
  texts[language] ?? texts.en ?? Object.values(texts)[0] ?? { title: '', body: '' };

const viewOf = (row: NotificationWithText, language: Language): NotificationView => {
  const { announcementTexts, ...record } = row;
  if (announcementTexts) {
    const { title, body } = announcementTextIn(announcementTexts, language);
    return { ...recordOf(record), title, text: body };
  }
  return {
    ...recordOf(record),
    title: pushTitle(language, row.pushType),
    text: translate(language, `notifications:${row.messageKey}`, row.params),
  };
};

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
  /** Several orders' parties in one read (the dispatcher's batch, decision 080). */
  partiesOfMany?: BookingApi['partiesOfMany'];
}) {
  const { repository, clock, outbox } = deps;

  /** The records an order event asks for, each with the key that makes a redelivery write nothing. */
  async function recordsFor(event: OutboxEvent): Promise<NewNotificationRow[]> {
    if (!plansOf(event).length) return [];
    return recordsWith(event, await deps.partiesOf(Number(event.aggregateId)));
  }

  const plansOf = (event: OutboxEvent) =>
    planFor(event.eventType, (event.payload ?? {}) as Record<string, unknown>);

  /** `recordsFor` with the order's parties in hand (read one by one, or for a batch at once). */
  function recordsWith(event: OutboxEvent, parties: OrderParties | null | undefined): NewNotificationRow[] {
    const payload = (event.payload ?? {}) as Record<string, unknown>;
    const plans = planFor(event.eventType, payload);
    if (!plans.length) return [];
    const orderId = Number(event.aggregateId);
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

  /** One of mine (the detail page); someone else's answers as not found. */
  async function get(me: AuthUser, id: number, language: Language): Promise<NotificationView> {
    const row = await repository.find(me.id, id);
    if (!row) throw new AppError('notFound');
    return viewOf(row, language);
  }

  /** Writes the records and, for each one new, its `notification.created` event, in one transaction. */
  async function write(rows: NewNotificationRow[]) {
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
  }

  const subscription: OutboxHandler = {
    name: 'notifications',
    /**
     * The dispatcher's batch (decision 080): the orders' parties in one read and every event's
     * records in one transaction, in the events' order; an event without records costs nothing.
     */
    async handleBatch(events) {
      const orderEvents = events.filter((event) => event.aggregateType === 'order' && plansOf(event).length);
      const parties =
        orderEvents.length && deps.partiesOfMany
          ? await deps.partiesOfMany(orderEvents.map((event) => Number(event.aggregateId)))
          : undefined;
      const rows: NewNotificationRow[] = [];
      for (const event of events) {
        if (event.aggregateType === 'feedback') rows.push(...feedbackRecordsFor(event));
        else if (event.aggregateType === 'order' && plansOf(event).length)
          rows.push(
            ...(parties
              ? recordsWith(event, parties.get(Number(event.aggregateId)))
              : await recordsFor(event)),
          );
      }
      await write(rows);
    },
    async handle(event) {
      if (event.aggregateType !== 'order' && event.aggregateType !== 'feedback') return;
      const rows = event.aggregateType === 'order' ? await recordsFor(event) : feedbackRecordsFor(event);
      await write(rows);
    },
  };

  return {
    subscription,

    async list(
      me: AuthUser,
      query: {
        page: number;
        pageSize: number;
        unread?: boolean | undefined;
        kind?: NotificationKind | undefined;
        pushType?: number | undefined;
      },
      language: Language,
    ): Promise<Page<NotificationView>> {
      const window = pageWindow(query);
      const rows = await repository.list(
        me.id,
        { onlyUnread: query.unread ?? false, kind: query.kind, pushType: query.pushType },
        window.limit,
        window.offset,
      );
      return toPage(
        rows.map((row) => viewOf(row, language)),
        query,
      );
    },

    unreadCount: async (me: AuthUser) => ({ count: await repository.unreadCount(me.id) }),

    get,

    /** Someone else's notification answers as not found. */
    async markRead(me: AuthUser, id: number, language: Language): Promise<NotificationView> {
      await repository.markRead(me.id, id, clock.now());
      return get(me, id, language);
    },

    markAllRead: async (me: AuthUser) => ({ marked: await repository.markAllRead(me.id, clock.now()) }),

    /** The spec's `uid` is the caller's own id when given (section 7); another's is refused. */
    async noticeUnreadCount(me: AuthUser, uid: number | undefined) {
      if (uid !== undefined && uid !== me.id) throw new AppError('forbidden');
      return repository.unreadCount(me.id);
    },

    /** `notice/receive`: marks one (`noticeId`) or all of mine read; answers how many became read. */
    async receive(me: AuthUser, input: { uid?: number | undefined; noticeId?: number | undefined }) {
      if (input.uid !== undefined && input.uid !== me.id) throw new AppError('forbidden');
      if (input.noticeId === undefined) return repository.markAllRead(me.id, clock.now());
      if (!(await repository.find(me.id, input.noticeId))) throw new AppError('notFound');
      return (await repository.markRead(me.id, input.noticeId, clock.now())) ? 1 : 0;
    },

    /** Staff publish a system announcement to every account, audited, in one transaction. */
    async publishAnnouncement(staff: AuthUser, texts: Record<string, AnnouncementText>) {
      return outbox.transaction(async (tx: Db) => {
        const { announcement, recipients } = await repository.publishAnnouncement(tx, {
          texts,
          staffId: staff.id,
          now: clock.now(),
        });
        return { id: announcement.id, recipients };
      });
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
