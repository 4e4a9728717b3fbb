import {
  changePasswordBodySchema,
  changePhoneBodySchema,
  loginPasswordBodySchema,
  loginSmsBodySchema,
  phoneWithCodeBodySchema,
  registerBodySchema,
  renewTokenResultSchema,
  resetPasswordBodySchema,
  SMS_RESEND_SECONDS,
  sendSmsCodeBodySchema,
  sendSmsCodeResultSchema,
  sessionSchema,
  userRecordSchema,
} from '@sabai/shared/identity/identity.schemas';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../http/auth';
import { ok, okResponse } from '../../http/envelope';
import type { CallerContext, IdentityService } from './identity.service';
import { SMS_CODE_TTL_MS } from './sms-codes';

/** Per client IP, per process: a first line against floods; the database limits hold across processes. */
const SEND_LIMIT = { max: 10, timeWindow: '10 minutes' };
const LOGIN_LIMIT = { max: 30, timeWindow: '10 minutes' };

const caller = (request: FastifyRequest): CallerContext => ({
  user: request.user,
  deviceId: request.deviceId,
  ip: request.ip,
  lang: request.lang,
});

export const identityRoutes: FastifyPluginAsyncZod<{ service: IdentityService }> = async (
  app,
  { service },
) => {
  const tags = ['identity'];

  app.post(
    '/auth/sms-codes',
    {
      config: { access: 'public', rateLimit: SEND_LIMIT },
      schema: {
        tags,
        summary:
          'Send a 6-digit code (valid 5 minutes, resend after 60 s) for sign-up, login, reset or phone change',
        body: sendSmsCodeBodySchema,
        response: okResponse(sendSmsCodeResultSchema),
      },
    },
    async (request) => {
      await service.sendCode(request.body, caller(request));
      return ok(request.lang, {
        resendAfterSeconds: SMS_RESEND_SECONDS,
        expiresInSeconds: SMS_CODE_TTL_MS / 1000,
      });
    },
  );

  app.post(
    '/auth/register',
    {
      config: { access: 'public', rateLimit: LOGIN_LIMIT },
      schema: {
        tags,
        summary: 'Register with phone, SMS code and password; answers the first session',
        body: registerBodySchema,
        response: okResponse(sessionSchema),
      },
    },
    async (request) => ok(request.lang, await service.register(request.body, caller(request))),
  );

  app.post(
    '/auth/login/sms',
    {
      config: { access: 'public', rateLimit: LOGIN_LIMIT },
      schema: {
        tags,
        summary: 'Log in with an SMS code',
        body: loginSmsBodySchema,
        response: okResponse(sessionSchema),
      },
    },
    async (request) => ok(request.lang, await service.loginBySms(request.body, caller(request))),
  );

  app.post(
    '/auth/login/password',
    {
      config: { access: 'public', rateLimit: LOGIN_LIMIT },
      schema: {
        tags,
        summary: 'Log in with phone and password',
        body: loginPasswordBodySchema,
        response: okResponse(sessionSchema),
      },
    },
    async (request) => ok(request.lang, await service.loginByPassword(request.body, caller(request))),
  );

  app.post(
    '/auth/password/reset',
    {
      config: { access: 'public', rateLimit: LOGIN_LIMIT },
      schema: {
        tags,
        summary: 'Forgot password: set a new one with an SMS code (ends every session)',
        body: resetPasswordBodySchema,
        response: okResponse(z.null()),
      },
    },
    async (request) => {
      await service.resetPassword(request.body);
      return ok(request.lang, null);
    },
  );

  app.post(
    '/auth/password/change',
    {
      config: { access: 'user', rateLimit: LOGIN_LIMIT },
      schema: {
        tags,
        summary: 'Change the password (other sessions end)',
        body: changePasswordBodySchema,
        response: okResponse(z.null()),
      },
    },
    async (request) => {
      await service.changePassword(requireUser(request), request.body);
      return ok(request.lang, null);
    },
  );

  app.post(
    '/auth/phone/bind',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Bind a phone to an account without one',
        body: phoneWithCodeBodySchema,
        response: okResponse(userRecordSchema),
      },
    },
    async (request) =>
      ok(request.lang, await service.setPhone(requireUser(request), request.body, 'bindPhone')),
  );

  app.post(
    '/auth/phone/change',
    {
      config: { access: 'user', rateLimit: LOGIN_LIMIT },
      schema: {
        tags,
        summary:
          'Move the account to a new phone: the code sent to it, and currentPassword or currentCode (a login code sent to the current phone)',
        body: changePhoneBodySchema,
        response: okResponse(userRecordSchema),
      },
    },
    async (request) => {
      const { currentPassword, currentCode, ...phone } = request.body;
      const proof = { currentPassword, currentCode };
      return ok(request.lang, await service.setPhone(requireUser(request), phone, 'changePhone', proof));
    },
  );

  app.post(
    '/auth/logout',
    {
      config: { access: 'user' },
      schema: { tags, summary: 'End this session on the server', response: okResponse(z.null()) },
    },
    async (request) => {
      await service.logout(requireUser(request));
      return ok(request.lang, null);
    },
  );

  app.post(
    '/Login/reNewToken',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Rotate the session token (the old one stops working)',
        response: okResponse(renewTokenResultSchema),
      },
    },
    async (request) => ok(request.lang, await service.renew(requireUser(request), request.deviceId)),
  );
};
