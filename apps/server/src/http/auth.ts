import type { Role } from '@sabai/shared/identity/identity.schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';

/**
 * Who may call a route, declared on every `/app` route as `config: { access }`:
 * - 'public': anyone; a valid token still identifies the caller, a bad one is ignored;
 * - 'guest': a caller identified at least by the `deviceId` header, or logged in;
 * - 'user': any logged-in user, whatever their roles;
 * - a list of roles: a logged-in user holding at least one of them.
 * A route under /app with no declaration is refused: access is never granted by omission.
 */
export type Access = 'public' | 'guest' | 'user' | readonly Role[];

export interface AuthUser {
  id: number;
  roles: readonly Role[];
  sessionId: number;
}

/** The outcome of looking a token up; banned and cancelled accounts get their own messages. */
export type SessionLookup =
  | { kind: 'valid'; user: AuthUser }
  | { kind: 'invalid' }
  | { kind: 'banned' }
  | { kind: 'cancelled' };

export interface RouteAccess {
  method: string;
  url: string;
  access: Access | undefined;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    /** The logged-in caller, or null for a guest. Set before the handler on every /app route. */
    user: AuthUser | null;
    /** The guest's device id (spec header `deviceId`), when sent. */
    deviceId: string | null;
  }
  interface FastifyInstance {
    /** Every route registered after the auth plugin with its declared access (the access test reads it). */
    routeAccess: RouteAccess[];
  }
}

const API_PREFIX = '/app';
const DEVICE_ID = /^[\w.:-]{6,128}$/;

function headerValue(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  const first = Array.isArray(value) ? value[0] : value;
  return first?.trim() || undefined;
}

export const hasRole = (user: AuthUser | null, roles: readonly Role[]) =>
  !!user && user.roles.some((role) => roles.includes(role));

export const authPlugin = fp<{ lookupSession: (token: string) => Promise<SessionLookup> }>(
  async (app: FastifyInstance, { lookupSession }) => {
    const routes: RouteAccess[] = [];
    app.decorate('routeAccess', routes);
    app.decorateRequest('user', null);
    app.decorateRequest('deviceId', null);

    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const access = (route.config as { access?: Access } | undefined)?.access;
      for (const method of methods) {
        if (method !== 'HEAD') routes.push({ method, url: route.url, access });
      }
    });

    app.addHook('onRequest', async (request) => {
      const url = request.routeOptions.url;
      if (!url || !(url === API_PREFIX || url.startsWith(`${API_PREFIX}/`))) return;
      const access = request.routeOptions.config.access;
      if (!access) {
        request.log.error({ url }, 'route declares no access; refused');
        throw new AppError('forbidden');
      }

      const deviceId = headerValue(request, 'deviceid');
      if (deviceId && DEVICE_ID.test(deviceId)) request.deviceId = deviceId;

      const token = headerValue(request, 'token');
      if (access === 'public') {
        if (token) {
          const found = await lookupSession(token);
          if (found.kind === 'valid') request.user = found.user;
        }
        return;
      }
      if (!token) {
        if (access === 'guest' && request.deviceId) return;
        throw new AppError('unauthenticated');
      }
      const found = await lookupSession(token);
      if (found.kind === 'banned') throw new AppError('accountBanned');
      if (found.kind === 'cancelled') throw new AppError('accountCancelled');
      if (found.kind === 'invalid') throw new AppError('unauthenticated');
      request.user = found.user;
      if (access === 'guest' || access === 'user') return;
      if (!hasRole(found.user, access)) throw new AppError('forbidden');
    });
  },
  { name: 'auth' },
);

/** The logged-in caller of a route that is not public (the hook has already refused guests). */
export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new AppError('unauthenticated');
  return request.user;
}
