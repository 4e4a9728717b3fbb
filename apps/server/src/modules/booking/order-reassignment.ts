import { freeStarts } from '@sabai/shared/booking/availability';
import type { OrderAlternative, OrderDetail } from '@sabai/shared/booking/booking.schemas';
import type { TravelMode } from '@sabai/shared/booking/booking-settings';
import { nextStatus } from '@sabai/shared/booking/order-transitions';
import { quoteOrder, travelFee } from '@sabai/shared/booking/quote';
import { straightLineMetres } from '@sabai/shared/booking/travel';
import type { Currency } from '@sabai/shared/settings';
import type { AuthUser } from '../../http/auth';
import { AppError } from '../../lib/app-error';
import type { BookingRepository, OrderRow } from './booking.repository';
import type { OrderCore, OrdersDeps } from './order-core';
import { snapshotOf, statusOf } from './order-rows';

type TherapistRow = NonNullable<Awaited<ReturnType<BookingRepository['findTherapist']>>>;

/** Nearest providers checked for free time, and alternatives offered at most. */
const MAX_CANDIDATES_CHECKED = 30;
const MAX_ALTERNATIVES = 10;

/** Reassignment: giving an order to another free provider after a decline, or by staff. */
export function createOrderReassignment(deps: OrdersDeps, core: OrderCore) {
  const { repository, clock, availability } = deps;
  const { partyOrder, transition, detail } = core;

  /**
   * Whether this provider can take the order as booked: offers the project, reaches the address
   * within their radius and is free for the whole busy time at the booked start (the order's own
   * busy time aside). Refuses with the booking's own errors.
   */
  async function placeWith(order: OrderRow, therapist: TherapistRow) {
    if (!order.address || !order.travelMode) throw new AppError('notFound');
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
    return { distanceMetres, chosen, settings, travelMode };
  }

  /** Who may reassign the order now is who may see its alternatives. */
  async function reassignableOrder(me: AuthUser, id: number) {
    const { order, actor } = await partyOrder(me, id);
    const check = nextStatus(order.kind, statusOf(order), 'reassign', actor);
    if (!check.ok) {
      throw new AppError(
        check.reason === 'illegalTransition' ? 'orderTransitionIllegal' : 'orderActorNotAllowed',
      );
    }
    return { order, actor };
  }

  /** Providers who declined, let it time out or gave it back (and its current one): not offered again. */
  const providersWhoLetGo = (order: OrderRow): number[] => [
    ...new Set([...order.letGoTherapistIds, ...(order.therapistId !== null ? [order.therapistId] : [])]),
  ];

  return {
    /**
     * The nearest providers who could take the order as booked (offer the project, reach the
     * address, free at that time), each with the quote the order would then have and the difference
     * to what it costs now; never the providers who already let it go.
     */
    async alternatives(me: AuthUser, id: number): Promise<OrderAlternative[]> {
      const { order } = await reassignableOrder(me, id);
      if (!order.address) return [];
      const place = { lat: order.address.lat, lng: order.address.lng };
      const candidates = (
        await repository.reassignmentCandidates(order.cityId, order.projectId, providersWhoLetGo(order))
      )
        .map((therapist) => ({
          therapist,
          distance: straightLineMetres({ lat: therapist.latitude, lng: therapist.longitude }, place),
        }))
        .filter(({ therapist, distance }) => distance <= therapist.serviceRadiusKm * 1000)
        .sort((a, b) => a.distance - b.distance || a.therapist.id - b.therapist.id)
        .slice(0, MAX_CANDIDATES_CHECKED);
      const currency = order.currency as Currency;
      const found: OrderAlternative[] = [];
      for (const { therapist } of candidates) {
        if (found.length >= MAX_ALTERNATIVES) break;
        let placed: Awaited<ReturnType<typeof placeWith>>;
        try {
          placed = await placeWith(order, therapist);
        } catch (error) {
          if (error instanceof AppError) continue;
          throw error;
        }
        // The same service at the price the customer booked it; only the travel (and what follows it) changes.
        const quote = quoteOrder({
          currency,
          unitPrice: order.quote.unitPrice,
          memberUnitPrice: order.quote.unitPrice,
          isMember: false,
          clocks: order.quote.clocks,
          travel: { mode: placed.travelMode, distanceMetres: placed.distanceMetres },
          settings: placed.settings,
        });
        found.push({
          therapist: {
            id: therapist.id,
            name: therapist.displayName,
            avatar: therapist.avatar,
            rating: therapist.reviewCount > 0 ? therapist.rating : null,
            distanceMetres: placed.distanceMetres,
          },
          quote: { currency, ...snapshotOf(quote) },
          difference: quote.total.amount - order.quote.total,
        });
      }
      return found;
    },

    /**
     * Gives an order to another provider (the customer after a decline, or staff): the new provider
     * must offer the project, reach the address and be free at the booked start; the new busy time
     * is written under the exclusion constraint like a new booking. The travel fee difference is
     * recorded for the money issue to charge or refund.
     */
    async reassign(me: AuthUser, id: number, therapistId: number, reason: string): Promise<OrderDetail> {
      const { order, actor } = await reassignableOrder(me, id);
      const therapist = await repository.findTherapist(therapistId);
      if (!therapist || therapist.isBanned || therapist.cityId !== order.cityId)
        throw new AppError('notFound');
      const { distanceMetres, chosen, settings, travelMode } = await placeWith(order, therapist);
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
          checkedInByPosition: false,
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
