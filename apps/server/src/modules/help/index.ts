import type { FastifyPluginAsync } from 'fastify';
import type { AppModule, ModuleContext } from '../../app-module';
import { type AgreementsService, createAgreementsService } from './agreements.service';
import { createArticlesService } from './articles.service';
import { createHelpRepository } from './help.repository';
import { helpRoutes } from './help.routes';

export interface HelpApi {
  /**
   * Records the user's acceptance of the current version of each kind inside the caller's
   * transaction: identity at sign-up, booking when an order is placed (decision 054).
   */
  acceptCurrentWithin: AgreementsService['acceptCurrentWithin'];
  /** The same as a part of the caller's one statement (booking's create, decision 079). */
  acceptCurrentPart: AgreementsService['acceptCurrentPart'];
}

/**
 * The help centre and the agreements (issue #16 items 4–5 and their staff side, decision 054):
 * articles by category in six languages, versioned agreements and users' acceptances, customer
 * service's audited edits.
 */
export function createHelpModule(context: Pick<ModuleContext, 'db' | 'clock'>): AppModule<HelpApi> {
  const repository = createHelpRepository(context.db);
  const articles = createArticlesService({ repository, clock: context.clock });
  const agreements = createAgreementsService({ repository, clock: context.clock });
  const routes: FastifyPluginAsync = async (api) => {
    await api.register(helpRoutes, { articles, agreements, repository });
  };
  return {
    name: 'help',
    api: {
      acceptCurrentWithin: agreements.acceptCurrentWithin,
      acceptCurrentPart: agreements.acceptCurrentPart,
    },
    routes,
  };
}
