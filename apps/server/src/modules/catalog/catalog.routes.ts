import {
  currencyRatesSchema,
  homeQuerySchema,
  homeSchema,
  idParamsSchema,
  locationQuerySchema,
  projectCardSchema,
  projectDetailSchema,
  projectListQuerySchema,
  searchQuerySchema,
  searchResultSchema,
  storeDetailSchema,
  storeListQuerySchema,
  storePageSchema,
  therapistDetailSchema,
  therapistListQuerySchema,
  therapistPageSchema,
} from '@sabai/shared/catalog/catalog.schemas';
import type { Language } from '@sabai/shared/i18n';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, okResponse } from '../../http/envelope';
import { systemClock } from '../../lib/clock';
import { createTtlCache, type TtlCache } from '../../lib/ttl-cache';
import type { CatalogService } from './catalog.service';
import { demoImageSvg, isDemoImageName } from './demo-images';
import type { EngagementService } from './engagement.service';

/** The city a request is about: `cityId` in the query, else the spec's `cityId` header. */
function cityOf(request: FastifyRequest, fromQuery: number | undefined): number | undefined {
  if (fromQuery !== undefined) return fromQuery;
  const header = request.headers.cityid;
  const value = Number(Array.isArray(header) ? header[0] : header);
  return Number.isInteger(value) && value > 0 && value < 2_147_483_647 ? value : undefined;
}

const roundCoordinate = (value: number | undefined) =>
  value === undefined ? undefined : Math.round(value * 1000) / 1000;

const locationOf = (query: { lat?: number | undefined; lng?: number | undefined }) =>
  query.lat !== undefined && query.lng !== undefined ? { lat: query.lat, lng: query.lng } : undefined;

/** Pull-to-refresh asks for fresh data with `cache-control: no-cache`. */
const wantsFresh = (request: FastifyRequest) =>
  /no-cache|no-store|max-age=0/.test(request.headers['cache-control'] ?? '');

/** The success envelope around data that is already JSON (the list's cards are serialised ahead). */
function okJson(language: Language, dataJson: string): string {
  const { code, msg } = ok(language, null);
  return `{"code":${code},"msg":${JSON.stringify(msg)},"data":${dataJson}}`;
}

/** How long an identical therapist list is shared: short enough that states feel live. */
export const LIST_CACHE_TTL_MS = 3_000;

export const catalogRoutes: FastifyPluginAsyncZod<{
  service: CatalogService;
  /** Records footprints and visits and answers the viewer's favourite/follow state on detail pages. */
  engagement?: EngagementService;
  listCache?: TtlCache<string, string>;
}> = async (app, options) => {
  const { service, engagement } = options;

  /** A logged-in caller's view of a detail page: remembered, and their saved state attached. */
  async function viewed<T extends { viewer: unknown }>(
    request: FastifyRequest,
    kind: 'project' | 'therapist' | 'store',
    id: number,
    detail: T,
  ): Promise<T> {
    const userId = request.user?.id;
    if (!engagement || userId === undefined) return detail;
    await engagement.recordView(userId, kind, id);
    return { ...detail, viewer: await engagement.viewerState(userId, kind, id) };
  }
  const listCache =
    options.listCache ??
    createTtlCache<string, string>({ ttlMs: LIST_CACHE_TTL_MS, maxEntries: 2_000, clock: systemClock });
  const publicAccess = { access: 'public' as const };

  app.get(
    '/home',
    {
      config: publicAccess,
      schema: {
        tags: ['catalog'],
        summary: 'Home page: banners, categories, projects, recommended therapists and stores near the user',
        querystring: homeQuerySchema,
        response: okResponse(homeSchema),
      },
    },
    async (request, reply) => {
      // Every app start opens the home page: the same city and neighbourhood share one answer.
      const query = {
        ...request.query,
        lat: roundCoordinate(request.query.lat),
        lng: roundCoordinate(request.query.lng),
        cityId: cityOf(request, request.query.cityId),
      };
      const fresh = wantsFresh(request);
      const body = await listCache.get(
        `home|${request.lang}|${JSON.stringify(query)}`,
        async () => JSON.stringify(ok(request.lang, await service.home(query, request.lang, fresh))),
        fresh,
      );
      return reply.type('application/json; charset=utf-8').send(body as never);
    },
  );

  app.get(
    '/projects',
    {
      config: publicAccess,
      schema: {
        tags: ['catalog'],
        summary: "The service projects of a city, in the city's currency (minor units)",
        querystring: projectListQuerySchema,
        response: okResponse(z.array(projectCardSchema)),
      },
    },
    async (request) =>
      ok(
        request.lang,
        await service.listProjects(
          { ...request.query, cityId: cityOf(request, request.query.cityId) },
          request.lang,
        ),
      ),
  );

  app.get(
    '/projects/:id',
    {
      config: publicAccess,
      schema: {
        tags: ['catalog'],
        summary: 'A service project: description, photos, duration, price, member price, extra clock',
        params: idParamsSchema,
        response: okResponse(projectDetailSchema),
      },
    },
    async (request) => {
      const detail = await service.getProject(request.params.id, request.lang);
      return ok(request.lang, await viewed(request, 'project', request.params.id, detail));
    },
  );

  app.get(
    '/therapists',
    {
      config: publicAccess,
      schema: {
        tags: ['catalog'],
        summary: 'Therapists (never banned or resting), filtered, sorted (nearest first by default), paged',
        querystring: therapistListQuerySchema,
        response: okResponse(therapistPageSchema),
      },
    },
    async (request, reply) => {
      // Lists measure from the caller's location rounded to 0.001° (~110 m): people standing close
      // together share one cached answer, and a list never needs a more precise position.
      const query = {
        ...request.query,
        lat: roundCoordinate(request.query.lat),
        lng: roundCoordinate(request.query.lng),
        cityId: cityOf(request, request.query.cityId),
      };
      // The busiest read of the app: identical lists within a few seconds share one query.
      const fresh = wantsFresh(request);
      const body = await listCache.get(
        `therapists|${request.lang}|${JSON.stringify(query)}`,
        async () => okJson(request.lang, await service.listTherapistsJson(query, request.lang, fresh)),
        fresh,
      );
      // A string body is sent as is; the response schema still documents the shape in /docs.
      return reply.type('application/json; charset=utf-8').send(body as never);
    },
  );

  app.get(
    '/therapists/:id',
    {
      config: publicAccess,
      schema: {
        tags: ['catalog'],
        summary: 'A therapist: profile, badges, the projects they offer and their latest reviews',
        params: idParamsSchema,
        querystring: locationQuerySchema,
        response: okResponse(therapistDetailSchema),
      },
    },
    async (request) => {
      const detail = await service.getTherapist(request.params.id, locationOf(request.query), request.lang);
      return ok(request.lang, await viewed(request, 'therapist', request.params.id, detail));
    },
  );

  app.get(
    '/stores',
    {
      config: publicAccess,
      schema: {
        tags: ['catalog'],
        summary: 'Stores of a city, nearest first',
        querystring: storeListQuerySchema,
        response: okResponse(storePageSchema),
      },
    },
    async (request) =>
      ok(
        request.lang,
        await service.listStores(
          { ...request.query, cityId: cityOf(request, request.query.cityId) },
          request.lang,
        ),
      ),
  );

  app.get(
    '/stores/:id',
    {
      config: publicAccess,
      schema: {
        tags: ['catalog'],
        summary: 'A store: opening hours, address, location, licence, projects, therapists, reviews',
        params: idParamsSchema,
        querystring: locationQuerySchema,
        response: okResponse(storeDetailSchema),
      },
    },
    async (request) => {
      const detail = await service.getStore(request.params.id, locationOf(request.query), request.lang);
      return ok(request.lang, await viewed(request, 'store', request.params.id, detail));
    },
  );

  app.get(
    '/search',
    {
      config: publicAccess,
      schema: {
        tags: ['catalog'],
        summary:
          'Projects, therapists and stores matching text in any language, named in the caller language',
        querystring: searchQuerySchema,
        response: okResponse(searchResultSchema),
      },
    },
    async (request) =>
      ok(
        request.lang,
        await service.search(
          { ...request.query, cityId: cityOf(request, request.query.cityId) },
          request.lang,
        ),
      ),
  );

  app.get(
    '/currency/rates',
    {
      config: publicAccess,
      schema: {
        tags: ['catalog'],
        summary: 'Display exchange rates (units per US dollar); amounts stay in the city currency',
        response: okResponse(currencyRatesSchema),
      },
    },
    async (request) => ok(request.lang, await service.currencyRates()),
  );

  // Generated demo pictures (avatars, project and store photos): deterministic SVG — a name always
  // draws the same picture —, so browsers keep them for a year (a day made every repeat visit fetch
  // the lists' pictures again, issue #17). A drawing that changes takes a new name.
  app.get(
    '/media/demo/:name',
    {
      config: publicAccess,
      schema: { hide: true, params: z.object({ name: z.string().max(64) }) },
    },
    async (request, reply) => {
      const { name } = request.params;
      if (!isDemoImageName(name)) return reply.callNotFound();
      return reply
        .type('image/svg+xml')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(demoImageSvg(name));
    },
  );
};
