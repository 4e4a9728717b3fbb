import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import type { AppModule, ModuleContext } from '../../app-module';
import { createLocalStorage } from '../../lib/storage';
import { createTranslator, readerTranslator } from '../../lib/translator/translator';
import type { BookingApi } from '../booking';
import { createCareImages } from './care-images';
import { createComplaintsRepository } from './complaints.repository';
import { createComplaintsService } from './complaints.service';
import { createFeedbackRepository } from './feedback.repository';
import { feedbackRoutes } from './feedback.routes';
import { createFeedbackService } from './feedback.service';
import { createReviewTranslationsService } from './review-translations.service';
import { createReviewsRepository } from './reviews.repository';
import { reviewsRoutes } from './reviews.routes';
import { createReviewsService } from './reviews.service';

/**
 * Reviews and complaints (issue #16, decision 049): reviews of finished orders with the therapist's
 * and store's rating kept in the same transaction, complaints decided by customer service; feedback
 * with its thread of replies and customer service's statuses (decision 053).
 */
export function createReviewsModule(
  context: Pick<ModuleContext, 'db' | 'clock' | 'config' | 'outbox' | 'log'>,
  needs: { booking: Pick<BookingApi, 'orders' | 'partiesOf' | 'orderAccess'> },
): AppModule<undefined> {
  const images = createCareImages(createLocalStorage(path.join(context.config.DATA_DIR, 'uploads')));
  const repository = createReviewsRepository(context.db);
  const reviews = createReviewsService({
    repository,
    images,
    clock: context.clock,
    outbox: context.outbox,
    booking: needs.booking,
  });
  const complaints = createComplaintsService({
    repository: createComplaintsRepository(context.db),
    audit: repository,
    images,
    clock: context.clock,
    outbox: context.outbox,
    booking: needs.booking,
  });
  const feedback = createFeedbackService({
    repository: createFeedbackRepository(context.db),
    audit: repository,
    images,
    clock: context.clock,
    outbox: context.outbox,
    booking: needs.booking,
  });
  const translations = createReviewTranslationsService({
    repository,
    translate: readerTranslator(createTranslator(context.config), context.log),
    clock: context.clock,
  });
  const routes: FastifyPluginAsync = async (api) => {
    await api.register(reviewsRoutes, { reviews, complaints, translations, images });
    await api.register(feedbackRoutes, { feedback });
  };
  return { name: 'reviews', api: undefined, routes };
}
