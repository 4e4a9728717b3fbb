import type { Language } from '@sabai/shared/i18n';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { AppError, isAppError } from '../lib/app-error';
import { translate } from '../lib/i18n';
import { zodErrorMap } from '../lib/zod-locale';
import { requestLanguage } from './request-context';

interface FieldError {
  field: string;
  message: string;
}

type RequestPart = 'body' | 'querystring' | 'params' | 'headers';

/** Localised field errors: the request part is parsed again with the caller's language. */
function localisedFieldErrors(request: FastifyRequest, part: RequestPart, lang: Language): FieldError[] {
  const schema = request.routeOptions.schema?.[part] as ZodType | undefined;
  const input = part === 'querystring' ? request.query : request[part];
  if (!schema) return [];
  const result = schema.safeParse(input, { error: zodErrorMap(lang) });
  if (result.success) return [];
  return result.error.issues.map((issue) => ({
    field: issue.path.length ? issue.path.join('.') : part,
    message: issue.message,
  }));
}

function send(reply: FastifyReply, error: AppError, lang: Language) {
  // The route's response schema describes its success data; an error envelope bypasses it.
  return reply
    .status(error.httpStatus)
    .header('content-type', 'application/json; charset=utf-8')
    .serializer(JSON.stringify)
    .send({
      code: error.code,
      msg: translate(lang, `errors:${error.key}`, error.params),
      data: error.data,
    });
}

/** Maps framework errors with an HTTP status to the catalogue; anything else is a crash. */
function catalogueErrorFor(error: FastifyError): AppError | undefined {
  switch (error.statusCode) {
    case 400:
      return new AppError('malformedJson');
    // @fastify/static refuses a malicious path or a denied dotfile with 403: to the caller, no such page.
    case 403:
    case 404:
      return new AppError('routeNotFound');
    case 413:
      return new AppError('bodyTooLarge', { limit: '' });
    case 415:
      return new AppError('unsupportedMediaType');
    case 429:
      return new AppError('rateLimited');
    case 503:
      return new AppError('serviceUnavailable');
    default:
      return undefined;
  }
}

/**
 * Fastify's `frameworkErrors` option: a URL it cannot decode (`/foo%E0%A4%A`) is refused before
 * routing, so neither the error handler nor the onRequest hooks run. Answer the same localised
 * envelope, with the headers every other answer carries.
 */
export function frameworkErrorHandler(headers: Record<string, string>) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    request.log.info({ err: error }, 'request rejected');
    reply.headers(headers).header('x-request-id', request.id);
    // Fastify builds this request without the app's decorators, so `request.lang` is not there.
    return send(reply, new AppError('malformedJson'), requestLanguage(request));
  };
}

export function registerErrorHandling(app: FastifyInstance, options: { bodyLimitBytes: number }) {
  const limitLabel = `${Math.round(options.bodyLimitBytes / 1024)} KB`;

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const lang = request.lang;
    if (isAppError(error)) return send(reply, error, lang);

    if (hasZodFastifySchemaValidationErrors(error)) {
      const part = (error.validationContext ?? 'body') as RequestPart;
      const fields = localisedFieldErrors(request, part, lang);
      const list = fields.map((f) => `${f.field} (${f.message})`).join('; ');
      return send(reply, new AppError('validationFailed', { fields: list }, { fields }), lang);
    }

    if (error.statusCode === 413)
      return send(reply, new AppError('bodyTooLarge', { limit: limitLabel }), lang);
    const known = error.statusCode && error.statusCode < 500 ? catalogueErrorFor(error) : undefined;
    if (known) {
      request.log.info({ err: error }, 'request rejected');
      return send(reply, known, lang);
    }

    request.log.error({ err: error, req: request }, 'unhandled error');
    return send(reply, new AppError('internalError', {}, { requestId: request.id }), lang);
  });

  app.setNotFoundHandler((request, reply) => send(reply, new AppError('routeNotFound'), request.lang));
}
