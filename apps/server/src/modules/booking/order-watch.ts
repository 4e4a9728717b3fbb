import type { CityBookingSettings } from '@sabai/shared/booking/booking-settings';
import { type OrderStatus, orderStatusCode } from '@sabai/shared/booking/order-status';
import type { Db } from '../../db/client';
import { type EnqueueItem, handleJob, type JobQueue } from '../../jobs/queue';
import type { Clock } from '../../lib/clock';
import type { Outbox, OutboxEvent, OutboxHandler } from '../../outbox/outbox';
import type { AttentionRepository, OrderFlagKind } from './attention.repository';
import { FLAG_RULES, FLAGS_STARTED_BY, flagsResolvedBy, isFlagDue, openStatusCodesOf } from './booking.flags';
import { acceptReminderJob, orderFlagCheckJob } from './booking.jobs';
import type { BookingRepository, OrderRow } from './booking.repository';

const MINUTE = 60_000;
const WAITING = orderStatusCode('waitingAcceptance');
const IN_SERVICE = orderStatusCode('inService');

/** The event a reminder writes; the provider's workbench and the notification records hear it. */
export const ACCEPT_REMINDER_EVENT = 'order.acceptReminder';

/**
 * Booking's own listener on its committed order events (decision 029): it starts the timers that
 * the state machine's one-deadline-per-status does not hold (the provider's reminders while an order
 * waits for an answer, customer service's flags) and resolves flags once the order moves on. The
 * timers live on the jobs table, so they survive restarts and run once across processes; each
 * checks the order again when it runs, so a late or repeated event changes nothing.
 */
export function createOrderWatch(deps: {
  db: Db;
  clock: Clock;
  repository: BookingRepository;
  attention: AttentionRepository;
  settingsOf: (cityId: number) => Promise<CityBookingSettings>;
  jobs: () => JobQueue;
  outbox: () => Outbox;
}) {
  const { db, clock, repository, attention } = deps;

  /** A flag check at the flag's due time, to enqueue (alone or with other timers). */
  function flagCheckOf(order: OrderRow, kind: OrderFlagKind, settings: CityBookingSettings) {
    const due = FLAG_RULES[kind].dueAt(order, settings);
    return {
      type: orderFlagCheckJob,
      payload: { orderId: order.id, kind },
      // Keyed by the due time: when extra clocks move it, the new check is a new job.
      options: { runAt: new Date(due), uniqueKey: `order:${order.id}:flag:${kind}:${due}` },
    };
  }

  async function scheduleFlagCheck(order: OrderRow, kind: OrderFlagKind, settings: CityBookingSettings) {
    await deps.jobs().enqueueMany(db, [flagCheckOf(order, kind, settings)]);
  }

  /**
   * The provider's reminders of the order's present wait for an answer (`since`: when it last
   * entered waiting), to enqueue.
   */
  function remindersOf(order: OrderRow, since: Date | null | undefined, settings: CityBookingSettings) {
    if (!since) return [];
    return (
      settings.acceptReminderMinutes
        // A reminder at or after the auto-decline would remind of an order that is already gone.
        .filter((minute) => minute < settings.autoDeclineMinutes)
        .map((minute) => ({
          type: acceptReminderJob,
          payload: { orderId: order.id, since: since.toISOString(), minute },
          options: {
            runAt: new Date(since.getTime() + minute * MINUTE),
            uniqueKey: `order:${order.id}:remind:${since.getTime()}:${minute}`,
          },
        }))
    );
  }

  /**
   * The dispatcher's batch (decision 080): the same decisions as `handle` per event, from one flag
   * resolution, one read of the orders and one insert of every event's timers. Each event in a batch
   * heads its own order, so no two are about one order.
   */
  async function handleBatch(events: readonly OutboxEvent[]) {
    const watched = events.filter(
      (event) =>
        event.aggregateType === 'order' &&
        (event.eventType === 'order.statusChanged' ||
          event.eventType === 'order.extraClocksAdded' ||
          event.eventType === 'order.projectChanged'),
    );
    if (!watched.length) return;
    const statusChanges = watched.filter((event) => event.eventType === 'order.statusChanged');
    await attention.resolveFlagsOfMany(
      statusChanges.map((event) => ({
        orderId: Number(event.aggregateId),
        kinds: flagsResolvedBy((event.payload as { to: OrderStatus }).to),
      })),
      clock.now(),
    );
    const read = await attention.ordersWithLastEnteredAt(
      watched.map((event) => Number(event.aggregateId)),
      WAITING,
    );
    const settingsByCity = new Map<number, Promise<CityBookingSettings>>();
    const settingsOf = (cityId: number) => {
      let settings = settingsByCity.get(cityId);
      if (!settings) {
        settings = deps.settingsOf(cityId);
        settingsByCity.set(cityId, settings);
      }
      return settings;
    };
    const timers: EnqueueItem[] = [];
    for (const event of watched) {
      const found = read.get(Number(event.aggregateId));
      if (!found) continue;
      const { order } = found;
      if (event.eventType === 'order.statusChanged') {
        const { to } = event.payload as { to: OrderStatus };
        // Only the order's current state starts timers: an event heard late starts nothing stale.
        if (order.status !== orderStatusCode(to)) continue;
        const settings = await settingsOf(order.cityId);
        if (to === 'waitingAcceptance') timers.push(...remindersOf(order, found.lastEnteredAt, settings));
        if (order.kind === 'homeVisit')
          timers.push(...(FLAGS_STARTED_BY[to] ?? []).map((kind) => flagCheckOf(order, kind, settings)));
      } else if (order.status === IN_SERVICE) {
        timers.push(flagCheckOf(order, 'overrun', await settingsOf(order.cityId)));
      }
    }
    await deps.jobs().enqueueMany(db, timers);
  }

  const subscription: OutboxHandler = {
    name: 'booking.order-watch',
    handleBatch,
    async handle(event) {
      if (event.aggregateType !== 'order') return;
      const orderId = Number(event.aggregateId);
      if (event.eventType === 'order.statusChanged') {
        const { to } = event.payload as { to: OrderStatus };
        await attention.resolveFlags(orderId, flagsResolvedBy(to), clock.now());
        // Waiting starts reminders from when it began: read with the order in one statement (072).
        const read =
          to === 'waitingAcceptance'
            ? await attention.orderWithLastEnteredAt(orderId, WAITING)
            : { order: await repository.findOrder(orderId), lastEnteredAt: null };
        const order = read?.order;
        // Only the order's current state starts timers: an event heard late starts nothing stale.
        if (!order || order.status !== orderStatusCode(to)) return;
        const settings = await deps.settingsOf(order.cityId);
        // The reminders and flag checks this status starts, in one statement (decision 069).
        const timers = [
          ...(to === 'waitingAcceptance' ? remindersOf(order, read.lastEnteredAt, settings) : []),
          ...(order.kind === 'homeVisit'
            ? (FLAGS_STARTED_BY[to] ?? []).map((kind) => flagCheckOf(order, kind, settings))
            : []),
        ];
        await deps.jobs().enqueueMany(db, timers);
      } else if (event.eventType === 'order.extraClocksAdded' || event.eventType === 'order.projectChanged') {
        const order = await repository.findOrder(orderId);
        if (order?.status !== IN_SERVICE) return;
        await scheduleFlagCheck(order, 'overrun', await deps.settingsOf(order.cityId));
      }
    },
  };

  const jobHandlers = [
    handleJob(acceptReminderJob, async ({ orderId, since, minute }) => {
      const order = await repository.findOrder(orderId);
      if (order?.status !== WAITING || order.therapistId === null) return;
      // Answered, or given to someone else and waiting again: this round's reminders are over.
      if ((await attention.lastEnteredAt(orderId, WAITING))?.toISOString() !== since) return;
      const providerUserId = await repository.userIdOfTherapist(db, order.therapistId);
      if (!providerUserId) return;
      const settings = await deps.settingsOf(order.cityId);
      const autoDeclineAt = new Date(Date.parse(since) + settings.autoDeclineMinutes * MINUTE);
      await deps.outbox().transaction((tx) =>
        deps.outbox().add(tx, {
          aggregateType: 'order',
          aggregateId: orderId,
          eventType: ACCEPT_REMINDER_EVENT,
          payload: {
            orderId,
            minute,
            minutesLeft: settings.autoDeclineMinutes - minute,
            autoDeclineAt: autoDeclineAt.toISOString(),
            // One notification per reminder, even if this job runs twice.
            reminderKey: `${orderId}:${Date.parse(since)}:${minute}`,
          },
          topics: [`user:${providerUserId}`],
        }),
      );
    }),
    handleJob(orderFlagCheckJob, async ({ orderId, kind }) => {
      const order = await repository.findOrder(orderId);
      if (!order || !openStatusCodesOf(kind).includes(order.status)) return;
      const settings = await deps.settingsOf(order.cityId);
      const now = clock.now();
      if (isFlagDue(kind, order, settings, now)) {
        await attention.raiseFlag(orderId, kind, openStatusCodesOf(kind), now);
      } else {
        await scheduleFlagCheck(order, kind, settings);
      }
    }),
  ];

  return { subscription, jobHandlers };
}
