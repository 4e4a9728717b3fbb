/**
 * A share in basis points of whole minor units (1 % = 100 bp), rounded half away from zero, without
 * a float in between. Zod-free, so the web app's workbench can compute a share without loading it;
 * `money.ts`'s `basisPointsOf` is the same rule for `Money` values.
 */
export function shareInBasisPoints(amount: number, basisPoints: number): number {
  if (!Number.isSafeInteger(amount * basisPoints)) throw new RangeError('amount too large for a share');
  return divideRounded(amount * basisPoints, 10_000);
}

/** Integer division rounded half away from zero, without a float in between. */
function divideRounded(numerator: number, denominator: number): number {
  const quotient = Math.trunc(numerator / denominator);
  const remainder = numerator - quotient * denominator;
  if (Math.abs(remainder) * 2 >= Math.abs(denominator))
    return quotient + Math.sign(numerator) * Math.sign(denominator);
  return quotient;
}
