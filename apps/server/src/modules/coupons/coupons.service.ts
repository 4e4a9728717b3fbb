import { createHash, randomInt } from 'node:crypto';
import { isCurrency, money, toDecimalString } from '@sabai/shared/money';
import {
  type CouponPage,
  type CouponView,
  type createCouponBatchBodySchema,
  normaliseRedeemCode,
  REDEEM_CODE_ALPHABET,
  REDEEM_CODE_LENGTH,
} from '@sabai/shared/payments/coupons.schemas';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { AuthUser } from '../../http/auth';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { couponDiscount, couponStatusAt } from './coupon-rules';
import type { CouponRow, CouponsRepository } from './coupons.repository';

type BatchBody = z.infer<typeof createCouponBatchBodySchema>;

const hashOf = (code: string) => createHash('sha256').update(normaliseRedeemCode(code)).digest('hex');

/** 16 characters of a 32-letter alphabet: 80 bits from the CSPRNG, far beyond guessing under the rate limit. */
function newRedeemCode(): string {
  let code = '';
  for (let i = 0; i < REDEEM_CODE_LENGTH; i += 1)
    code += REDEEM_CODE_ALPHABET[randomInt(REDEEM_CODE_ALPHABET.length)];
  return code;
}

function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (
    let current = error as { code?: unknown; constraint?: unknown; cause?: unknown } | undefined;
    current;
    current = current.cause as typeof current
  ) {
    if (current.code === '23505' && current.constraint === constraint) return true;
  }
  return false;
}

/**
 * Coupons (decision 043): redeeming codes from staff batches, the user's list, and the two hooks
 * booking calls — the discount a coupon gives a quote, and marking it used in the order's own
 * transaction. Returning it on cancellation runs from booking's committed status events.
 */
export function createCouponsService(deps: { db: Db; clock: Clock; repository: CouponsRepository }) {
  const { repository, clock } = deps;

  const view = (row: CouponRow, now: Date): CouponView => ({
    id: row.id,
    kind: row.kind as CouponView['kind'],
    amount: row.amount,
    percentBasisPoints: row.percentBasisPoints,
    capAmount: row.capAmount,
    currency: row.currency as CouponView['currency'],
    minimumAmount: row.minimumAmount,
    validFrom: row.validFrom.toISOString(),
    validUntil: row.validUntil.toISOString(),
    status: couponStatusAt(row, now),
    orderId: row.orderId,
    usedAt: row.usedAt?.toISOString() ?? null,
  });

  /** The caller's coupon in a state an order may use, or the reason it may not. */
  async function usable(userId: number, couponId: number, now: Date): Promise<CouponRow> {
    const coupon = await repository.findCoupon(couponId);
    // Someone else's coupon does not exist for this caller.
    if (!coupon || coupon.userId !== userId) throw new AppError('couponNotFound');
    const status = couponStatusAt(coupon, now);
    if (status === 'used') throw new AppError('couponAlreadyUsed');
    if (status === 'expired') throw new AppError('couponExpired');
    if (coupon.validFrom.getTime() > now.getTime())
      throw new AppError('couponNotYetValid', { date: coupon.validFrom.toISOString().slice(0, 10) });
    return coupon;
  }

  return {
    async createBatch(me: AuthUser, body: BatchBody) {
      const codes = new Set<string>();
      while (codes.size < body.count) codes.add(newRedeemCode());
      const list = [...codes];
      const batchId = await deps.db.transaction((tx) =>
        repository.insertBatch(
          tx as unknown as Db,
          {
            kind: body.kind,
            amount: body.kind === 'amount' ? body.amount : 0,
            percentBasisPoints: body.kind === 'percent' ? body.percentBasisPoints : 0,
            capAmount: body.kind === 'percent' ? body.capAmount : 0,
            currency: body.currency,
            minimumAmount: body.minimumAmount,
            validFrom: new Date(body.validFrom),
            validUntil: new Date(body.validUntil),
            codeCount: list.length,
            reason: body.reason,
            createdBy: me.id,
            createdAt: clock.now(),
          },
          list.map(hashOf),
        ),
      );
      return { batchId, codes: list };
    },

    /**
     * A code becomes the caller's coupon once. Redeeming one's own code again answers the same
     * coupon (a retried request); a code someone else holds is "used". The unique hash on coupons
     * decides between two concurrent redemptions.
     */
    async redeem(me: AuthUser, code: string): Promise<CouponView> {
      const now = clock.now();
      const codeHash = hashOf(code);
      const batch = await repository.batchOfCode(codeHash);
      if (!batch) throw new AppError('couponCodeInvalid');
      const existing = await repository.couponOfCode(codeHash);
      if (existing) {
        if (existing.userId === me.id) return view(existing, now);
        throw new AppError('couponCodeUsed');
      }
      if (batch.validUntil.getTime() <= now.getTime()) throw new AppError('couponExpired');
      try {
        const coupon = await repository.insertCoupon({
          userId: me.id,
          batchId: batch.id,
          codeHash,
          kind: batch.kind,
          amount: batch.amount,
          percentBasisPoints: batch.percentBasisPoints,
          capAmount: batch.capAmount,
          currency: batch.currency,
          minimumAmount: batch.minimumAmount,
          validFrom: batch.validFrom,
          validUntil: batch.validUntil,
          createdAt: now,
        });
        return view(coupon, now);
      } catch (error) {
        if (!isUniqueViolation(error, 'coupons_code_once')) throw error;
        const winner = await repository.couponOfCode(codeHash);
        if (winner?.userId === me.id) return view(winner, now);
        throw new AppError('couponCodeUsed');
      }
    },

    async list(
      me: AuthUser,
      query: { status: 'unused' | 'used' | 'expired'; page: number; pageSize: number },
    ): Promise<CouponPage> {
      const now = clock.now();
      const { items, total } = await repository.pageOf(me.id, query.status, now, query.page, query.pageSize);
      return {
        items: items.map((row) => view(row, now)),
        total,
        page: query.page,
        pageSize: query.pageSize,
        hasMore: query.page * query.pageSize < total,
      };
    },

    /** Booking's quote: what the coupon takes off an order of `total`, or why it cannot be used. */
    async discountFor(
      userId: number,
      couponId: number,
      total: { amount: number; currency: string },
    ): Promise<number> {
      const coupon = await usable(userId, couponId, clock.now());
      if (coupon.currency !== total.currency) throw new AppError('couponCurrencyMismatch');
      if (total.amount < coupon.minimumAmount) {
        const minimum = isCurrency(coupon.currency)
          ? `${toDecimalString(money(coupon.minimumAmount, coupon.currency))} ${coupon.currency}`
          : String(coupon.minimumAmount);
        throw new AppError('couponBelowMinimum', { minimum });
      }
      return couponDiscount(coupon, total.amount);
    },

    /** Booking's create, inside the order's insert transaction: the coupon is used by this order or the order is not made. */
    async useWithin(tx: Db, userId: number, couponId: number, orderId: number): Promise<void> {
      if (!(await repository.markUsed(tx, couponId, userId, orderId, clock.now())))
        throw new AppError('couponAlreadyUsed');
    },

    release: repository.release,
  };
}

export type CouponsService = ReturnType<typeof createCouponsService>;
