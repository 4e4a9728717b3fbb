import {
  and,
  desc,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  lte,
  notExists,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Db } from '../../db/client';
import { columnsOf, insertFrom, rowOf, type StatementPart } from '../../db/one-statement';
import {
  paymentAttempts,
  paymentCitySettings,
  paymentRefunds,
  paymentWebhookEvents,
  refundBankDetails,
} from '../../db/schema';

export type PaymentAttemptRow = typeof paymentAttempts.$inferSelect;

/** The order an order payment's attempt pays (every `order` and `orderExtra` attempt has one). */
export function orderIdOf(attempt: PaymentAttemptRow): number {
  if (attempt.orderId === null) throw new Error(`payment attempt ${attempt.id} pays no order`);
  return attempt.orderId;
}
export type NewPaymentAttempt = typeof paymentAttempts.$inferInsert;
export type PaymentRefundRow = typeof paymentRefunds.$inferSelect;

/** A polled provider's confirmation is stored like a webhook event: `poll:<reference>`, applied once. */
export const POLLED_EVENT_PREFIX = 'poll:';

/** The only code touching the payments tables. */
export function createPaymentsRepository(db: Db) {
  return {
    async insertAttempt(tx: Db, row: NewPaymentAttempt): Promise<PaymentAttemptRow> {
      const [inserted] = await tx.insert(paymentAttempts).values(row).returning();
      if (!inserted) throw new Error('payment attempt not inserted');
      return inserted;
    },

    /**
     * `insertAttempt` as a part of one statement (decision 075), written only when `source` has a
     * row; `answer` selects the written attempt, read back by `attemptOf`.
     */
    attemptPart(source: string, row: NewPaymentAttempt): { part: StatementPart; answer: SQL } {
      const name = `${source}_attempt`;
      return {
        part: { name, body: sql`${insertFrom(paymentAttempts, row, source)} returning *` },
        answer: sql`select ${columnsOf(paymentAttempts)} from ${sql.identifier(name)}`,
      };
    },
    attemptOf: (raw: Record<string, unknown>): PaymentAttemptRow => rowOf(paymentAttempts, raw),

    async latestAttempt(orderId: number): Promise<PaymentAttemptRow | undefined> {
      const [row] = await db
        .select()
        .from(paymentAttempts)
        .where(and(eq(paymentAttempts.purpose, 'order'), eq(paymentAttempts.subjectId, orderId)))
        .orderBy(desc(paymentAttempts.id))
        .limit(1);
      return row;
    },

    async succeededAttempt(orderId: number): Promise<PaymentAttemptRow | undefined> {
      const [row] = await db
        .select()
        .from(paymentAttempts)
        .where(
          and(
            eq(paymentAttempts.purpose, 'order'),
            eq(paymentAttempts.subjectId, orderId),
            eq(paymentAttempts.status, 'succeeded'),
          ),
        );
      return row;
    },

    async latestPurposeAttempt(purpose: string, subjectId: number): Promise<PaymentAttemptRow | undefined> {
      const [row] = await db
        .select()
        .from(paymentAttempts)
        .where(and(eq(paymentAttempts.purpose, purpose), eq(paymentAttempts.subjectId, subjectId)))
        .orderBy(desc(paymentAttempts.id))
        .limit(1);
      return row;
    },

    /** What an order's extras have received so far (succeeded `orderExtra` attempts), in `tx`. */
    async paidExtras(tx: Db, orderId: number): Promise<PaymentAttemptRow[]> {
      return tx
        .select()
        .from(paymentAttempts)
        .where(
          and(
            eq(paymentAttempts.purpose, 'orderExtra'),
            eq(paymentAttempts.subjectId, orderId),
            eq(paymentAttempts.status, 'succeeded'),
          ),
        )
        .orderBy(paymentAttempts.id);
    },

    async attemptByReference(method: string, reference: string): Promise<PaymentAttemptRow | undefined> {
      const [row] = await db
        .select()
        .from(paymentAttempts)
        .where(and(eq(paymentAttempts.method, method), eq(paymentAttempts.providerReference, reference)));
      return row;
    },

    async attempt(id: number): Promise<PaymentAttemptRow | undefined> {
      const [row] = await db.select().from(paymentAttempts).where(eq(paymentAttempts.id, id));
      return row;
    },

    /** Locks the attempt for the transaction applying a provider's word about it. */
    async lockAttempt(tx: Db, id: number): Promise<PaymentAttemptRow | undefined> {
      const [row] = await tx.select().from(paymentAttempts).where(eq(paymentAttempts.id, id)).for('update');
      return row;
    },

    /** Settles a pending attempt; one the expiry sweep wrote off may still turn out paid. */
    async settleAttempt(tx: Db, id: number, status: 'succeeded' | 'failed' | 'expired', at: Date) {
      await tx
        .update(paymentAttempts)
        .set({ status, settledAt: at })
        .where(and(eq(paymentAttempts.id, id), inArray(paymentAttempts.status, ['pending', 'expired'])));
    },

    /** The expiry sweep: pending attempts past their expiry become expired; answers how many. */
    async expireDueAttempts(now: Date): Promise<number> {
      const expired = await db
        .update(paymentAttempts)
        .set({ status: 'expired', settledAt: now })
        .where(
          and(
            eq(paymentAttempts.status, 'pending'),
            isNotNull(paymentAttempts.expiresAt),
            lte(paymentAttempts.expiresAt, now),
          ),
        )
        .returning({ id: paymentAttempts.id });
      return expired.length;
    },

    /**
     * Claims the right to ask the provider about an attempt now: false when another request or
     * process asked within `minIntervalMs` (one UPDATE, so concurrent pollers ask once).
     */
    async claimProviderCheck(id: number, now: Date, minIntervalMs: number): Promise<boolean> {
      const claimed = await db
        .update(paymentAttempts)
        .set({ providerCheckedAt: now })
        .where(
          and(
            eq(paymentAttempts.id, id),
            or(
              isNull(paymentAttempts.providerCheckedAt),
              lte(paymentAttempts.providerCheckedAt, new Date(now.getTime() - minIntervalMs)),
            ),
          ),
        )
        .returning({ id: paymentAttempts.id });
      return claimed.length > 0;
    },

    /**
     * Attempts of these methods still worth asking the provider about: pending, or expired less
     * than `lateWindowMs` ago without the provider's confirmation having been applied (a payment
     * made at the last second still reaches the order or the wallet). Least recently asked first.
     */
    async attemptsToAsk(methods: string[], now: Date, lateWindowMs: number, limit: number) {
      if (methods.length === 0) return [];
      return db
        .select()
        .from(paymentAttempts)
        .where(
          and(
            inArray(paymentAttempts.method, methods),
            or(
              eq(paymentAttempts.status, 'pending'),
              and(
                eq(paymentAttempts.status, 'expired'),
                gt(paymentAttempts.expiresAt, new Date(now.getTime() - lateWindowMs)),
                notExists(
                  db
                    .select({ eventId: paymentWebhookEvents.eventId })
                    .from(paymentWebhookEvents)
                    .where(
                      and(
                        eq(paymentWebhookEvents.provider, paymentAttempts.method),
                        eq(
                          paymentWebhookEvents.eventId,
                          sql`${POLLED_EVENT_PREFIX} || ${paymentAttempts.providerReference}`,
                        ),
                      ),
                    ),
                ),
              ),
            ),
          ),
        )
        .orderBy(sql`${paymentAttempts.providerCheckedAt} asc nulls first`, paymentAttempts.id)
        .limit(limit);
    },

    /** A provider's "failed": the attempt fails (if still pending) with its event stored, once. */
    async failAttempt(id: number, provider: string, eventId: string, at: Date) {
      await db.transaction(async (tx) => {
        const inserted = await tx
          .insert(paymentWebhookEvents)
          .values({ provider, eventId, receivedAt: at })
          .onConflictDoNothing()
          .returning({ eventId: paymentWebhookEvents.eventId });
        if (inserted.length === 0) return;
        await tx
          .update(paymentAttempts)
          .set({ status: 'failed', settledAt: at })
          .where(and(eq(paymentAttempts.id, id), eq(paymentAttempts.status, 'pending')));
      });
    },

    /** Stores the event id; false when it was stored before (a replay). */
    async recordWebhookEvent(tx: Db, provider: string, eventId: string, at: Date): Promise<boolean> {
      const inserted = await tx
        .insert(paymentWebhookEvents)
        .values({ provider, eventId, receivedAt: at })
        .onConflictDoNothing()
        .returning({ eventId: paymentWebhookEvents.eventId });
      return inserted.length > 0;
    },

    async hasWebhookEvent(provider: string, eventId: string): Promise<boolean> {
      const [row] = await db
        .select({ eventId: paymentWebhookEvents.eventId })
        .from(paymentWebhookEvents)
        .where(and(eq(paymentWebhookEvents.provider, provider), eq(paymentWebhookEvents.eventId, eventId)));
      return row !== undefined;
    },

    async findRefund(orderId: number) {
      const [row] = await db.select().from(paymentRefunds).where(eq(paymentRefunds.orderId, orderId));
      return row;
    },

    async insertRefund(tx: Db, row: typeof paymentRefunds.$inferInsert): Promise<boolean> {
      const inserted = await tx
        .insert(paymentRefunds)
        .values(row)
        .onConflictDoNothing()
        .returning({ orderId: paymentRefunds.orderId });
      return inserted.length > 0;
    },

    /** Moves a refund on from the status it was read in; undefined when someone moved it first. */
    async updateRefundFrom(
      tx: Db,
      orderId: number,
      fromStatus: string,
      changes: Partial<typeof paymentRefunds.$inferInsert>,
    ): Promise<PaymentRefundRow | undefined> {
      const [row] = await tx
        .update(paymentRefunds)
        .set(changes)
        .where(and(eq(paymentRefunds.orderId, orderId), eq(paymentRefunds.status, fromStatus)))
        .returning();
      return row;
    },

    async bankDetails(orderId: number) {
      const [row] = await db.select().from(refundBankDetails).where(eq(refundBankDetails.orderId, orderId));
      return row;
    },

    /** The customer may correct what they typed until the payout is made. */
    async saveBankDetails(tx: Db, row: typeof refundBankDetails.$inferInsert) {
      await tx
        .insert(refundBankDetails)
        .values(row)
        .onConflictDoUpdate({
          target: refundBankDetails.orderId,
          set: {
            holderName: row.holderName,
            bankName: row.bankName,
            accountNumber: row.accountNumber,
            submittedAt: row.submittedAt,
          },
        });
    },

    async citySettings(cityId: number): Promise<unknown> {
      const [row] = await db
        .select({ settings: paymentCitySettings.settings })
        .from(paymentCitySettings)
        .where(eq(paymentCitySettings.cityId, cityId));
      return row?.settings;
    },

    async saveCitySettings(cityId: number, settings: Record<string, unknown>) {
      await db
        .insert(paymentCitySettings)
        .values({ cityId, settings })
        .onConflictDoUpdate({
          target: paymentCitySettings.cityId,
          set: { settings: sql`excluded.settings` },
        });
    },
  };
}

export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
