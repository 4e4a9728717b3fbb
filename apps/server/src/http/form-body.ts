import formBody from '@fastify/formbody';
import { parse } from 'fast-querystring';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error';

/**
 * No form of the API has more than a few dozen fields; a thousand leaves room for lists. Past it the
 * body is refused before it is parsed, so a body of nothing but `a=&a=&…` costs one scan.
 */
export const MAX_FORM_FIELDS = 1000;

/** Counts `&`-separated fields, stopping as soon as the limit is passed. */
function hasMoreFieldsThan(text: string, limit: number): boolean {
  let fields = 1;
  for (let at = text.indexOf('&'); at !== -1; at = text.indexOf('&', at + 1)) {
    fields += 1;
    if (fields > limit) return true;
  }
  return false;
}

/**
 * The spec's request helper (section 7) also posts `application/x-www-form-urlencoded` bodies.
 * They become a flat object of strings (a repeated key becomes a list, keys are never nested), then
 * meet the route's zod schema like a JSON body. fast-querystring (@fastify/formbody's parser) is
 * linear in repeated keys and builds an object without Object.prototype, so a `__proto__` field is
 * an own field and pollutes nothing. The body limit is Fastify's, enforced before parsing.
 */
export function parseFormBody(text: string): Record<string, string | string[]> {
  if (hasMoreFieldsThan(text, MAX_FORM_FIELDS))
    throw new AppError('tooManyFormFields', { limit: MAX_FORM_FIELDS });
  return parse(text) as Record<string, string | string[]>;
}

/**
 * The API reads JSON, form and (on upload routes) multipart bodies. Fastify also reads text/plain by
 * default, which handed the route a string its schema refused with 400: a type the API does not read
 * is 415 (unsupportedMediaType), whatever the route.
 */
export async function registerFormBodyParser(app: FastifyInstance, options: { bodyLimitBytes: number }) {
  app.removeContentTypeParser('text/plain');
  await app.register(formBody, { bodyLimit: options.bodyLimitBytes, parser: parseFormBody });
}
