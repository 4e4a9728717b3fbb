import { and, desc, eq, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { careStaffAudit, reviews, reviewTranslations, stores, therapists, users } from '../../db/schema';

export type ReviewRow = typeof reviews.$inferSelect;
export type NewReviewRow = typeof reviews.$inferInsert;
export type AuditRow = typeof careStaffAudit.$inferInsert;
export type ReviewTranslationRow = typeof reviewTranslations.$inferSelect;

/**
 * The reviews table's writes and the rating upkeep of therapists and stores (decision 049): the
 * rating is the mean of the visible reviews and the count their number, recomputed in the
 * transaction that changed a review, so discovery never shows a count the reviews do not back.
 */
export function createReviewsRepository(db: Db) {
  async function recomputeRatings(tx: Db, target: { therapistId: number | null; storeId: number | null }) {
    if (target.therapistId !== null) {
      await tx.execute(sql`
        update therapists t set
          rating = coalesce((select round(avg(r.rating)::numeric, 2)::float8 from reviews r
                             where r.therapist_id = t.id and r.hidden_at is null), 0),
          review_count = (select count(*) from reviews r where r.therapist_id = t.id and r.hidden_at is null)
        where t.id = ${target.therapistId}`);
    }
    if (target.storeId !== null) {
      await tx.execute(sql`
        update stores s set
          rating = coalesce((select round(avg(r.rating)::numeric, 2)::float8 from reviews r
                             where r.store_id = s.id and r.hidden_at is null), 0),
          review_count = (select count(*) from reviews r where r.store_id = s.id and r.hidden_at is null)
        where s.id = ${target.storeId}`);
    }
  }

  return {
    recomputeRatings,

    async nicknameOf(userId: number): Promise<string> {
      const [row] = await db.select({ nickname: users.nickname }).from(users).where(eq(users.id, userId));
      return row?.nickname ?? '';
    },

    async findByOrder(orderId: number): Promise<ReviewRow | undefined> {
      const [row] = await db.select().from(reviews).where(eq(reviews.orderId, orderId)).limit(1);
      return row;
    },

    async findById(id: number): Promise<ReviewRow | undefined> {
      const [row] = await db.select().from(reviews).where(eq(reviews.id, id)).limit(1);
      return row;
    },

    async insert(tx: Db, row: NewReviewRow): Promise<ReviewRow> {
      const [inserted] = await tx.insert(reviews).values(row).returning();
      if (!inserted) throw new Error('review insert returned nothing');
      await recomputeRatings(tx, inserted);
      return inserted;
    },

    /** Changes the author's own review while it is still theirs to change (checked again here). */
    async updateOwn(tx: Db, id: number, customerId: number, changes: Partial<NewReviewRow>) {
      const [row] = await tx
        .update(reviews)
        .set(changes)
        .where(and(eq(reviews.id, id), eq(reviews.customerId, customerId)))
        .returning();
      if (row) await recomputeRatings(tx, row);
      return row;
    },

    /** The therapist's one reply: only while there is none. */
    async setReplyOnce(id: number, reply: string, at: Date) {
      const [row] = await db
        .update(reviews)
        .set({ reply, repliedAt: at })
        .where(and(eq(reviews.id, id), isNull(reviews.reply)))
        .returning();
      return row;
    },

    async hide(tx: Db, id: number, reason: string, at: Date) {
      const [row] = await tx
        .update(reviews)
        .set({ hiddenAt: at, hiddenReason: reason })
        .where(and(eq(reviews.id, id), isNull(reviews.hiddenAt)))
        .returning();
      if (row) await recomputeRatings(tx, row);
      return row;
    },

    insertAudit: (tx: Db, row: AuditRow) => tx.insert(careStaffAudit).values(row),

    auditOf: (subject: 'review' | 'complaint' | 'feedback', subjectId: number) =>
      db
        .select()
        .from(careStaffAudit)
        .where(and(eq(careStaffAudit.subject, subject), eq(careStaffAudit.subjectId, subjectId)))
        .orderBy(careStaffAudit.at, careStaffAudit.id),

    /** Visible reviews of a therapist or a store, newest first. */
    visibleOf(target: { therapistId: number } | { storeId: number }, limit: number, offset: number) {
      const where =
        'therapistId' in target
          ? eq(reviews.therapistId, target.therapistId)
          : eq(reviews.storeId, target.storeId);
      return db
        .select()
        .from(reviews)
        .where(and(where, isNull(reviews.hiddenAt)))
        .orderBy(desc(reviews.createdAt), desc(reviews.id))
        .limit(limit)
        .offset(offset);
    },

    /** The visible reviews about a therapist, newest first (their own workbench list). */
    aboutTherapist(therapistId: number, limit: number, offset: number) {
      return db
        .select()
        .from(reviews)
        .where(and(eq(reviews.therapistId, therapistId), isNull(reviews.hiddenAt)))
        .orderBy(desc(reviews.createdAt), desc(reviews.id))
        .limit(limit)
        .offset(offset);
    },

    /** Customer service's list: visible or hidden reviews, optionally only the low ratings, newest first. */
    forStaff(filter: { hidden: boolean; maxRating?: number | undefined }, limit: number, offset: number) {
      return db
        .select({
          review: reviews,
          therapistName: therapists.displayName,
          storeNames: stores.names,
        })
        .from(reviews)
        .leftJoin(therapists, eq(therapists.id, reviews.therapistId))
        .leftJoin(stores, eq(stores.id, reviews.storeId))
        .where(
          and(
            filter.hidden ? isNotNull(reviews.hiddenAt) : isNull(reviews.hiddenAt),
            filter.maxRating === undefined ? undefined : lte(reviews.rating, filter.maxRating),
          ),
        )
        .orderBy(desc(filter.hidden ? reviews.hiddenAt : reviews.createdAt), desc(reviews.id))
        .limit(limit)
        .offset(offset);
    },

    async findTranslation(reviewId: number, language: string): Promise<ReviewTranslationRow | undefined> {
      const [row] = await db
        .select()
        .from(reviewTranslations)
        .where(and(eq(reviewTranslations.reviewId, reviewId), eq(reviewTranslations.language, language)));
      return row;
    },

    /** One row per review and language: a newer translation (the review changed) replaces the old. */
    async saveTranslation(row: typeof reviewTranslations.$inferInsert) {
      await db
        .insert(reviewTranslations)
        .values(row)
        .onConflictDoUpdate({
          target: [reviewTranslations.reviewId, reviewTranslations.language],
          set: {
            sourceDigest: row.sourceDigest,
            text: row.text,
            reply: row.reply,
            sourceLanguage: row.sourceLanguage,
            createdAt: row.createdAt,
          },
        });
    },

    async therapistIdOfUser(userId: number): Promise<number | null> {
      const [row] = await queryRows<{ id: number }>(
        db,
        sql`select id from therapists where user_id = ${userId}`,
      );
      return row?.id ?? null;
    },
  };
}

export type ReviewsRepository = ReturnType<typeof createReviewsRepository>;
