import multipart from '@fastify/multipart';
import {
  banBodySchema,
  cancellationBodySchema,
  cancellationStatusSchema,
  grantRoleBodySchema,
  selectUserByIdQuerySchema,
  updateClientIdBodySchema,
  updateClientIdQuerySchema,
  updateProfileBodySchema,
  userIdParamsSchema,
  userRecordSchema,
} from '@sabai/shared/identity/identity.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../http/auth';
import { ok, okResponse } from '../../http/envelope';
import { readSingleUpload } from '../../http/uploads';
import { AppError } from '../../lib/app-error';
import type { FileStorage } from '../../lib/storage';
import { type AccountService, AVATAR_MAX_BYTES } from './account.service';
import type { IdentityService } from './identity.service';

const isTruthy = (value: unknown) => value === true || value === 1 || value === '1' || value === 'true';

/** What a stored file's extension is served as (pictures re-encoded to WebP, chat voice by its container). */
const UPLOAD_CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  webm: 'audio/webm',
  ogg: 'audio/ogg',
  m4a: 'audio/mp4',
};

export const accountRoutes: FastifyPluginAsyncZod<{
  service: AccountService;
  storage: FileStorage;
  /** The identity service's re-authentication (decision 013). */
  reauthenticate: IdentityService['reauthenticate'];
}> = async (app, { service, storage, reauthenticate }) => {
  const tags = ['account'];
  await app.register(multipart, { limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 4, parts: 6 } });

  app.get(
    '/user/selectUserById',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'A user record (your own; any user for customer service and admins)',
        querystring: selectUserByIdQuerySchema,
        response: okResponse(userRecordSchema),
      },
    },
    async (request, reply) => {
      const { userId, id } = request.query;
      const record = await service.selectUserById(requireUser(request), userId ?? id);
      // The app polls this on every page show: the record is built by typed code from the schema's
      // type, so the hot path skips re-validating it on the way out (the schema still documents it).
      // A custom serializer leaves the content type unset: the answer is JSON like every other.
      return reply
        .header('content-type', 'application/json; charset=utf-8')
        .serializer(JSON.stringify)
        .send(ok(request.lang, record));
    },
  );

  app.post(
    '/user/updateClientId',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          'Store the push client id: JSON {userId, sysPhone, ocid, logout} or query {clientId, userId, sysPhone}',
        body: updateClientIdBodySchema,
        querystring: updateClientIdQuerySchema,
        response: okResponse(z.null()),
      },
    },
    async (request) => {
      const body = request.body ?? {};
      const query = request.query;
      await service.updateClientId(requireUser(request), {
        userId: body.userId ?? query.userId,
        sysPhone: body.sysPhone ?? query.sysPhone,
        clientId: body.ocid ?? body.clientId ?? query.clientId,
        logout: isTruthy(body.logout),
      });
      return ok(request.lang, null);
    },
  );

  app.post(
    '/users/me',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Update the nickname',
        body: updateProfileBodySchema,
        response: okResponse(userRecordSchema),
      },
    },
    async (request) =>
      ok(request.lang, await service.updateNickname(requireUser(request), request.body.nickname)),
  );

  app.post(
    '/users/me/avatar',
    {
      config: { access: 'user', rateLimit: { max: 20, timeWindow: '10 minutes' } },
      schema: {
        tags,
        summary: 'Upload an avatar (multipart field "file": JPEG, PNG, WebP, GIF, HEIF or AVIF up to 5 MB)',
        consumes: ['multipart/form-data'],
        response: okResponse(userRecordSchema),
      },
    },
    async (request) => {
      const me = requireUser(request);
      const buffer = await readSingleUpload(request, AVATAR_MAX_BYTES);
      return ok(request.lang, await service.setAvatar(me, buffer));
    },
  );

  app.get('/uploads/*', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const data = await storage.get(key);
    if (!data) throw new AppError('notFound');
    // Names carry a content hash, so a stored file never changes.
    return reply
      .header(
        'content-type',
        UPLOAD_CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream',
      )
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(data);
  });

  const cancellation = {
    tags,
    response: okResponse(cancellationStatusSchema),
  };
  app.get(
    '/users/me/cancellation',
    { config: { access: 'user' }, schema: { ...cancellation, summary: 'Account cancellation status' } },
    async (request) => ok(request.lang, await service.cancellationStatus(requireUser(request))),
  );
  app.post(
    '/users/me/cancellation',
    {
      config: { access: 'user', rateLimit: { max: 30, timeWindow: '10 minutes' } },
      schema: {
        ...cancellation,
        summary:
          'Request account cancellation ({confirm: true, currentPassword or currentCode (a login code sent to your phone)}); it completes after 3 days',
        body: cancellationBodySchema,
      },
    },
    async (request) => {
      const me = requireUser(request);
      const { confirm, currentPassword, currentCode } = request.body;
      if (confirm !== true) throw new AppError('confirmationRequired');
      await reauthenticate(me, { currentPassword, currentCode });
      return ok(request.lang, await service.requestCancellation(me, confirm));
    },
  );
  app.post(
    '/users/me/cancellation/revoke',
    { config: { access: 'user' }, schema: { ...cancellation, summary: 'Withdraw a pending cancellation' } },
    async (request) => ok(request.lang, await service.revokeCancellation(requireUser(request))),
  );

  app.post(
    '/admin/users/:userId/ban',
    {
      config: { access: ['customer_service', 'admin'] },
      schema: {
        tags: ['admin'],
        summary: 'Ban an account (ends its sessions) or lift the ban',
        params: userIdParamsSchema,
        body: banBodySchema,
        response: okResponse(userRecordSchema),
      },
    },
    async (request) =>
      ok(
        request.lang,
        await service.setBanned(requireUser(request), request.params.userId, request.body.banned),
      ),
  );

  app.post(
    '/admin/users/:userId/roles',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['admin'],
        summary: 'Grant or withdraw a role',
        params: userIdParamsSchema,
        body: grantRoleBodySchema,
        response: okResponse(userRecordSchema),
      },
    },
    async (request) =>
      ok(request.lang, await service.setRole(request.params.userId, request.body.role, request.body.granted)),
  );
};
