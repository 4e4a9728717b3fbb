import { z } from 'zod';
import { LANGUAGES } from '../i18n';
import { idSchema, textSchema } from '../input';
import {
  AGREEMENT_KINDS,
  HELP_CATEGORIES,
  MAX_HELP_BODY,
  MAX_HELP_QUERY,
  MAX_HELP_TITLE,
} from './help-rules';

const languageSchema = z.enum(LANGUAGES);
export const helpCategorySchema = z.enum(HELP_CATEGORIES);
export const agreementKindSchema = z.enum(AGREEMENT_KINDS);

// ── help articles ─────────────────────────────────────────────────────────────────────────────

/** One article in the reader's language (English when that language has no text). */
export const helpArticleSummarySchema = z.object({
  id: z.number().int(),
  category: helpCategorySchema,
  title: z.string(),
  /** The start of the body, for the list and search results. */
  excerpt: z.string(),
});
export type HelpArticleSummary = z.infer<typeof helpArticleSummarySchema>;

export const helpArticleSchema = helpArticleSummarySchema.extend({
  body: z.string(),
  language: languageSchema,
  updatedAt: z.string(),
});
export type HelpArticle = z.infer<typeof helpArticleSchema>;

export const helpArticleListQuerySchema = z.object({
  category: helpCategorySchema.optional(),
  /** Words to find in titles and bodies of the reader's language (and English). */
  q: textSchema().trim().max(MAX_HELP_QUERY).optional(),
});

export const helpArticleListSchema = z.object({
  categories: z.array(
    z.object({ category: helpCategorySchema, articles: z.array(helpArticleSummarySchema) }),
  ),
});
export type HelpArticleList = z.infer<typeof helpArticleListSchema>;

export const helpArticleIdParamsSchema = z.object({ id: idSchema });

const articleTextSchema = z.object({
  title: textSchema().trim().min(1).max(MAX_HELP_TITLE),
  body: textSchema().trim().min(1).max(MAX_HELP_BODY),
});

/** Staff: an article's texts. English is required (the fallback); other languages may follow later. */
export const helpArticleTextsSchema = z
  .object({
    en: articleTextSchema,
    km: articleTextSchema.optional(),
    th: articleTextSchema.optional(),
    vi: articleTextSchema.optional(),
    'zh-CN': articleTextSchema.optional(),
    'zh-TW': articleTextSchema.optional(),
  })
  .strict();
export type HelpArticleTexts = z.infer<typeof helpArticleTextsSchema>;

export const helpArticleBodySchema = z
  .object({
    category: helpCategorySchema,
    sortOrder: z.number().int().min(0).max(10_000).default(100),
    texts: helpArticleTextsSchema,
  })
  .strict();
export type HelpArticleBody = z.infer<typeof helpArticleBodySchema>;

export const helpPublishBodySchema = z.object({ isPublished: z.boolean() }).strict();

/** Staff's view: every language's text and whether readers see it. */
export const staffHelpArticleSchema = z.object({
  id: z.number().int(),
  category: helpCategorySchema,
  sortOrder: z.number().int(),
  isPublished: z.boolean(),
  texts: z.record(z.string(), z.object({ title: z.string(), body: z.string() })),
  updatedAt: z.string(),
});
export type StaffHelpArticle = z.infer<typeof staffHelpArticleSchema>;

/** Where "contact customer service" leads: the agent to open the support chat with (chat/index?to_uid). */
export const customerServiceContactSchema = z.object({ agentUid: z.number().int() });

// ── agreements ────────────────────────────────────────────────────────────────────────────────

export const agreementSectionSchema = z.object({
  heading: textSchema().trim().min(1).max(200),
  body: z.array(textSchema().trim().min(1).max(4000)).min(1).max(20),
});
export const agreementTextSchema = z.object({
  title: textSchema().trim().min(1).max(120),
  sections: z.array(agreementSectionSchema).min(1).max(40),
});
export type AgreementText = z.infer<typeof agreementTextSchema>;

/** One agreement's current version in the reader's language. */
export const agreementDocumentSchema = agreementTextSchema.extend({
  kind: agreementKindSchema,
  version: z.number().int(),
  publishedAt: z.string(),
  language: languageSchema,
});
export type AgreementDocument = z.infer<typeof agreementDocumentSchema>;

export const agreementKindParamsSchema = z.object({ kind: agreementKindSchema });

/** The signed-in user's standing per agreement: the current version and the one they accepted. */
export const agreementStatusSchema = z.object({
  kind: agreementKindSchema,
  title: z.string(),
  currentVersion: z.number().int(),
  acceptedVersion: z.number().int().nullable(),
  acceptedAt: z.string().nullable(),
  /** Asked again before the app goes on (a new version since the last acceptance). */
  mustAccept: z.boolean(),
});
export type AgreementStatus = z.infer<typeof agreementStatusSchema>;

export const acceptAgreementsBodySchema = z
  .object({
    accepted: z
      .array(z.object({ kind: agreementKindSchema, version: z.number().int().min(1).max(1_000_000) }))
      .min(1)
      .max(AGREEMENT_KINDS.length),
  })
  .strict();
export type AcceptAgreementsBody = z.infer<typeof acceptAgreementsBodySchema>;

/** Staff: a new version, every language required (a user must be able to read what they accept). */
export const publishAgreementBodySchema = z
  .object({
    version: z.number().int().min(1).max(1_000_000),
    texts: z
      .object({
        en: agreementTextSchema,
        km: agreementTextSchema,
        th: agreementTextSchema,
        vi: agreementTextSchema,
        'zh-CN': agreementTextSchema,
        'zh-TW': agreementTextSchema,
      })
      .strict(),
  })
  .strict();
export type PublishAgreementBody = z.infer<typeof publishAgreementBodySchema>;

export const agreementVersionSchema = z.object({
  kind: agreementKindSchema,
  version: z.number().int(),
  publishedAt: z.string(),
});

export const helpAuditQuerySchema = z.object({
  subject: z.enum(['article', 'agreement']),
  id: idSchema,
});
export const helpAuditEntrySchema = z.object({
  id: z.number().int(),
  staffId: z.number().int(),
  action: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()),
  at: z.string(),
});
