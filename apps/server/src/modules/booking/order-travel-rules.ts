import type { CityBookingSettings, TravelMode } from '@sabai/shared/booking/booking-settings';
import { etaMinutes, straightLineMetres } from '@sabai/shared/booking/travel';
import type { LatLng } from '@sabai/shared/geo';
import { AppError } from '../../lib/app-error';
import type { OrderRow } from './booking.repository';
import { MINUTE } from './order-rows';

/**
 * The rules of the visit's last mile, as pure functions of the order, the city's settings and now:
 * the travelling provider's ETA, the arrival check-in, ending early and reporting a no-show.
 */

/** The provider's shared position as the order page shows it, with minutes still to travel. */
export function providerPositionView(
  order: OrderRow,
  position: { latitude: number; longitude: number; at: Date },
  settings: CityBookingSettings,
) {
  const here = { lat: position.latitude, lng: position.longitude };
  return {
    lat: here.lat,
    lng: here.lng,
    at: position.at.toISOString(),
    etaMinutes:
      order.address && order.travelMode
        ? etaMinutes(here, order.address, order.travelMode as TravelMode, settings)
        : null,
  };
}

/**
 * An arrival is checked in by position within the city's radius of the address; without a
 * position, or farther away, the provider must say why. Answers whether it was checked in by position.
 */
export function checkArrival(
  order: OrderRow,
  position: LatLng | undefined,
  reason: string,
  settings: CityBookingSettings,
): { checkedInByPosition: boolean } {
  const radius = settings.checkInRadiusMetres;
  const distance = position && order.address ? straightLineMetres(position, order.address) : null;
  if (distance !== null && distance <= radius) return { checkedInByPosition: true };
  if (reason.trim()) return { checkedInByPosition: false };
  if (distance === null) throw new AppError('checkInPositionOrReasonRequired');
  throw new AppError('checkInTooFar', { distance, radius });
}

/** Ending more than the city's minutes before the booked end (extra clocks included) needs a reason. */
export function checkEarlyEnd(order: OrderRow, now: Date, reason: string, settings: CityBookingSettings) {
  const earliest = order.endsAt.getTime() - settings.earlyEndMinutes * MINUTE;
  if (now.getTime() < earliest && !reason.trim()) {
    throw new AppError('earlyEndReasonRequired', { minutes: settings.earlyEndMinutes });
  }
}

/** From when an arrived provider may report a no-show: only after a check-in by position. */
export function noShowAvailableAt(order: OrderRow, settings: CityBookingSettings): Date | null {
  if (!order.checkedInByPosition || order.arrivedAt === null) return null;
  return new Date(order.arrivedAt.getTime() + settings.noShowWaitMinutes * MINUTE);
}

/** A no-show needs a check-in by position, a call attempt and the city's wait since arrival. */
export function checkNoShow(order: OrderRow, callAttempts: number, now: Date, settings: CityBookingSettings) {
  const availableAt = noShowAvailableAt(order, settings);
  if (!availableAt) throw new AppError('noShowNeedsCheckIn');
  if (callAttempts < 1) throw new AppError('noShowNeedsCallAttempt');
  const waitMs = availableAt.getTime() - now.getTime();
  if (waitMs > 0) throw new AppError('noShowTooEarly', { minutes: Math.ceil(waitMs / MINUTE) });
}
