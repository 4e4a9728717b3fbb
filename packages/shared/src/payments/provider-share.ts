import { shareInBasisPoints } from '../basis-points';

/** An order's split at completion between the platform and the provider, in minor units. */
export interface OrderShares {
  /** The platform's share of the service price (its commission). */
  platformShare: number;
  /** What the provider earns: the service less the platform's share, plus the whole travel fee. */
  providerShare: number;
}

/**
 * The one rule of what a provider earns from an order (decisions 039, 108): the platform keeps its
 * share (a per-city setting in basis points) of the service price; the rest of the service and the
 * whole travel fee are the provider's. The management fee, VAT and any coupon are never theirs. The
 * completion's settlement books it, and the workbench shows it on an order before it is accepted,
 * so the figure a therapist is offered is the figure their income later shows (issue #31).
 */
export function orderSharesOf(
  amounts: { service: number; travelFee: number },
  platformShareBasisPoints: number,
): OrderShares {
  const platformShare = shareInBasisPoints(amounts.service, platformShareBasisPoints);
  return { platformShare, providerShare: amounts.service - platformShare + amounts.travelFee };
}
