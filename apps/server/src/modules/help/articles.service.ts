import type {
  HelpArticle,
  HelpArticleBody,
  HelpArticleList,
  HelpArticleSummary,
  StaffHelpArticle,
} from '@sabai/shared/help/help.schemas';
import { HELP_CATEGORIES, type HelpCategory } from '@sabai/shared/help/help-rules';
import { LANGUAGES, type Language } from '@sabai/shared/i18n';
import type { AuthUser } from '../../http/auth';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { HelpRepository } from './help.repository';

const EXCERPT_LENGTH = 120;

/**
 * The start of the body as one line (lists and paragraphs run together), cut at a word (or at a
 * character, for scripts without spaces) near 120 characters.
 */
export function excerptOf(body: string): string {
  const flat = body
    .split('\n')
    .map((line) => line.replace(/^\s*[•-]\s*/, '').trim())
    .filter(Boolean)
    .join(' ');
  if (flat.length <= EXCERPT_LENGTH) return flat;
  const cut = flat.slice(0, EXCERPT_LENGTH);
  const space = cut.lastIndexOf(' ');
  return `${(space > EXCERPT_LENGTH / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:]+$/, '')}…`;
}

type StaffSnapshot = NonNullable<Awaited<ReturnType<HelpRepository['findForStaff']>>>;

function staffView({ article, texts }: StaffSnapshot): StaffHelpArticle {
  return {
    id: article.id,
    category: article.category as HelpCategory,
    sortOrder: article.sortOrder,
    isPublished: article.isPublished,
    texts: Object.fromEntries(texts.map((text) => [text.language, { title: text.title, body: text.body }])),
    updatedAt: article.updatedAt.toISOString(),
  };
}

/** What the audit keeps of an article: everything a reader could see, before and after. */
const auditSnapshot = (view: StaffHelpArticle) => ({ ...view }) as Record<string, unknown>;

/** Help-centre articles: the readers' list, search and detail, and customer service's edits (decision 054). */
export function createArticlesService(deps: { repository: HelpRepository; clock: Clock }) {
  const { repository, clock } = deps;

  const textsOf = (texts: HelpArticleBody['texts']) =>
    LANGUAGES.flatMap((language) => {
      const text = texts[language];
      return text ? [{ language, title: text.title, body: text.body }] : [];
    });

  return {
    async list(
      language: Language,
      filter: { category?: HelpCategory; q?: string },
    ): Promise<HelpArticleList> {
      const q = filter.q?.trim() || undefined;
      const rows = await repository.listPublished(language, {
        ...(filter.category ? { category: filter.category } : {}),
        ...(q ? { q } : {}),
      });
      const summaries: HelpArticleSummary[] = rows.map((row) => ({
        id: row.id,
        category: row.category as HelpCategory,
        title: row.title,
        excerpt: excerptOf(row.body),
      }));
      return {
        categories: HELP_CATEGORIES.map((category) => ({
          category,
          articles: summaries.filter((summary) => summary.category === category),
        })).filter((group) => group.articles.length > 0),
      };
    },

    async detail(language: Language, id: number): Promise<HelpArticle> {
      const row = await repository.findPublished(language, id);
      if (!row) throw new AppError('helpArticleNotFound');
      return {
        id: row.id,
        category: row.category as HelpCategory,
        title: row.title,
        excerpt: excerptOf(row.body),
        body: row.body,
        language: row.language,
        updatedAt: row.updatedAt.toISOString(),
      };
    },

    // ── staff (customer service) ─────────────────────────────────────────────────────────────
    async listForStaff(): Promise<StaffHelpArticle[]> {
      return (await repository.listAllForStaff()).map(staffView);
    },

    async create(staff: AuthUser, body: HelpArticleBody): Promise<StaffHelpArticle> {
      const now = clock.now();
      return repository.transaction(async (tx) => {
        const article = await repository.insertArticle(tx, {
          category: body.category,
          sortOrder: body.sortOrder,
          isPublished: true,
          createdAt: now,
          updatedAt: now,
        });
        await repository.replaceTexts(tx, article.id, textsOf(body.texts));
        const after = await repository.findForStaff(tx, article.id);
        if (!after) throw new Error('help article vanished');
        const view = staffView(after);
        await repository.insertAudit(tx, {
          subject: 'article',
          subjectId: article.id,
          staffId: staff.id,
          action: 'create',
          before: null,
          after: auditSnapshot(view),
          at: now,
        });
        return view;
      });
    },

    async update(staff: AuthUser, id: number, body: HelpArticleBody): Promise<StaffHelpArticle> {
      const now = clock.now();
      return repository.transaction(async (tx) => {
        const before = await repository.findForStaff(tx, id, true);
        if (!before) throw new AppError('helpArticleNotFound');
        await repository.updateArticle(tx, id, {
          category: body.category,
          sortOrder: body.sortOrder,
          updatedAt: now,
        });
        await repository.replaceTexts(tx, id, textsOf(body.texts));
        const after = await repository.findForStaff(tx, id);
        if (!after) throw new Error('help article vanished');
        const view = staffView(after);
        await repository.insertAudit(tx, {
          subject: 'article',
          subjectId: id,
          staffId: staff.id,
          action: 'update',
          before: auditSnapshot(staffView(before)),
          after: auditSnapshot(view),
          at: now,
        });
        return view;
      });
    },

    /** Publishes or unpublishes (readers stop seeing it; the text stays for a later republish). */
    async setPublished(staff: AuthUser, id: number, isPublished: boolean): Promise<StaffHelpArticle> {
      const now = clock.now();
      return repository.transaction(async (tx) => {
        const before = await repository.findForStaff(tx, id, true);
        if (!before) throw new AppError('helpArticleNotFound');
        if (before.article.isPublished === isPublished) return staffView(before);
        await repository.updateArticle(tx, id, { isPublished, updatedAt: now });
        const after = await repository.findForStaff(tx, id);
        if (!after) throw new Error('help article vanished');
        const view = staffView(after);
        await repository.insertAudit(tx, {
          subject: 'article',
          subjectId: id,
          staffId: staff.id,
          action: isPublished ? 'publish' : 'unpublish',
          before: auditSnapshot(staffView(before)),
          after: auditSnapshot(view),
          at: now,
        });
        return view;
      });
    },

    /** "Contact customer service": the agent whose chat the app opens (chat/index?to_uid). */
    async customerServiceContact(me: AuthUser): Promise<{ agentUid: number }> {
      const agentUid = await repository.customerServiceAgentFor(me.id);
      if (agentUid === undefined) throw new AppError('customerServiceUnavailable');
      return { agentUid };
    },
  };
}

export type ArticlesService = ReturnType<typeof createArticlesService>;
