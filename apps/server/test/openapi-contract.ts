import { Ajv, type ValidateFunction } from 'ajv';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { OpenApiDocument, OpenApiOperation } from '../src/http/openapi';

/**
 * Issue #37: every answer a test gets from the real app is checked against the OpenAPI document the
 * app publishes at /docs, for its route and HTTP status, so code and document cannot drift apart
 * unnoticed. ajv (the validator Fastify itself compiles with) reads the document's schemas as they
 * are: OpenAPI 3.0's `nullable` is one of its keywords, and `strict: false` lets it pass over
 * annotations it does not know (`example`, `x-…`). A validator is compiled once per operation and
 * status, the first time a test meets it.
 */
export interface ContractWatch {
  violations: string[];
  /** Answers checked, for the contract's own test. */
  checked: number;
}

const JSON_TYPE = /^application\/json\b/;
const watches = new WeakMap<FastifyInstance, ContractWatch>();

/** The document's path for a Fastify route: `/orders/:id` is `/orders/{id}`. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

function validatorsFor(document: OpenApiDocument) {
  const ajv = new Ajv({ strict: false, allErrors: false, validateFormats: false });
  const compiled = new Map<string, ValidateFunction | null>();
  return (key: string, operation: OpenApiOperation, status: string): ValidateFunction | null | undefined => {
    const cacheKey = `${key} ${status}`;
    if (!compiled.has(cacheKey)) {
      const response = operation.responses[status];
      const schema = response?.content?.['application/json']?.schema;
      // The document's references (`#/components/…`) resolve against the schema's root: give it the components.
      compiled.set(cacheKey, schema ? ajv.compile({ ...schema, components: document.components }) : null);
    }
    return compiled.get(cacheKey);
  };
}

function readJson(payload: unknown): unknown {
  const text =
    typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString() : undefined;
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Checks every answer of this app from now on: an answer with a status its operation does not
 * declare, or a JSON body its schema refuses, is a violation. Routes without a schema (a test's own
 * routes) and routes the document hides are not in the contract.
 */
export function watchContract(app: FastifyInstance): ContractWatch {
  const watch: ContractWatch = { violations: [], checked: 0 };
  watches.set(app, watch);
  let validatorOf: ReturnType<typeof validatorsFor> | undefined;
  let document: OpenApiDocument | undefined;

  function check(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
    const schema = request.routeOptions.schema as { hide?: boolean } | undefined;
    const url = request.routeOptions.url;
    if (!schema || schema.hide || !url || request.method === 'HEAD') return;
    document ??= app.swagger() as unknown as OpenApiDocument;
    validatorOf ??= validatorsFor(document);
    const key = `${request.method} ${openApiPath(url)}`;
    const operation = document.paths[openApiPath(url)]?.[request.method.toLowerCase()];
    if (!operation) return;
    const status = String(reply.statusCode);
    if (!operation.responses[status]) {
      watch.violations.push(`${key}: HTTP ${status} is not declared (${String(payload).slice(0, 160)})`);
      return;
    }
    const type = String(reply.getHeader('content-type') ?? '');
    if (!JSON_TYPE.test(type)) {
      // Not JSON: true only where the document names another type (a file).
      const declared = Object.keys(operation.responses[status]?.content ?? {});
      if (declared.length && declared.every((name) => JSON_TYPE.test(name)))
        watch.violations.push(`${key}: HTTP ${status} answers "${type}" where the document says JSON`);
      return;
    }
    if (reply.getHeader('content-encoding')) return;
    const validate = validatorOf(key, operation, status);
    if (!validate) {
      watch.violations.push(`${key}: HTTP ${status} answers JSON the document does not describe`);
      return;
    }
    watch.checked += 1;
    const body = readJson(payload);
    if (validate(body)) return;
    const errors = (validate.errors ?? [])
      .slice(0, 3)
      .map((error) => `${error.instancePath || '/'} ${error.message} ${JSON.stringify(error.params)}`)
      .join('; ');
    const code = (body as { code?: unknown } | undefined)?.code;
    watch.violations.push(
      `${key}: HTTP ${status} code ${String(code)} does not match the document: ${errors}`,
    );
  }

  app.addHook('onSend', async (request, reply, payload) => {
    // The check never changes an answer: a schema ajv cannot compile is a violation too, not a 500.
    try {
      check(request, reply, payload);
    } catch (error) {
      watch.violations.push(`${request.method} ${request.routeOptions.url}: ${(error as Error).message}`);
    }
    return payload;
  });
  return watch;
}

export const contractWatchOf = (app: FastifyInstance) => watches.get(app);
