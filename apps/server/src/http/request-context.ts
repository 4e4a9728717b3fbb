import { type Language, languageFromHeader } from '@sabai/shared/i18n';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's language, from the `lang` header (spec section 7), defaulting to English. */
    lang: Language;
  }
}

/** Reads the `lang` header lazily, so routes that never localise pay nothing. */
export function requestLanguage(request: FastifyRequest): Language {
  const header = request.headers.lang;
  return languageFromHeader(Array.isArray(header) ? header[0] : header);
}

export const requestContext = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('lang', {
      getter(this: FastifyRequest) {
        return requestLanguage(this);
      },
    });
  },
  { name: 'request-context' },
);
