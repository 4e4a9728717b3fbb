import type { OrderDetail } from '@sabai/shared/booking/booking.schemas';
import type { TravelMode } from '@sabai/shared/booking/booking-settings';
import { isActionAllowed } from '@sabai/shared/booking/order-actions';
import { nextStatus } from '@sabai/shared/booking/order-transitions';
import { projectChangeCharge, type Quote, quoteExtraClocks, quoteOrder } from '@sabai/shared/booking/quote';
import { money } from '@sabai/shared/money';
import type { Currency } from '@sabai/shared/settings';
import type { AuthUser } from '../../http/auth';
import { AppError } from '../../lib/app-error';
import type { OrderAdjustment, OrderRow } from './booking.repository';
import type { OrderCore, OrdersDeps } from './order-core';
import { MINUTE, quoteOf, statusOf } from './order-rows';

/** The booked quote plus the parts of every earlier project change's charge (decision 045). */
function raisedByEarlierChanges(quote: Quote, adjustments: readonly OrderAdjustment[]): Quote {
  let raised = quote;
  for (const adjustment of adjustments) {
    if (adjustment.kind !== 'projectChange' || adjustment.charge <= 0) continue;
    const currency = raised.total.currency;
    // Changes recorded before the parts were kept count their whole charge as service.
    const service = adjustment.service ?? adjustment.charge;
    const managementFee = adjustment.managementFee ?? 0;
    const vat = adjustment.vat ?? 0;
    raised = {
      ...raised,
      service: money(raised.service.amount + service, currency),
      managementFee: money(raised.managementFee.amount + managementFee, currency),
      vat: money(raised.vat.amount + vat, currency),
      total: money(raised.total.amount + adjustment.charge, currency),
    };
  }
  return raised;
}

/** Changes to a live order that are not status steps: urging, extra clocks, another project, the cancellation preview, hiding. */
export function createOrderChanges(deps: OrdersDeps, core: OrderCore) {
  const { repository, clock } = deps;
  const { topicsOf, partyOrder, settlementFor, settlementView, changeLiveOrder, scheduleJobsAfter, detail } =
    core;

  return {
    /** The exact deduction a cancellation would make now, shown before the customer confirms. */
    async cancellationPreview(me: AuthUser, id: number) {
      const { order, actor } = await partyOrder(me, id);
      const check = nextStatus(order.kind, statusOf(order), 'cancel', actor);
      if (!check.ok) {
        throw new AppError(
          check.reason === 'illegalTransition' ? 'orderTransitionIllegal' : 'orderActorNotAllowed',
        );
      }
      return settlementView(await settlementFor(order, {}));
    },

    async urge(me: AuthUser, id: number): Promise<OrderDetail> {
      const { order, actor } = await partyOrder(me, id);
      if (!isActionAllowed(order.kind, statusOf(order), 'urge', actor))
        throw new AppError('orderTransitionIllegal');
      const now = clock.now();
      await deps.outbox().transaction(async (tx) => {
        if (!(await repository.markUrged(tx, order.id, now))) throw new AppError('orderAlreadyUrged');
        await deps.outbox().add(tx, {
          aggregateType: 'order',
          aggregateId: order.id,
          eventType: 'order.urged',
          payload: { orderId: order.id },
          topics: await topicsOf(tx, order),
        });
      });
      const reread = await repository.findOrder(order.id);
      return detail(reread as OrderRow, actor);
    },
    /**
     * Extra clocks while in service: the service and the busy interval grow by the project's extra
     * unit; the constraint refuses them with "time taken" when they would run into the provider's
     * next order.
     */
    async addExtraClocks(me: AuthUser, id: number, count: number): Promise<OrderDetail> {
      const { order, actor } = await partyOrder(me, id);
      if (!isActionAllowed(order.kind, statusOf(order), 'addClock', actor))
        throw new AppError('orderTransitionIllegal');
      const settings = await deps.settingsOf(order.cityId);
      if (order.extraClocks + count > settings.maxExtraClocks) {
        throw new AppError('extraClockLimit', { limit: settings.maxExtraClocks });
      }
      const project = await repository.findProject(order.projectId);
      if (!project) throw new AppError('projectUnavailable');
      const longer = project.extraUnitMinutes * count * MINUTE;
      const charge = quoteExtraClocks(order.currency as Currency, project.extraUnitPrice, count, settings);
      const now = clock.now();
      const updated = await changeLiveOrder(
        order,
        {
          extraClocks: order.extraClocks + count,
          durationMinutes: order.durationMinutes + project.extraUnitMinutes * count,
          endsAt: new Date(order.endsAt.getTime() + longer),
          busyEnd: new Date(order.busyEnd.getTime() + longer),
          adjustments: [
            ...order.adjustments,
            {
              kind: 'extraClocks',
              count,
              service: charge.service.amount,
              vat: charge.vat.amount,
              payable: charge.payable.amount,
              at: now.toISOString(),
            },
          ],
          updatedAt: now,
        },
        {
          type: 'order.extraClocksAdded',
          payload: { orderId: order.id, count, payable: charge.payable.amount },
        },
        // The auto-end deadline follows the new end.
        (tx, row) => scheduleJobsAfter(tx, row, settings),
      );
      return detail(updated, actor);
    },

    /**
     * Another project for the same visit: the service's end and the busy interval follow the new
     * length under the exclusion constraint; a dearer project is charged the difference, a cheaper
     * one refunds nothing (the spec's rule).
     */
    async changeProject(me: AuthUser, id: number, projectId: number): Promise<OrderDetail> {
      const { order, actor } = await partyOrder(me, id);
      if (!isActionAllowed(order.kind, statusOf(order), 'changeProject', actor)) {
        throw new AppError('orderTransitionIllegal');
      }
      const project = await repository.findProject(projectId);
      if (
        !project?.isActive ||
        project.id === order.projectId ||
        project.cityId !== order.cityId ||
        order.therapistId === null ||
        !(await repository.therapistOffers(order.therapistId, project.id))
      ) {
        throw new AppError('projectUnavailable');
      }
      const settings = await deps.settingsOf(order.cityId);
      const currency = order.currency as Currency;
      // What the order stands at now: its booked quote raised by every earlier dearer change, so a
      // second change charges only from the last one (a cheaper one left the basis where it was).
      const current = raisedByEarlierChanges(quoteOf(order), order.adjustments);
      const changed = quoteOrder({
        currency,
        unitPrice: project.price,
        memberUnitPrice: project.memberPrice,
        isMember: await repository.isMember(order.customerId),
        clocks: order.clocks,
        travel: { mode: order.travelMode as TravelMode, distanceMetres: order.distanceMetres },
        // The order's coupon keeps what it took off (decision 043), never more than the new total.
        couponAmount: current.coupon.amount,
        settings,
      });
      const durationMinutes = project.durationMinutes * order.clocks;
      const endsAt = new Date(order.startsAt.getTime() + durationMinutes * MINUTE);
      const now = clock.now();
      const charge = projectChangeCharge(current, changed).amount;
      // The charge's parts, so completion pays provider, platform and VAT on the final figures.
      const parts =
        charge > 0
          ? {
              service: changed.service.amount - current.service.amount,
              managementFee: changed.managementFee.amount - current.managementFee.amount,
              vat: changed.vat.amount - current.vat.amount,
            }
          : {};
      const updated = await changeLiveOrder(
        order,
        {
          projectId: project.id,
          durationMinutes,
          endsAt,
          busyEnd: new Date(endsAt.getTime() + settings.bufferMinutes * MINUTE),
          adjustments: [
            ...order.adjustments,
            {
              kind: 'projectChange',
              fromProjectId: order.projectId,
              toProjectId: project.id,
              charge,
              ...parts,
              at: now.toISOString(),
            },
          ],
          updatedAt: now,
        },
        { type: 'order.projectChanged', payload: { orderId: order.id, projectId: project.id } },
      );
      return detail(updated, actor);
    },

    async hide(me: AuthUser, id: number): Promise<void> {
      const { order, actor } = await partyOrder(me, id);
      if (!isActionAllowed(order.kind, statusOf(order), 'delete', actor))
        throw new AppError('orderTransitionIllegal');
      await repository.hideFromCustomer(order.id, clock.now());
    },
  };
}
