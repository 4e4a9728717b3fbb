import { createHash } from 'node:crypto';
import type { Language } from '@sabai/shared/i18n';
import { isLanguage } from '@sabai/shared/i18n';
import type { ReviewTranslation } from '@sabai/shared/reviews/reviews.schemas';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { readerTranslator } from '../../lib/translator/translator';
import type { ReviewsRepository } from './reviews.repository';

/** What a translation was made from: a changed review or a new reply no longer matches it. */
const digestOf = (text: string, reply: string | null) =>
  createHash('sha256')
    .update(JSON.stringify([text, reply]))
    .digest('base64url');

/**
 * A review in the reader's language on demand (issue #16 item 1, decision 058), through the chat's
 * translator interface and cached per review and language. Hidden reviews do not exist here.
 */
export function createReviewTranslationsService(deps: {
  repository: ReviewsRepository;
  translate: ReturnType<typeof readerTranslator>;
  clock: Clock;
}) {
  const { repository, clock } = deps;

  const translated = (text: string, to: Language) =>
    text.trim() === '' ? { text: '', sourceLang: null } : deps.translate(text, to);

  return {
    async translate(reviewId: number, to: Language): Promise<ReviewTranslation> {
      const review = await repository.findById(reviewId);
      if (!review || review.hiddenAt) throw new AppError('notFound');
      if (review.text.trim() === '' && !review.reply?.trim()) throw new AppError('reviewNothingToTranslate');
      const sourceDigest = digestOf(review.text, review.reply);
      const cached = await repository.findTranslation(reviewId, to);
      if (cached && cached.sourceDigest === sourceDigest) {
        return {
          reviewId,
          text: cached.text,
          reply: cached.reply,
          sourceLang: isLanguage(cached.sourceLanguage) ? cached.sourceLanguage : null,
          targetLang: to,
        };
      }
      const text = await translated(review.text, to);
      const reply = review.reply ? await translated(review.reply, to) : null;
      const sourceLang = text.sourceLang ?? reply?.sourceLang ?? null;
      await repository.saveTranslation({
        reviewId,
        language: to,
        sourceDigest,
        text: text.text,
        reply: reply?.text ?? null,
        sourceLanguage: sourceLang,
        createdAt: clock.now(),
      });
      return { reviewId, text: text.text, reply: reply?.text ?? null, sourceLang, targetLang: to };
    },
  };
}

export type ReviewTranslationsService = ReturnType<typeof createReviewTranslationsService>;
