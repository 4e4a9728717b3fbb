import type { FastifyPluginAsync } from 'fastify';
import type { AppModule, ModuleContext } from '../../app-module';
import type { GeoApi } from '../geo';
import { createCatalogRepository } from './catalog.repository';
import { catalogRoutes } from './catalog.routes';
import { createCatalogService } from './catalog.service';
import { createEngagementRepository } from './engagement.repository';
import { engagementRoutes } from './engagement.routes';
import { createEngagementService } from './engagement.service';
import { createNearbyIndex } from './nearby-index';
import type { AvailabilityOf } from './therapist-cards';

/** How far the in-memory nearby index may trail the database before a list re-reads changes. */
const NEARBY_MAX_STALENESS_MS = 1_000;

export { createCatalogRepository } from './catalog.repository';
export { catalogRoutes } from './catalog.routes';
export { type CatalogService, createCatalogService } from './catalog.service';

import type { CatalogService } from './catalog.service';
import type { EngagementService } from './engagement.service';

export { DEMO_IMAGE_PATH, demoImageUrl, isDemoImageName } from './demo-images';
export type { EngagementService } from './engagement.service';

/** Discovery (projects, therapists, stores, home, search) and what users save and view. */
export function createCatalogModule(
  context: Pick<ModuleContext, 'db' | 'clock'>,
  needs: {
    cities: GeoApi;
    /** Booking's `earliestStarts`: "available now" and the earliest start of cards (decision 036). */
    availability: AvailabilityOf;
  },
): AppModule<{ catalog: CatalogService; engagement: EngagementService }> {
  const deps = { db: context.db, clock: context.clock, ...needs.cities, availabilityOf: needs.availability };
  const repository = createCatalogRepository(deps.db);
  const engagementRepository = createEngagementRepository(deps.db);
  const nearby = createNearbyIndex({
    loadChangedSince: repository.loadNearbyRows,
    maxStalenessMs: NEARBY_MAX_STALENESS_MS,
    // Freshness is infrastructure timing, not a business rule: real time even under a test clock.
    now: () => performance.now(),
  });
  const catalog = createCatalogService({
    repository,
    clock: deps.clock,
    getOpenCity: deps.getOpenCity,
    timeZoneOf: deps.timeZoneOf,
    availabilityOf: deps.availabilityOf,
    followerCount: engagementRepository.followerCount,
    nearby,
  });
  const engagement = createEngagementService({
    repository: engagementRepository,
    catalog,
    clock: deps.clock,
  });
  const routes: FastifyPluginAsync = async (api) => {
    // Load the nearby index before the first caller needs it (seconds for 100k rows on PGlite);
    // if the database is not ready yet, the first list loads it instead.
    api.addHook('onReady', async () => {
      await nearby
        .warm()
        .catch((error: unknown) => api.log.warn({ err: error }, 'nearby index not loaded yet'));
    });
    await api.register(catalogRoutes, { service: catalog, engagement });
    await api.register(engagementRoutes, { service: engagement });
  };
  return { name: 'catalog', api: { catalog, engagement }, routes };
}
