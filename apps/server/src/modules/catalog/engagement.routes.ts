import {
  favouriteListQuerySchema,
  favouriteStateSchema,
  followingPageSchema,
  followStateSchema,
  idParamsSchema,
  pagingQuerySchema,
  personPageSchema,
  savedPageSchema,
  savedTargetParamsSchema,
} from '@sabai/shared/catalog/catalog.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../http/auth';
import { ok, okResponse } from '../../http/envelope';
import type { EngagementService } from './engagement.service';

/** Favourites, follows, fans, visitors and footprints: all need a logged-in user. */
export const engagementRoutes: FastifyPluginAsyncZod<{ service: EngagementService }> = async (
  app,
  { service },
) => {
  const userOnly = { access: 'user' as const };

  app.put(
    '/favourites/:kind/:id',
    {
      config: userOnly,
      schema: {
        tags: ['engagement'],
        summary: 'Save a project, therapist or store to favourites (idempotent)',
        params: savedTargetParamsSchema,
        response: okResponse(favouriteStateSchema),
      },
    },
    async (request) =>
      ok(
        request.lang,
        await service.setFavourite(requireUser(request).id, request.params.kind, request.params.id, true),
      ),
  );

  app.delete(
    '/favourites/:kind/:id',
    {
      config: userOnly,
      schema: {
        tags: ['engagement'],
        summary: 'Remove a favourite (idempotent)',
        params: savedTargetParamsSchema,
        response: okResponse(favouriteStateSchema),
      },
    },
    async (request) =>
      ok(
        request.lang,
        await service.setFavourite(requireUser(request).id, request.params.kind, request.params.id, false),
      ),
  );

  app.get(
    '/favourites',
    {
      config: userOnly,
      schema: {
        tags: ['engagement'],
        summary: 'My favourites, newest first, optionally of one kind',
        querystring: favouriteListQuerySchema,
        response: okResponse(savedPageSchema),
      },
    },
    async (request) =>
      ok(request.lang, await service.listFavourites(requireUser(request).id, request.query, request.lang)),
  );

  app.put(
    '/therapists/:id/follow',
    {
      config: userOnly,
      schema: {
        tags: ['engagement'],
        summary: 'Follow a therapist (idempotent)',
        params: idParamsSchema,
        response: okResponse(followStateSchema),
      },
    },
    async (request) =>
      ok(request.lang, await service.setFollow(requireUser(request).id, request.params.id, true)),
  );

  app.delete(
    '/therapists/:id/follow',
    {
      config: userOnly,
      schema: {
        tags: ['engagement'],
        summary: 'Stop following a therapist (idempotent)',
        params: idParamsSchema,
        response: okResponse(followStateSchema),
      },
    },
    async (request) =>
      ok(request.lang, await service.setFollow(requireUser(request).id, request.params.id, false)),
  );

  app.get(
    '/me/following',
    {
      config: userOnly,
      schema: {
        tags: ['engagement'],
        summary: 'Therapists I follow, newest first',
        querystring: pagingQuerySchema,
        response: okResponse(followingPageSchema),
      },
    },
    async (request) =>
      ok(request.lang, await service.listFollowing(requireUser(request).id, request.query, request.lang)),
  );

  app.get(
    '/me/fans',
    {
      config: userOnly,
      schema: {
        tags: ['engagement'],
        summary: 'Who follows my therapist profile (providers only)',
        querystring: pagingQuerySchema,
        response: okResponse(personPageSchema),
      },
    },
    async (request) => ok(request.lang, await service.listFans(requireUser(request).id, request.query)),
  );

  app.get(
    '/me/visitors',
    {
      config: userOnly,
      schema: {
        tags: ['engagement'],
        summary: 'Who viewed my therapist profile, most recent first (providers only)',
        querystring: pagingQuerySchema,
        response: okResponse(personPageSchema),
      },
    },
    async (request) => ok(request.lang, await service.listVisitors(requireUser(request).id, request.query)),
  );

  app.get(
    '/me/footprints',
    {
      config: userOnly,
      schema: {
        tags: ['engagement'],
        summary: 'Recently viewed projects, therapists and stores (newest first, 100 kept, no repeats)',
        querystring: pagingQuerySchema,
        response: okResponse(savedPageSchema),
      },
    },
    async (request) =>
      ok(request.lang, await service.listFootprints(requireUser(request).id, request.query, request.lang)),
  );

  app.delete(
    '/me/footprints',
    {
      config: userOnly,
      schema: {
        tags: ['engagement'],
        summary: 'Forget everything I viewed',
        response: okResponse(z.null()),
      },
    },
    async (request) => {
      await service.clearFootprints(requireUser(request).id);
      return ok(request.lang, null);
    },
  );
};
