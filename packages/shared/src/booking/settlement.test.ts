import { describe, expect, it } from 'vitest';
import { money } from '../money';
import { type CityBookingSettings, DEFAULT_CITY_BOOKING_SETTINGS } from './booking-settings';
import { quoteOrder } from './quote';
import { type CancellationFacts, isProviderLate, settleCancellation, settlementStage } from './settlement';

const settings: CityBookingSettings = {
  ...DEFAULT_CITY_BOOKING_SETTINGS,
  travelStartingPrice: 200,
  travelPricePerExtraKm: { tukTuk: 50, fastest: 80, walking: 0 },
  managementFeeFixed: 150,
  vatBasisPoints: 1000,
  cancellationHandlingFee: 100,
};
// Service 50.00, travel 4.25, management 1.50, VAT 5.58 → 61.33.
const quote = quoteOrder({
  currency: 'USD',
  unitPrice: 2500,
  memberUnitPrice: 2500,
  isMember: false,
  clocks: 2,
  travel: { mode: 'tukTuk', distanceMetres: 7500 },
  settings,
});

const facts = (changes: Partial<CancellationFacts> = {}): CancellationFacts => ({
  hasAccepted: false,
  hasProviderArrived: false,
  isProviderLate: false,
  isProviderCancellation: false,
  isNoShow: false,
  isFeeWaived: false,
  ...changes,
});

const keptOf = (settlement: ReturnType<typeof settleCancellation>) =>
  Object.fromEntries(settlement.kept.map((line) => [line.reason, [line.keptBy, line.amount.amount]]));

describe('settleCancellation', () => {
  it('keeps the handling fee before acceptance', () => {
    expect(quote.payable).toEqual(money(6133, 'USD'));
    const settlement = settleCancellation(quote, facts(), settings);
    expect(settlement.stage).toBe('beforeAcceptance');
    expect(keptOf(settlement)).toEqual({ handlingFee: ['platform', 100] });
    expect(settlement.refund).toEqual(money(6033, 'USD'));
  });

  it('keeps nothing before acceptance with the default handling fee of zero', () => {
    const settlement = settleCancellation(quote, facts(), { ...settings, cancellationHandlingFee: 0 });
    expect(settlement.kept).toEqual([]);
    expect(settlement.refund).toEqual(quote.payable);
  });

  it('keeps the travel fee, the management fee and their VAT after acceptance', () => {
    const settlement = settleCancellation(quote, facts({ hasAccepted: true }), settings);
    // VAT 558 split over 5000/425/150 by largest remainder: 500, 43 (42.5…), 15.
    expect(keptOf(settlement)).toEqual({
      travelFee: ['provider', 425],
      managementFee: ['platform', 150],
      vat: ['platform', 43 + 15],
    });
    expect(settlement.refund).toEqual(money(6133 - 633, 'USD'));
  });

  it('also keeps the turn-away share of the service after the provider arrived, and for a no-show', () => {
    for (const changes of [{ hasProviderArrived: true }, { isNoShow: true }]) {
      const settlement = settleCancellation(quote, facts({ hasAccepted: true, ...changes }), settings);
      expect(settlement.stage).toBe('afterArrival');
      expect(keptOf(settlement)).toEqual({
        travelFee: ['provider', 425],
        managementFee: ['platform', 150],
        turnAwayShare: ['provider', 2500],
        vat: ['platform', 43 + 15 + 250],
      });
      expect(settlement.refund).toEqual(money(6133 - 3383, 'USD'));
    }
  });

  it('keeps nothing when the provider is late, cancelled themselves, or staff waive the fee', () => {
    for (const changes of [
      { isProviderLate: true },
      { isProviderCancellation: true },
      { isFeeWaived: true },
    ]) {
      const settlement = settleCancellation(
        quote,
        facts({ hasAccepted: true, hasProviderArrived: true, ...changes }),
        settings,
      );
      expect(settlement.stage).toBe('free');
      expect(settlement.kept).toEqual([]);
      expect(settlement.refund).toEqual(quote.payable);
    }
  });

  it('never keeps more than was paid when a coupon paid part, and returns the coupon', () => {
    const withCoupon = quoteOrder({
      currency: 'USD',
      unitPrice: 2500,
      memberUnitPrice: 2500,
      isMember: false,
      clocks: 2,
      travel: { mode: 'tukTuk', distanceMetres: 7500 },
      couponAmount: 5500,
      settings,
    });
    expect(withCoupon.payable).toEqual(money(633, 'USD'));
    const settlement = settleCancellation(
      withCoupon,
      facts({ hasAccepted: true, hasProviderArrived: true }),
      settings,
    );
    expect(keptOf(settlement)).toEqual({
      travelFee: ['provider', 425],
      managementFee: ['platform', 150],
      turnAwayShare: ['provider', 58],
    });
    expect(settlement.refund).toEqual(money(0, 'USD'));
    expect(settlement.isCouponReturned).toBe(true);
  });

  it('always adds up to exactly what was paid, in whole minor units', () => {
    const stages: Partial<CancellationFacts>[] = [
      {},
      { hasAccepted: true },
      { hasAccepted: true, hasProviderArrived: true },
      { isProviderCancellation: true },
    ];
    for (let unitPrice = 1; unitPrice < 40_000; unitPrice = unitPrice * 3 + 7) {
      for (const metres of [0, 3001, 12_345]) {
        for (const coupon of [0, 99, 5000]) {
          const each = quoteOrder({
            currency: 'KHR',
            unitPrice,
            memberUnitPrice: unitPrice,
            isMember: false,
            clocks: 3,
            travel: { mode: 'fastest', distanceMetres: metres },
            couponAmount: coupon,
            settings: { ...settings, managementFeeBasisPoints: 777, turnAwayShareBasisPoints: 3333 },
          });
          for (const stage of stages) {
            const settlement = settleCancellation(each, facts(stage), settings);
            const keptSum = settlement.kept.reduce((total, line) => total + line.amount.amount, 0);
            expect(keptSum).toBe(settlement.keptTotal.amount);
            expect(keptSum + settlement.refund.amount).toBe(each.payable.amount);
            expect(settlement.refund.amount).toBeGreaterThanOrEqual(0);
            for (const line of settlement.kept) {
              expect(Number.isSafeInteger(line.amount.amount) && line.amount.amount > 0).toBe(true);
            }
          }
        }
      }
    }
  });

  it('settles an unpaid order to nothing', () => {
    const settlement = settleCancellation(quote, facts({ hasAccepted: true }), settings, money(0, 'USD'));
    expect(settlement.kept).toEqual([]);
    expect(settlement.refund).toEqual(money(0, 'USD'));
  });
});

describe('settlementStage and isProviderLate', () => {
  it('let a provider’s own cancellation win over arrival', () => {
    expect(
      settlementStage(facts({ hasAccepted: true, hasProviderArrived: true, isProviderCancellation: true })),
    ).toBe('free');
  });

  it('count a provider late only past the city’s limit after the booked start', () => {
    const bookedStart = new Date('2026-12-01T03:00:00Z');
    const at = (iso: string) => new Date(iso);
    const limits = { providerLateMinutes: 20 };
    expect(
      isProviderLate({ bookedStart, arrivedAt: null, now: at('2026-12-01T03:20:00Z'), settings: limits }),
    ).toBe(false);
    expect(
      isProviderLate({ bookedStart, arrivedAt: null, now: at('2026-12-01T03:20:01Z'), settings: limits }),
    ).toBe(true);
    expect(
      isProviderLate({
        bookedStart,
        arrivedAt: at('2026-12-01T03:10:00Z'),
        now: at('2026-12-01T05:00:00Z'),
        settings: limits,
      }),
    ).toBe(false);
    expect(
      isProviderLate({
        bookedStart,
        arrivedAt: at('2026-12-01T03:25:00Z'),
        now: at('2026-12-01T03:30:00Z'),
        settings: limits,
      }),
    ).toBe(true);
  });
});
