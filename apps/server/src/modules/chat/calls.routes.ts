import {
  acceptCallSchema,
  callSchema,
  callSignalSchema,
  iceServersSchema,
  startCallSchema,
} from '@sabai/shared/chat/call.schemas';
import { idSchema } from '@sabai/shared/input';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../http/auth';
import { ok, okResponse } from '../../http/envelope';
import type { CallsService } from './calls.service';

const idParams = z.object({ id: idSchema });

/**
 * Voice calls (chat/voiceCall, decision 057): each step of a call is a request here, checked
 * against the call's row; the other side hears it on its `user:` topic over the socket.
 */
export const callsRoutes: FastifyPluginAsyncZod<{ calls: CallsService }> = async (app, { calls }) => {
  const tags = ['chat'];
  const security = [{ token: [] }];
  const access = 'user' as const;
  const schemaOf = (summary: string) => ({ tags, security, summary });

  app.get(
    '/chat/calls/ice-servers',
    {
      config: { access },
      schema: {
        ...schemaOf('STUN/TURN servers for my calls, TURN with short-lived credentials (coturn REST scheme)'),
        response: okResponse(iceServersSchema),
      },
    },
    async (request) => ok(request.lang, calls.iceServers(requireUser(request))),
  );
  app.post(
    '/chat/calls',
    {
      config: { access },
      schema: {
        ...schemaOf('Ring the other member of my conversation (only while the chat is open)'),
        body: startCallSchema,
        response: okResponse(callSchema),
      },
    },
    async (request) => ok(request.lang, await calls.start(requireUser(request), request.body)),
  );
  app.get(
    '/chat/calls/current',
    {
      config: { access },
      schema: { ...schemaOf('My live call, if any'), response: okResponse(callSchema.nullable()) },
    },
    async (request) => ok(request.lang, await calls.current(requireUser(request))),
  );
  app.get(
    '/chat/calls/:id',
    {
      config: { access },
      schema: { ...schemaOf('One of my calls'), params: idParams, response: okResponse(callSchema) },
    },
    async (request) => ok(request.lang, await calls.get(requireUser(request), request.params.id)),
  );
  app.post(
    '/chat/calls/:id/accept',
    {
      config: { access },
      schema: {
        ...schemaOf('Answer a call ringing for me, on this device'),
        params: idParams,
        body: acceptCallSchema,
        response: okResponse(callSchema),
      },
    },
    async (request) =>
      ok(request.lang, await calls.accept(requireUser(request), request.params.id, request.body.deviceId)),
  );
  app.post(
    '/chat/calls/:id/connected',
    {
      config: { access },
      schema: {
        ...schemaOf('My side connected (first time) or is still connected (every 10 s)'),
        params: idParams,
        response: okResponse(callSchema),
      },
    },
    async (request) => ok(request.lang, await calls.connected(requireUser(request), request.params.id)),
  );
  app.post(
    '/chat/calls/:id/end',
    {
      config: { access },
      schema: {
        ...schemaOf('Cancel, reject, give up connecting or hang up; the outcome follows from the state'),
        params: idParams,
        response: okResponse(callSchema),
      },
    },
    async (request) => ok(request.lang, await calls.end(requireUser(request), request.params.id)),
  );
  app.post(
    '/chat/calls/:id/signal',
    {
      config: { access },
      schema: {
        ...schemaOf('Relay an SDP offer/answer or an ICE candidate to the other side'),
        params: idParams,
        body: callSignalSchema,
        response: okResponse(z.null()),
      },
    },
    async (request) => {
      await calls.signal(requireUser(request), request.params.id, request.body);
      return ok(request.lang, null);
    },
  );
};
