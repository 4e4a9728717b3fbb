import { freeStarts } from '@sabai/shared/booking/availability';
import type {
  createHomeVisitBodySchema,
  createInStoreBodySchema,
  OrderDetail,
  OrderQuote,
} from '@sabai/shared/booking/booking.schemas';
import type { TravelMode } from '@sabai/shared/booking/booking-settings';
import { LIVE_STATUS_CODES, orderStatusCode } from '@sabai/shared/booking/order-status';
import { type Quote, type QuoteInput, quoteOrder } from '@sabai/shared/booking/quote';
import { straightLineMetres } from '@sabai/shared/booking/travel';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { AuthUser } from '../../http/auth';
import { AppError } from '../../lib/app-error';
import { factsWindowAround, factsWindowOf, factsWithin } from './availability.service';
import type { NewOrderRow } from './booking.repository';
import type { OrderCore, OrdersDeps } from './order-core';
import {
  addressSnapshotOf,
  newOrderNumber,
  snapshotOf,
  storeShifts,
  withFreshOrderNumber,
  withFreshVerificationCode,
} from './order-rows';

type HomeVisitBody = z.infer<typeof createHomeVisitBodySchema>;
type InStoreBody = z.infer<typeof createInStoreBodySchema>;

/** Booking: a home visit or a store visit, priced on the server and held under the no-double-booking constraint. */
export function createOrderCreation(deps: OrdersDeps, core: OrderCore) {
  const { repository, clock, availability } = deps;
  const { insertOrder, currencyOfCity, detail } = core;

  /**
   * The quote with the customer's coupon, if they chose one: the coupon is checked against the
   * order's total before it (owner, status, window, currency, minimum) and never takes it below zero.
   */
  async function quoteWithCoupon(
    me: AuthUser,
    couponId: number | undefined,
    input: QuoteInput,
  ): Promise<Quote> {
    const plain = quoteOrder(input);
    if (couponId === undefined) return plain;
    if (!deps.coupons) throw new AppError('couponNotFound');
    const discount = await deps.coupons.discountFor(me.id, couponId, plain.total);
    return quoteOrder({ ...input, couponAmount: discount });
  }

  /**
   * The create's extra steps, run in the order's insert transaction: the coupon used, and the
   * agreements accepted with the order (their current versions, decision 054).
   */
  function useCoupon(me: AuthUser, couponId: number | undefined) {
    const coupons = deps.coupons;
    const acceptAgreements = deps.acceptAgreementsWithin;
    return async (tx: Db, order: { id: number; createdAt: Date }) => {
      if (couponId !== undefined && coupons) await coupons.useWithin(tx, me.id, couponId, order.id);
      await acceptAgreements?.(tx, me.id, order.createdAt);
    };
  }

  /**
   * Everything a home-visit booking decides before it writes: the refusals (closed city, resting
   * therapist, beyond radius, time not free), the quote and the row. The quote preview stops here;
   * the booking inserts the row under the exclusion constraint.
   */
  async function planHomeVisit(me: AuthUser, body: HomeVisitBody, drawOrderId = false) {
    const startsAt = new Date(body.startsAt);
    // One statement reads the therapist, the project, the caller's address and the schedule facts
    // around the start, and draws the new order's id for a create (decision 079); membership is
    // the VIP module's, asked alongside. The refusals below keep their order.
    const [found, isMember] = await Promise.all([
      repository.bookingFacts({
        therapistId: body.therapistId,
        projectId: body.projectId,
        userId: me.id,
        addressId: body.addressId,
        drawOrderId,
        liveCodes: LIVE_STATUS_CODES,
        ...factsWindowAround(startsAt),
      }),
      repository.isMember(me.id),
    ]);
    if (!found || found.isBanned) throw new AppError('notFound');
    const therapist = found;
    const city = await deps.getOpenCity(therapist.cityId);
    const currency = await currencyOfCity(therapist.cityId);
    if (therapist.state === 'resting') throw new AppError('therapistCannotTakeOrder');
    if (
      found.projectId === null ||
      !found.projectIsActive ||
      found.projectCityId !== therapist.cityId ||
      !found.offers
    ) {
      throw new AppError('projectUnavailable');
    }
    const project = {
      id: found.projectId,
      durationMinutes: found.projectDurationMinutes as number,
      price: found.projectPrice as number,
      memberPrice: found.projectMemberPrice as number,
    };
    const { address } = found;
    if (!address) throw new AppError('notFound');
    const place = { lat: address.latitude, lng: address.longitude };
    const distanceMetres = straightLineMetres({ lat: therapist.latitude, lng: therapist.longitude }, place);
    if (distanceMetres > therapist.serviceRadiusKm * 1000) throw new AppError('beyondServiceRadius');

    const durationMinutes = project.durationMinutes * body.clocks;
    const visit = { kind: 'homeVisit' as const, address: place, travelMode: body.travelMode as TravelMode };
    const date = availability.localDateOf(startsAt, city.timeZone);
    const { free, schedule, settings } = await availability.starts({
      therapist,
      date,
      durationMinutes,
      visit,
      facts: factsWithin(found, factsWindowOf(date)),
    });
    const chosen = free.find((slot) => Date.parse(slot.startsAt) === startsAt.getTime());
    if (!chosen) {
      // A start that would be free but for another live order is "taken"; anything else is not offered.
      const withoutOrders = freeStarts({
        schedule: { ...schedule, bookings: [] },
        date,
        now: clock.now(),
        durationMinutes,
        visit,
        settings,
      });
      const isTaken = withoutOrders.some((slot) => Date.parse(slot.startsAt) === startsAt.getTime());
      throw new AppError(isTaken ? 'bookingTimeTaken' : 'bookingTimeUnavailable');
    }
    const quote = await quoteWithCoupon(me, body.couponId, {
      currency,
      unitPrice: project.price,
      memberUnitPrice: project.memberPrice,
      isMember,
      clocks: body.clocks,
      travel: { mode: body.travelMode, distanceMetres },
      settings,
    });
    const now = clock.now();
    const row = {
      orderNumber: newOrderNumber(now),
      kind: 'homeVisit',
      customerId: me.id,
      therapistId: therapist.id,
      projectId: project.id,
      cityId: therapist.cityId,
      clocks: body.clocks,
      durationMinutes,
      startsAt,
      endsAt: new Date(chosen.endsAt),
      busyStart: new Date(chosen.busyFrom),
      busyEnd: new Date(chosen.busyUntil),
      travelMode: body.travelMode,
      travelMinutes: chosen.travelMinutes,
      distanceMetres,
      address: addressSnapshotOf(address),
      contactName: body.contactName ?? address.contactName,
      contactPhone: address.phoneE164,
      remark: body.remark,
      quote: snapshotOf(quote),
      currency,
      payable: quote.payable.amount,
      status: orderStatusCode('pendingPayment'),
      createdAt: now,
      updatedAt: now,
    } satisfies NewOrderRow;
    return { row, quote, settings, providerUserId: therapist.userId, newOrderId: found.newOrderId };
  }

  /** The same for a store visit; the verification code is drawn at insert time. */
  async function planInStore(me: AuthUser, body: InStoreBody) {
    const store = await repository.findStore(body.storeId);
    if (!store?.isActive) throw new AppError('notFound');
    const currency = await currencyOfCity(store.cityId);
    const project = await repository.findProject(body.projectId);
    if (!project?.isActive || !(await repository.storeOffers(store.id, project.id))) {
      throw new AppError('projectUnavailable');
    }
    const therapist = body.therapistId ? await repository.findTherapist(body.therapistId) : undefined;
    if (body.therapistId && (!therapist || therapist.storeId !== store.id || therapist.isBanned)) {
      throw new AppError('notFound');
    }
    if (therapist?.state === 'resting') throw new AppError('therapistCannotTakeOrder');
    const startsAt = new Date(body.startsAt);
    const durationMinutes = project.durationMinutes * body.clocks;
    const city = await deps.getOpenCity(store.cityId);
    const settings = await deps.settingsOf(store.cityId);
    const date = availability.localDateOf(startsAt, city.timeZone);
    const now = clock.now();
    const query = { date, now, durationMinutes, visit: { kind: 'inStore' as const }, settings };
    // The store's opening hours bound every in-store start; a chosen therapist's own week and orders too.
    const storeSchedule = {
      timeZone: city.timeZone,
      weeklyShifts: storeShifts(store.openingHours),
      daysOff: [],
      timeOff: [],
      bookings: [],
      home: null,
    };
    const atStart = (slots: { startsAt: string }[]) =>
      slots.find((slot) => Date.parse(slot.startsAt) === startsAt.getTime());
    if (!atStart(freeStarts({ ...query, schedule: storeSchedule })))
      throw new AppError('bookingTimeUnavailable');
    if (therapist) {
      const schedule = await availability.scheduleFor(therapist, date);
      if (!atStart(freeStarts({ ...query, schedule }))) {
        const isTaken = atStart(freeStarts({ ...query, schedule: { ...schedule, bookings: [] } }));
        throw new AppError(isTaken ? 'bookingTimeTaken' : 'bookingTimeUnavailable');
      }
    }
    const quote = await quoteWithCoupon(me, body.couponId, {
      currency,
      unitPrice: project.price,
      memberUnitPrice: project.memberPrice,
      isMember: await repository.isMember(me.id),
      clocks: body.clocks,
      settings,
    });
    const endsAt = new Date(startsAt.getTime() + durationMinutes * 60_000);
    const row = {
      orderNumber: newOrderNumber(now),
      kind: 'inStore',
      customerId: me.id,
      therapistId: therapist?.id ?? null,
      storeId: store.id,
      projectId: project.id,
      cityId: store.cityId,
      clocks: body.clocks,
      durationMinutes,
      startsAt,
      endsAt,
      busyStart: startsAt,
      busyEnd: endsAt,
      remark: body.remark,
      quote: snapshotOf(quote),
      currency,
      payable: quote.payable.amount,
      status: orderStatusCode('pendingPayment'),
      createdAt: now,
      updatedAt: now,
    } satisfies NewOrderRow;
    return { row, quote, settings, providerUserId: therapist ? therapist.userId : null };
  }

  const quoteView = (quote: Quote) => ({ currency: quote.payable.currency, ...snapshotOf(quote) });

  return {
    async createHomeVisit(me: AuthUser, body: HomeVisitBody): Promise<OrderDetail> {
      const oneStatement = core.canCreateInOneStatement(body.couponId);
      const { row, settings, providerUserId, newOrderId } = await planHomeVisit(me, body, oneStatement);
      const { order, history } = await withFreshOrderNumber(row.createdAt, (orderNumber) =>
        oneStatement && newOrderId !== null
          ? // Decision 079: the order, its history, agreements, event and expiry job in one statement.
            core.insertOrderInOneStatement(
              { ...row, id: newOrderId, orderNumber },
              me.id,
              settings,
              providerUserId,
            )
          : insertOrder(
              { ...row, orderNumber },
              me.id,
              settings,
              providerUserId,
              useCoupon(me, body.couponId),
            ),
      );
      return detail(order, 'customer', history);
    },

    async createInStore(me: AuthUser, body: InStoreBody): Promise<OrderDetail> {
      const { row, settings, providerUserId } = await planInStore(me, body);
      const { order, history } = await withFreshVerificationCode((verificationCode) =>
        withFreshOrderNumber(row.createdAt, (orderNumber) =>
          insertOrder(
            { ...row, orderNumber, verificationCode },
            me.id,
            settings,
            providerUserId,
            useCoupon(me, body.couponId),
          ),
        ),
      );
      return detail(order, 'customer', history);
    },

    /** The quote booking would store now, with the same refusals; nothing is written. */
    async quoteHomeVisit(me: AuthUser, body: HomeVisitBody): Promise<OrderQuote> {
      return quoteView((await planHomeVisit(me, body)).quote);
    },

    async quoteInStore(me: AuthUser, body: InStoreBody): Promise<OrderQuote> {
      return quoteView((await planInStore(me, body)).quote);
    },
  };
}
