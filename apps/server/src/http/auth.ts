import type { Role } from '@sabai/shared/identity/identity.schemas';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
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

/** The caller of a request, as the session behind its token names them. */
export interface AuthUser {
  id: number;
  roles: readonly Role[];
  sessionId: number;
}

/**
 * What a token says about its caller: who they are, or why the request may not go on. The identity
 * module decides (an unknown or ended session, a banned or cancelled account) and names the refusal
 * with its catalogue key; this layer only applies it.
 */
export type CallerLookup =
  | { kind: 'valid'; user: AuthUser }
  | { kind: 'refused'; reason: 'unauthenticated' | 'accountBanned' | 'accountCancelled' };

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

type Lookup = (token: string) => Promise<CallerLookup>;

/** Why a caller holding a token may not call a route of this access, if they may not. */
function refusalFor(found: CallerLookup, access: Access): AppError | undefined {
  if (found.kind === 'refused') return new AppError(found.reason);
  if (access === 'guest' || access === 'user' || access === 'public') return undefined;
  return hasRole(found.user, access) ? undefined : new AppError('forbidden');
}

/** The onRequest hook of one /app route; callers without a token never wait for a promise. */
function accessHook(url: string, access: Access | undefined, lookupSession: Lookup): onRequestHookHandler {
  if (!access) {
    return (request, _reply, done) => {
      request.log.error({ url }, 'route declares no access; refused');
      done(new AppError('forbidden'));
    };
  }
  return (request, _reply, done) => {
    const deviceId = headerValue(request, 'deviceid');
    if (deviceId && DEVICE_ID.test(deviceId)) request.deviceId = deviceId;

    const token = headerValue(request, 'token');
    if (!token) {
      if (access === 'public' || (access === 'guest' && request.deviceId)) return done();
      return done(new AppError('unauthenticated'));
    }
    lookupSession(token).then((found) => {
      // A public route ignores a bad token: the caller is simply a guest.
      if (access === 'public') {
        if (found.kind === 'valid') request.user = found.user;
        return done();
      }
      const refusal = refusalFor(found, access);
      if (refusal) return done(refusal);
      if (found.kind === 'valid') request.user = found.user;
      done();
    }, done);
  };
}

export const authPlugin = fp<{ lookupSession: Lookup }>(
  async (app: FastifyInstance, { lookupSession }) => {
    const routes: RouteAccess[] = [];
    app.decorate('routeAccess', routes);
    app.decorateRequest('user', null);
    app.decorateRequest('deviceId', null);

    // Each /app route gets its own hook, built once for its declared access: routes outside /app pay
    // nothing, and no request rebuilds `request.routeOptions` (a fresh object on every read) to find out.
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const access = (route.config as { access?: Access } | undefined)?.access;
      for (const method of methods) {
        if (method !== 'HEAD') routes.push({ method, url: route.url, access });
      }
      if (!(route.url === API_PREFIX || route.url.startsWith(`${API_PREFIX}/`))) return;
      const own = route.onRequest ? [route.onRequest].flat() : [];
      // First, as when this was an app-wide hook: nothing else (rate limits) runs for a refused caller.
      route.onRequest = [accessHook(route.url, access, lookupSession), ...own];
    });
  },
  { name: 'auth' },
);

/** The logged-in caller of a route that is not public (the hook has already refused guests). */
export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new AppError('unauthenticated');
  return request.user;
}
