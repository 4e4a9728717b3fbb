import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from '../client';
import { type AgreementTextJson, agreementVersions, helpArticles, helpArticleTexts } from '../schema';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const readJson = <T>(name: string): T => JSON.parse(readFileSync(path.join(HERE, 'help', name), 'utf8')) as T;

interface SeedArticle {
  seedKey: string;
  category: string;
  sortOrder: number;
  texts: Record<string, { title: string; body: string }>;
}

/** When the first versions were written (shown as their publication date). */
const FIRST_VERSIONS_AT = new Date('2026-11-22T00:00:00Z');

/**
 * The help centre's starting articles and version 1 of each agreement, in the six languages
 * (decision 054). Each is added once (by its seed key, or kind and version) and never overwritten:
 * what customer service changed or unpublished stays as they left it.
 */
export async function seedHelpContent(db: Db, now: Date = new Date()): Promise<void> {
  const articles = readJson<SeedArticle[]>('articles.json');
  await db.transaction(async (tx) => {
    const made = await tx
      .insert(helpArticles)
      .values(
        articles.map((article) => ({
          seedKey: article.seedKey,
          category: article.category,
          sortOrder: article.sortOrder,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .onConflictDoNothing({ target: helpArticles.seedKey })
      .returning({ id: helpArticles.id, seedKey: helpArticles.seedKey });
    const texts = made.flatMap(({ id, seedKey }) =>
      Object.entries(articles.find((article) => article.seedKey === seedKey)?.texts ?? {}).map(
        ([language, text]) => ({ articleId: id, language, title: text.title, body: text.body }),
      ),
    );
    if (texts.length) await tx.insert(helpArticleTexts).values(texts).onConflictDoNothing();

    const agreements =
      readJson<Record<'user' | 'privacy' | 'order', Record<string, AgreementTextJson>>>('agreements.json');
    await tx
      .insert(agreementVersions)
      .values(
        (['user', 'privacy', 'order'] as const).map((kind) => ({
          kind,
          version: 1,
          texts: agreements[kind],
          publishedAt: FIRST_VERSIONS_AT,
        })),
      )
      .onConflictDoNothing({ target: [agreementVersions.kind, agreementVersions.version] });
  });
}
