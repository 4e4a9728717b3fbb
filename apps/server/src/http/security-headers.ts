import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { isApiPath } from './paths';

/**
 * Helmet's headers never vary per request, yet @fastify/helmet recomputes them on every one (it
 * cost 2/3 of hello-route throughput here). Run helmet once against a recording response and set
 * the recorded headers on every reply. See docs/decisions/002-static-security-headers.md.
 */
export function computeSecurityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

export interface SecurityHeaderSets {
  /** The web app's pages, their assets and /docs: helmet's full set with the app's own CSP. */
  document: Record<string, string>;
  /** JSON answers and uploaded files (/app, /health): never rendered as a page, so nothing may load or frame them. */
  api: Record<string, string>;
}

/**
 * The document set is everything a browser page needs; an API answer only needs what the OWASP REST
 * cheat sheet lists (no content, no framing, no sniffing, no referrer, same-origin, HSTS). Half the
 * headers on the answers the app sends most (decision 007).
 */
export function computeSecurityHeaderSets(options: {
  documentPolicy: NonNullable<Exclude<HelmetOptions['contentSecurityPolicy'], boolean>>;
  hsts: boolean;
}): SecurityHeaderSets {
  return {
    document: computeSecurityHeaders({ contentSecurityPolicy: options.documentPolicy, hsts: options.hsts }),
    api: {
      // API answers carry tokens and personal data: no browser or proxy may keep them. The few
      // answers meant to be cached (uploaded files) set their own Cache-Control.
      'cache-control': 'no-store',
      ...computeSecurityHeaders({
        contentSecurityPolicy: {
          useDefaults: false,
          directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
        },
        xFrameOptions: { action: 'deny' },
        referrerPolicy: { policy: 'no-referrer' },
        crossOriginResourcePolicy: { policy: 'same-origin' },
        xContentTypeOptions: true,
        strictTransportSecurity: options.hsts,
        crossOriginOpenerPolicy: false,
        originAgentCluster: false,
        xDnsPrefetchControl: false,
        xDownloadOptions: false,
        xPermittedCrossDomainPolicies: false,
        xXssProtection: false,
      }),
    },
  };
}

/** Sets the precomputed security headers for the kind of answer and the request id on every answer. */
export function registerSecurityHeaders(app: FastifyInstance, sets: SecurityHeaderSets): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApiPath(request.url) ? sets.api : sets.document);
    reply.header('x-request-id', request.id);
    done();
  });
}
