import { describe, expect, it } from 'vitest';
import { money } from '../money';
import { type CityBookingSettings, DEFAULT_CITY_BOOKING_SETTINGS } from './booking-settings';
import { projectChangeCharge, quoteExtraClocks, quoteOrder, travelFee } from './quote';

/** A USD city: $2.00 for the first 3 km, then per extra km $0.50 by tuk-tuk, $0.80 fastest, $0 walking. */
const usdCity: CityBookingSettings = {
  ...DEFAULT_CITY_BOOKING_SETTINGS,
  travelStartingPrice: 200,
  travelStartingDistanceMetres: 3000,
  travelPricePerExtraKm: { tukTuk: 50, fastest: 80, walking: 0 },
  managementFeeFixed: 100,
  managementFeeBasisPoints: 500,
  vatBasisPoints: 1000,
};

describe('travelFee', () => {
  it('is the starting price within the starting distance', () => {
    expect(travelFee('USD', 0, 'tukTuk', usdCity)).toEqual(money(200, 'USD'));
    expect(travelFee('USD', 3000, 'tukTuk', usdCity)).toEqual(money(200, 'USD'));
  });

  it('adds each metre beyond it at the mode’s price per km, rounded half up to the unit', () => {
    // 7.5 km: 4.5 extra km × 50 = 225 → 425; fastest 4.5 × 80 = 360 → 560.
    expect(travelFee('USD', 7500, 'tukTuk', usdCity)).toEqual(money(425, 'USD'));
    expect(travelFee('USD', 7500, 'fastest', usdCity)).toEqual(money(560, 'USD'));
    expect(travelFee('USD', 7500, 'walking', usdCity)).toEqual(money(200, 'USD'));
    // 3.01 km: 10 m × 50 / 1000 = 0.5 cent → rounds up to 1; 3.009 km: 0.45 → 0.
    expect(travelFee('USD', 3010, 'tukTuk', usdCity)).toEqual(money(201, 'USD'));
    expect(travelFee('USD', 3009, 'tukTuk', usdCity)).toEqual(money(200, 'USD'));
  });

  it('rounds a riel fee to the city’s rounding unit', () => {
    const khrCity = {
      ...usdCity,
      travelStartingPrice: 8000,
      travelPricePerExtraKm: { tukTuk: 2000, fastest: 3000, walking: 0 },
      travelFeeRoundingUnit: 100,
    };
    // 4.234 km: 1.234 × 2000 = 2468 → 10 468 → 10 500 riel; 4.224 km: 2448 → 10 448 → 10 400.
    expect(travelFee('KHR', 4234, 'tukTuk', khrCity)).toEqual(money(10_500, 'KHR'));
    expect(travelFee('KHR', 4224, 'tukTuk', khrCity)).toEqual(money(10_400, 'KHR'));
  });
});

describe('quoteOrder', () => {
  const base = {
    currency: 'USD' as const,
    unitPrice: 2500,
    memberUnitPrice: 2000,
    isMember: false,
    clocks: 2,
    travel: { mode: 'tukTuk' as const, distanceMetres: 7500 },
    settings: usdCity,
  };

  it('adds service × clocks, travel, management fee and VAT, in integer minor units', () => {
    const quote = quoteOrder(base);
    expect(quote.service).toEqual(money(5000, 'USD'));
    expect(quote.travelFee).toEqual(money(425, 'USD'));
    expect(quote.managementFee).toEqual(money(100 + 250, 'USD'));
    // VAT 10 % of 57.75 = 5.775 → 5.78 (half up).
    expect(quote.vat).toEqual(money(578, 'USD'));
    expect(quote.total).toEqual(money(5775 + 578, 'USD'));
    expect(quote.payable).toEqual(quote.total);
    for (const part of [quote.service, quote.travelFee, quote.managementFee, quote.vat, quote.payable]) {
      expect(Number.isInteger(part.amount)).toBe(true);
    }
  });

  it('charges a member the member price', () => {
    const quote = quoteOrder({ ...base, isMember: true });
    expect(quote.unitPrice).toEqual(money(2000, 'USD'));
    expect(quote.service).toEqual(money(4000, 'USD'));
  });

  it('charges no travel fee for an in-store order', () => {
    const quote = quoteOrder({ ...base, travel: undefined });
    expect(quote.travelFee).toEqual(money(0, 'USD'));
  });

  it('takes a coupon off the total but never below zero payable', () => {
    expect(quoteOrder({ ...base, couponAmount: 1000 }).payable).toEqual(money(6353 - 1000, 'USD'));
    const covered = quoteOrder({ ...base, couponAmount: 100_000 });
    expect(covered.coupon).toEqual(covered.total);
    expect(covered.payable).toEqual(money(0, 'USD'));
  });

  it('works in a currency without minor units', () => {
    const quote = quoteOrder({
      ...base,
      currency: 'KHR',
      unitPrice: 60_000,
      memberUnitPrice: 50_000,
      travel: undefined,
      settings: { ...usdCity, managementFeeFixed: 0, managementFeeBasisPoints: 333, vatBasisPoints: 1000 },
    });
    // 120 000 × 3.33 % = 3996; VAT 10 % of 123 996 = 12 399.6 → 12 400.
    expect(quote.managementFee).toEqual(money(3996, 'KHR'));
    expect(quote.vat).toEqual(money(12_400, 'KHR'));
    expect(quote.payable).toEqual(money(136_396, 'KHR'));
  });

  it('refuses zero or fractional clocks and a fractional distance', () => {
    expect(() => quoteOrder({ ...base, clocks: 0 })).toThrow(RangeError);
    expect(() => quoteOrder({ ...base, clocks: 1.5 })).toThrow(RangeError);
    expect(() => quoteOrder({ ...base, travel: { mode: 'tukTuk', distanceMetres: 10.5 } })).toThrow(
      RangeError,
    );
  });
});

describe('extra clocks and project changes', () => {
  it('price extra clocks at the extra-unit price with VAT', () => {
    expect(quoteExtraClocks('USD', 1250, 2, usdCity)).toEqual({
      service: money(2500, 'USD'),
      vat: money(250, 'USD'),
      payable: money(2750, 'USD'),
    });
    expect(() => quoteExtraClocks('USD', 1250, 0, usdCity)).toThrow(RangeError);
  });

  it('charge the difference for a dearer project and nothing back for a cheaper one', () => {
    const current = quoteOrder({
      currency: 'USD',
      unitPrice: 2500,
      memberUnitPrice: 2500,
      isMember: false,
      clocks: 1,
      settings: usdCity,
    });
    const dearer = quoteOrder({
      currency: 'USD',
      unitPrice: 3500,
      memberUnitPrice: 3500,
      isMember: false,
      clocks: 1,
      settings: usdCity,
    });
    expect(projectChangeCharge(current, dearer).amount).toBe(dearer.total.amount - current.total.amount);
    expect(projectChangeCharge(dearer, current)).toEqual(money(0, 'USD'));
  });
});
