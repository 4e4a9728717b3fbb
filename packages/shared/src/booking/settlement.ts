import { allocate, basisPointsOf, type Money, money, subtract, sum } from '../money';
import type { CityBookingSettings } from './booking-settings';
import type { Quote } from './quote';

/**
 * What a cancelled (or turned-away) order keeps and refunds. The order records this settlement;
 * the money issue executes it (refund by the original route, coupon returned). Every amount is an
 * integer and what is kept plus what is refunded is always exactly what was paid.
 */
export interface CancellationFacts {
  readonly hasAccepted: boolean;
  readonly hasProviderArrived: boolean;
  /** Not arrived, or arrived, more than the city's late limit after the booked start. */
  readonly isProviderLate: boolean;
  /** The provider declined, let the order time out or gave it back. */
  readonly isProviderCancellation: boolean;
  /** The provider arrived and could not reach the customer: settled as turned away at the door. */
  readonly isNoShow: boolean;
  /** Customer service cancels on the customer's behalf without the fee. */
  readonly isFeeWaived: boolean;
}

export type SettlementStage = 'free' | 'beforeAcceptance' | 'afterAcceptance' | 'afterArrival';
export type KeptReason = 'handlingFee' | 'travelFee' | 'managementFee' | 'turnAwayShare' | 'vat';
export type KeptBy = 'platform' | 'provider';

export interface KeptLine {
  readonly reason: KeptReason;
  readonly keptBy: KeptBy;
  readonly amount: Money;
}

export interface Settlement {
  readonly stage: SettlementStage;
  readonly paid: Money;
  readonly kept: readonly KeptLine[];
  readonly keptTotal: Money;
  readonly refund: Money;
  /** A coupon used on the order goes back to the customer whatever else is kept. */
  readonly isCouponReturned: boolean;
}

export function settlementStage(facts: CancellationFacts): SettlementStage {
  if (facts.isProviderCancellation || facts.isProviderLate || facts.isFeeWaived) return 'free';
  if (facts.hasProviderArrived || facts.isNoShow) return 'afterArrival';
  if (facts.hasAccepted) return 'afterAcceptance';
  return 'beforeAcceptance';
}

/** Whether the provider is (or was) later than the city allows: the customer may then cancel free. */
export function isProviderLate(input: {
  readonly bookedStart: Date;
  readonly arrivedAt: Date | null;
  readonly now: Date;
  readonly settings: Pick<CityBookingSettings, 'providerLateMinutes'>;
}): boolean {
  const limit = input.bookedStart.getTime() + input.settings.providerLateMinutes * 60_000;
  return (input.arrivedAt ?? input.now).getTime() > limit;
}

/** The lines the rules keep, before they are limited to what was paid. */
function keptByRule(stage: SettlementStage, quote: Quote, settings: CityBookingSettings): KeptLine[] {
  const currency = quote.total.currency;
  if (stage === 'free') return [];
  if (stage === 'beforeAcceptance') {
    return [
      {
        reason: 'handlingFee',
        keptBy: 'platform',
        amount: money(settings.cancellationHandlingFee, currency),
      },
    ];
  }
  // The VAT charged is split over the parts it was charged on, so the VAT kept is exactly the VAT
  // of the parts kept and the rest of it is refunded with them.
  const parts = [quote.service, quote.travelFee, quote.managementFee];
  const weights = parts.map((part) => part.amount);
  const [serviceVat, travelVat, managementVat] = weights.some((weight) => weight > 0)
    ? allocate(quote.vat, weights)
    : [money(0, currency), money(0, currency), money(0, currency)];
  const lines: KeptLine[] = [
    { reason: 'travelFee', keptBy: 'provider', amount: quote.travelFee },
    { reason: 'managementFee', keptBy: 'platform', amount: quote.managementFee },
  ];
  const vatParts = [travelVat ?? money(0, currency), managementVat ?? money(0, currency)];
  if (stage === 'afterArrival') {
    const share = settings.turnAwayShareBasisPoints;
    lines.push({ reason: 'turnAwayShare', keptBy: 'provider', amount: basisPointsOf(quote.service, share) });
    vatParts.push(basisPointsOf(serviceVat ?? money(0, currency), share));
  }
  lines.push({ reason: 'vat', keptBy: 'platform', amount: sum(currency, vatParts) });
  return lines;
}

/**
 * Settles a cancellation of a paid order. The kept lines take from what was paid in their order
 * (the provider's compensation first); when a coupon paid part of the order, less cash was paid than
 * the rules would keep, and the later lines shrink or drop.
 */
export function settleCancellation(
  quote: Quote,
  facts: CancellationFacts,
  settings: CityBookingSettings,
  paid: Money = quote.payable,
): Settlement {
  const currency = paid.currency;
  const stage = settlementStage(facts);
  let left = paid.amount;
  const kept: KeptLine[] = [];
  for (const line of keptByRule(stage, quote, settings)) {
    const amount = Math.min(line.amount.amount, left);
    if (amount <= 0) continue;
    kept.push({ ...line, amount: money(amount, currency) });
    left -= amount;
  }
  const keptTotal = sum(
    currency,
    kept.map((line) => line.amount),
  );
  return {
    stage,
    paid,
    kept,
    keptTotal,
    refund: subtract(paid, keptTotal),
    isCouponReturned: quote.coupon.amount > 0,
  };
}
