import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { paymentAttempts, paymentCitySettings, paymentRefunds, paymentWebhookEvents } from '../../db/schema';

export type PaymentAttemptRow = typeof paymentAttempts.$inferSelect;
export type NewPaymentAttempt = typeof paymentAttempts.$inferInsert;

/** The only code touching the payments tables. */
export function createPaymentsRepository(db: Db) {
  return {
    async insertAttempt(tx: Db, row: NewPaymentAttempt): Promise<PaymentAttemptRow> {
      const [inserted] = await tx.insert(paymentAttempts).values(row).returning();
      if (!inserted) throw new Error('payment attempt not inserted');
      return inserted;
    },

    async latestAttempt(orderId: number): Promise<PaymentAttemptRow | undefined> {
      const [row] = await db
        .select()
        .from(paymentAttempts)
        .where(eq(paymentAttempts.orderId, orderId))
        .orderBy(desc(paymentAttempts.id))
        .limit(1);
      return row;
    },

    async succeededAttempt(orderId: number): Promise<PaymentAttemptRow | undefined> {
      const [row] = await db
        .select()
        .from(paymentAttempts)
        .where(and(eq(paymentAttempts.orderId, orderId), eq(paymentAttempts.status, 'succeeded')));
      return row;
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

    async settleAttempt(tx: Db, id: number, status: 'succeeded' | 'failed' | 'expired', at: Date) {
      await tx
        .update(paymentAttempts)
        .set({ status, settledAt: at })
        .where(and(eq(paymentAttempts.id, id), eq(paymentAttempts.status, 'pending')));
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
