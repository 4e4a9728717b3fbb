import multipart from '@fastify/multipart';
import {
  addressBodySchema,
  addressSchema,
  bookingIdParamsSchema,
} from '@sabai/shared/booking/booking.schemas';
import { textSchema } from '@sabai/shared/input';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../http/auth';
import { ok, okResponse } from '../../http/envelope';
import { readSingleUpload } from '../../http/uploads';
import { ADDRESS_PHOTO_MAX_BYTES, type AddressesService } from './addresses.service';

/** The customer's service addresses (my/address/*): only ever the caller's own. */
export const addressesRoutes: FastifyPluginAsyncZod<{ service: AddressesService }> = async (
  app,
  { service },
) => {
  const tags = ['addresses'];
  const access = 'user' as const;
  await app.register(multipart, {
    limits: { fileSize: ADDRESS_PHOTO_MAX_BYTES, files: 1, fields: 2, parts: 3 },
  });

  app.get(
    '/addresses',
    {
      config: { access },
      schema: {
        tags,
        summary: 'My addresses, default first',
        response: okResponse(z.array(addressSchema)),
      },
    },
    async (request) => ok(request.lang, await service.list(requireUser(request))),
  );

  app.post(
    '/addresses',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Add an address',
        body: addressBodySchema,
        response: okResponse(addressSchema),
      },
    },
    async (request) => ok(request.lang, await service.create(requireUser(request), request.body)),
  );

  app.put(
    '/addresses/:id',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Edit an address',
        params: bookingIdParamsSchema,
        body: addressBodySchema,
        response: okResponse(addressSchema),
      },
    },
    async (request) =>
      ok(request.lang, await service.update(requireUser(request), request.params.id, request.body)),
  );

  app.delete(
    '/addresses/:id',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Delete an address',
        params: bookingIdParamsSchema,
        response: okResponse(z.null()),
      },
    },
    async (request) => {
      await service.remove(requireUser(request), request.params.id);
      return ok(request.lang, null);
    },
  );

  app.post(
    '/addresses/:id/default',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Make an address the default',
        params: bookingIdParamsSchema,
        response: okResponse(addressSchema),
      },
    },
    async (request) => ok(request.lang, await service.setDefault(requireUser(request), request.params.id)),
  );

  app.delete(
    '/addresses/:id/photos',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Remove a photo (by the key the address lists it under)',
        params: bookingIdParamsSchema,
        querystring: z.object({ key: textSchema().trim().min(1).max(200) }),
        response: okResponse(addressSchema),
      },
    },
    async (request) =>
      ok(request.lang, await service.removePhoto(requireUser(request), request.params.id, request.query.key)),
  );

  app.post(
    '/addresses/:id/photos',
    {
      config: { access, rateLimit: { max: 30, timeWindow: '10 minutes' } },
      schema: {
        tags,
        summary: 'Add a photo (multipart field "file"; at most 5 per address)',
        consumes: ['multipart/form-data'],
        params: bookingIdParamsSchema,
        response: okResponse(addressSchema),
      },
    },
    async (request) => {
      const me = requireUser(request);
      const buffer = await readSingleUpload(request, ADDRESS_PHOTO_MAX_BYTES);
      return ok(request.lang, await service.addPhoto(me, request.params.id, buffer));
    },
  );
};
