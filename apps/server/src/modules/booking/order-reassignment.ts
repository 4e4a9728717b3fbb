import { freeStarts } from '@sabai/shared/booking/availability';
import type { OrderDetail } from '@sabai/shared/booking/booking.schemas';
import type { TravelMode } from '@sabai/shared/booking/booking-settings';
import { nextStatus } from '@sabai/shared/booking/order-transitions';
import { travelFee } from '@sabai/shared/booking/quote';
import { straightLineMetres } from '@sabai/shared/booking/travel';
import type { Currency } from '@sabai/shared/settings';
import type { AuthUser } from '../../http/auth';
import { AppError } from '../../lib/app-error';
import type { OrderCore, OrdersDeps } from './order-core';
import { statusOf } from './order-rows';

/** Reassignment: giving an order to another free provider after a decline, or by staff. */
export function createOrderReassignment(deps: OrdersDeps, core: OrderCore) {
  const { repository, clock, availability } = deps;
  const { partyOrder, transition, detail } = core;

  return {
    /**
     * Gives an order to another provider (the customer after a decline, or staff): the new provider
     * must offer the project, reach the address and be free at the booked start; the new busy time
     * is written under the exclusion constraint like a new booking. The travel fee difference is
     * recorded for the money issue to charge or refund.
     */
    async reassign(me: AuthUser, id: number, therapistId: number, reason: string): Promise<OrderDetail> {
      const { order, actor } = await partyOrder(me, id);
      const check = nextStatus(order.kind, statusOf(order), 'reassign', actor);
      if (!check.ok) {
        throw new AppError(
          check.reason === 'illegalTransition' ? 'orderTransitionIllegal' : 'orderActorNotAllowed',
        );
      }
      const therapist = await repository.findTherapist(therapistId);
      if (
        !therapist ||
        therapist.isBanned ||
        therapist.cityId !== order.cityId ||
        !order.address ||
        !order.travelMode
      ) {
        throw new AppError('notFound');
      }
      if (therapist.state === 'resting') throw new AppError('therapistCannotTakeOrder');
      if (!(await repository.therapistOffers(therapist.id, order.projectId)))
        throw new AppError('projectUnavailable');
      const place = { lat: order.address.lat, lng: order.address.lng };
      const distanceMetres = straightLineMetres({ lat: therapist.latitude, lng: therapist.longitude }, place);
      if (distanceMetres > therapist.serviceRadiusKm * 1000) throw new AppError('beyondServiceRadius');
      const travelMode = order.travelMode as TravelMode;
      const visit = { kind: 'homeVisit' as const, address: place, travelMode };
      const timeZone = (await deps.getOpenCity(order.cityId)).timeZone;
      const date = availability.localDateOf(order.startsAt, timeZone);
      const { free, schedule, settings } = await availability.starts({
        therapist,
        date,
        durationMinutes: order.durationMinutes,
        visit,
        exceptOrderId: order.id,
        ignoreLeadTime: true,
      });
      const chosen = free.find((slot) => Date.parse(slot.startsAt) === order.startsAt.getTime());
      if (!chosen) {
        const withoutOrders = freeStarts({
          schedule: { ...schedule, bookings: [] },
          date,
          now: clock.now(),
          durationMinutes: order.durationMinutes,
          visit,
          settings: { ...settings, leadTimeMinutes: 0 },
        });
        const isTaken = withoutOrders.some((slot) => Date.parse(slot.startsAt) === order.startsAt.getTime());
        throw new AppError(isTaken ? 'bookingTimeTaken' : 'bookingTimeUnavailable');
      }
      const currency = order.currency as Currency;
      const newTravelFee = travelFee(currency, distanceMetres, travelMode, settings).amount;
      const now = clock.now();
      const moved = await transition(order, 'reassign', actor, me.id, {
        reason,
        changes: {
          therapistId: therapist.id,
          busyStart: new Date(chosen.busyFrom),
          busyEnd: new Date(chosen.busyUntil),
          travelMinutes: chosen.travelMinutes,
          distanceMetres,
          acceptedAt: null,
          arrivedAt: null,
          adjustments: [
            ...order.adjustments,
            {
              kind: 'travelDifference',
              therapistId: therapist.id,
              amount: newTravelFee - order.quote.travelFee,
              at: now.toISOString(),
            },
          ],
        },
      });
      return detail(moved, actor);
    },
  };
}
