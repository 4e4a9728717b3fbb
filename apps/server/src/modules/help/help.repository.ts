import type { AgreementKind, HelpCategory } from '@sabai/shared/help/help-rules';
import type { Language } from '@sabai/shared/i18n';
import { USER_STATUS } from '@sabai/shared/identity/identity.rules';
import { and, asc, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import type { StatementPart } from '../../db/one-statement';
import {
  type AgreementTextJson,
  agreementAcceptances,
  agreementVersions,
  chatMembers,
  helpArticles,
  helpArticleTexts,
  helpStaffAudit,
  userRoles,
  users,
} from '../../db/schema';

export type { AgreementTextJson };
export type ArticleRow = typeof helpArticles.$inferSelect;
export type AuditRow = typeof helpStaffAudit.$inferInsert;
export type AcceptanceContextValue = 'signUp' | 'order' | 'prompt';

const english = alias(helpArticleTexts, 'english');
const local = alias(helpArticleTexts, 'local');

/** `%words%` for ILIKE, with the pattern characters the reader typed taken literally. */
const containsPattern = (words: string) => `%${words.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The only code touching the help centre's and the agreements' tables (decision 054). */
export function createHelpRepository(db: Db) {
  /** Published articles in `language`, English where that language has no text, in list order. */
  function readerArticles(language: Language, where: SQL | undefined) {
    const title = sql<string>`coalesce(${local.title}, ${english.title})`;
    const body = sql<string>`coalesce(${local.body}, ${english.body})`;
    return db
      .select({
        id: helpArticles.id,
        category: helpArticles.category,
        title,
        body,
        language: sql<Language>`case when ${local.title} is null then 'en' else ${language} end`,
        updatedAt: helpArticles.updatedAt,
      })
      .from(helpArticles)
      .innerJoin(english, and(eq(english.articleId, helpArticles.id), eq(english.language, 'en')))
      .leftJoin(local, and(eq(local.articleId, helpArticles.id), eq(local.language, language)))
      .where(and(eq(helpArticles.isPublished, true), where))
      .orderBy(asc(helpArticles.sortOrder), asc(helpArticles.id));
  }

  return {
    /** The reader's list: published, optionally one category, optionally matching words (the reader's language or English). */
    listPublished(language: Language, filter: { category?: HelpCategory; q?: string }) {
      const conditions: SQL[] = [];
      if (filter.category) conditions.push(eq(helpArticles.category, filter.category));
      // Every word must appear somewhere (in any order): "hoàn tiền" finds "tiền hoàn". Scripts
      // without spaces (Khmer, Thai, Chinese) are one word, matched as a substring.
      for (const word of (filter.q ?? '').split(/\s+/).filter(Boolean).slice(0, 6)) {
        const pattern = containsPattern(word);
        conditions.push(
          sql`(${local.title} ilike ${pattern} or ${local.body} ilike ${pattern} or ${english.title} ilike ${pattern} or ${english.body} ilike ${pattern})`,
        );
      }
      return readerArticles(language, conditions.length ? and(...conditions) : undefined);
    },

    async findPublished(language: Language, id: number) {
      const [row] = await readerArticles(language, eq(helpArticles.id, id));
      return row;
    },

    // ── staff ────────────────────────────────────────────────────────────────────────────────
    async listAllForStaff() {
      const articles = await db
        .select()
        .from(helpArticles)
        .orderBy(asc(helpArticles.category), asc(helpArticles.sortOrder), asc(helpArticles.id));
      const texts = articles.length
        ? await db
            .select()
            .from(helpArticleTexts)
            .where(
              inArray(
                helpArticleTexts.articleId,
                articles.map((article) => article.id),
              ),
            )
        : [];
      return articles.map((article) => ({
        article,
        texts: texts.filter((text) => text.articleId === article.id),
      }));
    },

    /** One article with every language's text; `forUpdate` locks it for the rest of the transaction. */
    async findForStaff(tx: Db, id: number, forUpdate = false) {
      const query = tx.select().from(helpArticles).where(eq(helpArticles.id, id));
      const [article] = forUpdate ? await query.for('update') : await query;
      if (!article) return undefined;
      const texts = await tx.select().from(helpArticleTexts).where(eq(helpArticleTexts.articleId, id));
      return { article, texts };
    },

    async insertArticle(tx: Db, row: typeof helpArticles.$inferInsert) {
      const [made] = await tx.insert(helpArticles).values(row).returning();
      if (!made) throw new Error('help article not inserted');
      return made;
    },

    updateArticle: (tx: Db, id: number, change: Partial<typeof helpArticles.$inferInsert>) =>
      tx.update(helpArticles).set(change).where(eq(helpArticles.id, id)),

    /** Replaces an article's texts with exactly these languages. */
    async replaceTexts(
      tx: Db,
      articleId: number,
      texts: { language: string; title: string; body: string }[],
    ) {
      await tx.delete(helpArticleTexts).where(eq(helpArticleTexts.articleId, articleId));
      if (texts.length)
        await tx.insert(helpArticleTexts).values(texts.map((text) => ({ articleId, ...text })));
    },

    insertAudit: (tx: Db, row: AuditRow) => tx.insert(helpStaffAudit).values(row),

    auditOf: (subject: 'article' | 'agreement', subjectId: number) =>
      db
        .select()
        .from(helpStaffAudit)
        .where(and(eq(helpStaffAudit.subject, subject), eq(helpStaffAudit.subjectId, subjectId)))
        .orderBy(helpStaffAudit.at, helpStaffAudit.id),

    // ── customer service ─────────────────────────────────────────────────────────────────────
    /**
     * Who a customer's "contact customer service" reaches: the agent they already talk to, else the
     * active agent with the fewest conversations (a simple spread until the console assigns them).
     */
    async customerServiceAgentFor(userId: number): Promise<number | undefined> {
      const existing = alias(chatMembers, 'existing');
      const load = sql<number>`(select count(*) from ${chatMembers} where ${chatMembers.userId} = ${users.id})`;
      const [agent] = await db
        .select({ id: users.id })
        .from(users)
        .innerJoin(userRoles, and(eq(userRoles.userId, users.id), eq(userRoles.role, 'customer_service')))
        .leftJoin(existing, and(eq(existing.userId, userId), eq(existing.peerId, users.id)))
        .where(and(eq(users.status, USER_STATUS.normal), eq(users.isLogout, 1), ne(users.id, userId)))
        .orderBy(sql`${existing.userId} is null`, load, asc(users.id))
        .limit(1);
      return agent?.id;
    },

    // ── agreements ───────────────────────────────────────────────────────────────────────────
    /** The current (highest) version of each kind, without its texts. */
    currentVersions: (tx: Db = db) =>
      tx
        .select({
          kind: agreementVersions.kind,
          version: sql<number>`max(${agreementVersions.version})::int`,
        })
        .from(agreementVersions)
        .groupBy(agreementVersions.kind),

    async currentDocument(kind: AgreementKind) {
      const [row] = await db
        .select()
        .from(agreementVersions)
        .where(eq(agreementVersions.kind, kind))
        .orderBy(desc(agreementVersions.version))
        .limit(1);
      return row;
    },

    /** Current versions' titles in every language (for the status list). */
    currentTitles: () =>
      db
        .selectDistinctOn([agreementVersions.kind], {
          kind: agreementVersions.kind,
          version: agreementVersions.version,
          texts: agreementVersions.texts,
        })
        .from(agreementVersions)
        .orderBy(agreementVersions.kind, desc(agreementVersions.version)),

    /** The highest version of each kind the user accepted, and when. */
    latestAcceptances: (userId: number) =>
      db
        .selectDistinctOn([agreementAcceptances.kind], {
          kind: agreementAcceptances.kind,
          version: agreementAcceptances.version,
          acceptedAt: agreementAcceptances.acceptedAt,
        })
        .from(agreementAcceptances)
        .where(eq(agreementAcceptances.userId, userId))
        .orderBy(agreementAcceptances.kind, desc(agreementAcceptances.version)),

    insertAcceptances: (
      tx: Db,
      rows: {
        userId: number;
        kind: AgreementKind;
        version: number;
        context: AcceptanceContextValue;
        acceptedAt: Date;
      }[],
    ) => tx.insert(agreementAcceptances).values(rows).onConflictDoNothing(),

    /** Records the user's acceptance of the current version of each kind, in the caller's transaction. */
    acceptCurrentWithin: (
      tx: Db,
      userId: number,
      kinds: readonly AgreementKind[],
      context: AcceptanceContextValue,
      at: Date,
    ) =>
      tx.execute(sql`
        insert into ${agreementAcceptances} (user_id, kind, version, context, accepted_at)
        select ${userId}, kind, max(version), ${context}, ${at}
        from ${agreementVersions}
        where kind in (${sql.join(
          kinds.map((kind) => sql`${kind}`),
          sql`, `,
        )})
        group by kind
        on conflict do nothing`),

    /**
     * `acceptCurrentWithin` as a part of a caller's one statement (decision 079): the same rows,
     * written only when the caller's part `source` has a row.
     */
    acceptCurrentPart: (
      source: string,
      userId: number,
      kinds: readonly AgreementKind[],
      context: AcceptanceContextValue,
      at: Date,
    ): StatementPart => ({
      name: `${source}_agreements`,
      body: sql`
        insert into ${agreementAcceptances} (user_id, kind, version, context, accepted_at)
        select ${userId}::int, kind, max(version), ${context}, ${at.toISOString()}::timestamptz
        from ${agreementVersions}
        where kind in (${sql.join(
          kinds.map((kind) => sql`${kind}`),
          sql`, `,
        )}) and exists (select 1 from ${sql.identifier(source)})
        group by kind
        on conflict do nothing
        returning user_id`,
    }),

    /** Serialises publications of one kind across processes. */
    lockAgreementKind: (tx: Db, kind: AgreementKind) =>
      tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`agreement:${kind}`}))`),

    async insertVersion(
      tx: Db,
      row: {
        kind: AgreementKind;
        version: number;
        texts: Record<string, AgreementTextJson>;
        publishedAt: Date;
        publishedBy: number;
      },
    ) {
      const [made] = await tx.insert(agreementVersions).values(row).returning({
        id: agreementVersions.id,
        kind: agreementVersions.kind,
        version: agreementVersions.version,
        publishedAt: agreementVersions.publishedAt,
      });
      if (!made) throw new Error('agreement version not inserted');
      return made;
    },

    transaction: <T>(work: (tx: Db) => Promise<T>) => db.transaction((tx) => work(tx as unknown as Db)),
  };
}

export type HelpRepository = ReturnType<typeof createHelpRepository>;
