import { add, basisPointsOf, type Money, money, subtract, sum, times } from '../money';
import type { Currency } from '../settings';
import type { CityBookingSettings, TravelMode } from './booking-settings';

/**
 * The price of an order, computed by the server and stored on the order (the client never sends a
 * total). Every amount is whole minor units of the city's currency.
 */
export interface QuoteInput {
  readonly currency: Currency;
  /** The project's price per clock and its member price, in minor units. */
  readonly unitPrice: number;
  readonly memberUnitPrice: number;
  readonly isMember: boolean;
  /** Units of the project's duration; at least one. */
  readonly clocks: number;
  /** A home visit's travel; absent for an in-store order (no travel fee). */
  readonly travel?: { readonly mode: TravelMode; readonly distanceMetres: number } | undefined;
  /** A coupon's face value; a placeholder until the money issue brings coupons. */
  readonly couponAmount?: number | undefined;
  readonly settings: CityBookingSettings;
}

export interface Quote {
  readonly unitPrice: Money;
  readonly clocks: number;
  readonly service: Money;
  readonly travelFee: Money;
  readonly managementFee: Money;
  readonly vat: Money;
  /** What the coupon took off: never more than the total, so nothing is payable below zero. */
  readonly coupon: Money;
  readonly total: Money;
  readonly payable: Money;
}

/** n / d rounded half up, for n ≥ 0 and d > 0, in integers. */
const roundedQuotient = (numerator: number, denominator: number) =>
  Math.floor((2 * numerator + denominator) / (2 * denominator));

function assertWhole(value: number, what: string, min: number) {
  if (!Number.isSafeInteger(value) || value < min)
    throw new RangeError(`${what} must be a whole number ≥ ${min}`);
}

/**
 * Starting price, plus each metre beyond the starting distance at the mode's price per kilometre,
 * rounded to the city's rounding unit.
 */
export function travelFee(
  currency: Currency,
  distanceMetres: number,
  mode: TravelMode,
  settings: CityBookingSettings,
): Money {
  assertWhole(distanceMetres, 'distance', 0);
  const extraMetres = Math.max(0, distanceMetres - settings.travelStartingDistanceMetres);
  const exact = settings.travelStartingPrice * 1000 + extraMetres * settings.travelPricePerExtraKm[mode];
  const unit = settings.travelFeeRoundingUnit;
  return money(roundedQuotient(exact, unit * 1000) * unit, currency);
}

export function quoteOrder(input: QuoteInput): Quote {
  const { currency, settings } = input;
  assertWhole(input.clocks, 'clocks', 1);
  const unitPrice = money(
    input.isMember ? Math.min(input.memberUnitPrice, input.unitPrice) : input.unitPrice,
    currency,
  );
  const service = times(unitPrice, input.clocks);
  const fee = input.travel
    ? travelFee(currency, input.travel.distanceMetres, input.travel.mode, settings)
    : money(0, currency);
  const managementFee = add(
    money(settings.managementFeeFixed, currency),
    basisPointsOf(service, settings.managementFeeBasisPoints),
  );
  // VAT on everything the customer is charged for; the coupon is a payment towards the total.
  const beforeTax = sum(currency, [service, fee, managementFee]);
  const vat = basisPointsOf(beforeTax, settings.vatBasisPoints);
  const total = add(beforeTax, vat);
  const couponAmount = input.couponAmount ?? 0;
  assertWhole(couponAmount, 'coupon', 0);
  const coupon = money(Math.min(couponAmount, total.amount), currency);
  return {
    unitPrice,
    clocks: input.clocks,
    service,
    travelFee: fee,
    managementFee,
    vat,
    coupon,
    total,
    payable: subtract(total, coupon),
  };
}

/**
 * Extra clocks added while in service: the project's extra-unit price times the count, with VAT;
 * no travel or management fee (the provider is already there).
 */
export function quoteExtraClocks(
  currency: Currency,
  extraUnitPrice: number,
  count: number,
  settings: CityBookingSettings,
): { readonly service: Money; readonly vat: Money; readonly payable: Money } {
  assertWhole(count, 'extra clocks', 1);
  const service = times(money(extraUnitPrice, currency), count);
  const vat = basisPointsOf(service, settings.vatBasisPoints);
  return { service, vat, payable: add(service, vat) };
}

/** A change of project charges the difference; a cheaper project refunds nothing (the spec's rule). */
export function projectChangeCharge(current: Quote, changed: Quote): Money {
  const difference = subtract(changed.total, current.total);
  return difference.amount > 0 ? difference : money(0, difference.currency);
}
