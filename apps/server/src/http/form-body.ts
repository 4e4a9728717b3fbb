import type { FastifyInstance } from 'fastify';

/**
 * The spec's request helper (section 7) also posts `application/x-www-form-urlencoded` bodies.
 * They become a plain object of strings (a repeated key becomes a list), then meet the route's zod
 * schema like a JSON body. The same body limit applies: Fastify enforces it before parsing.
 */
export function parseFormBody(text: string): Record<string, string | string[]> {
  const fields = new Map<string, string | string[]>();
  for (const [key, value] of new URLSearchParams(text)) {
    const previous = fields.get(key);
    if (previous === undefined) fields.set(key, value);
    else fields.set(key, Array.isArray(previous) ? [...previous, value] : [previous, value]);
  }
  // fromEntries defines own properties, so a `__proto__` field cannot reach Object.prototype.
  return Object.fromEntries(fields);
}

export function registerFormBodyParser(app: FastifyInstance, options: { bodyLimitBytes: number }) {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: options.bodyLimitBytes },
    (_request, body, done) => done(null, parseFormBody(body as string)),
  );
}
