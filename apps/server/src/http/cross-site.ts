import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** `https://host:port` → `host:port` (the port only when not the scheme's default), or undefined. */
function originHost(origin: string): string | undefined {
  try {
    return new URL(origin).host || undefined;
  } catch {
    return undefined;
  }
}

/**
 * A page on another site can make a visitor's browser POST a form here without any script or
 * preflight (sending login codes through visitors' browsers, login CSRF). Browsers name the page's
 * origin on such requests, so a state-changing request whose `Origin` is neither this site (the
 * `Host` it was sent to; the scheme is not compared, as a TLS proxy in front speaks http to us) nor a
 * configured CORS origin is refused before its body is read. Requests without `Origin` (native apps,
 * curl, same-origin GETs) are not browsers acting for another site and pass.
 */
export function isCrossSiteRequest(request: FastifyRequest, allowedOrigins: ReadonlySet<string>): boolean {
  if (!STATE_CHANGING.has(request.method)) return false;
  const origin = request.headers.origin;
  if (origin === undefined || allowedOrigins.has(origin)) return false;
  return originHost(origin) !== request.host.toLowerCase();
}

export function registerCrossSiteCheck(app: FastifyInstance, options: { corsOrigins: readonly string[] }) {
  const allowed = new Set(options.corsOrigins);
  // A callback hook, not an async one: it runs on every request and almost always passes.
  app.addHook('onRequest', (request, _reply, done) => {
    done(isCrossSiteRequest(request, allowed) ? new AppError('crossSiteRequestRefused') : undefined);
  });
}
