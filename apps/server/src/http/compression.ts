import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * JSON answers above this many bytes go out compressed when the caller accepts it. Below it the
 * envelope fits in one packet and compressing costs more CPU than it saves on the wire (the
 * hello/health/login answers stay as they are).
 */
export const JSON_COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Compresses API answers on the fly (issue #17). Registered inside the /app context only (the
 * plugin would otherwise also compress the web app's files on each request, as any compressible
 * type counts): those are compressed at build time and sent precompressed by @fastify/static. Request bodies are not inflated: the API takes plain JSON
 * and forms, and an inflated body would escape the body limit's intent.
 */
export async function registerJsonCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: JSON_COMPRESSION_THRESHOLD_BYTES,
    customTypes: /^application\/(?:[\w.+-]+\+)?json\b/,
    globalDecompression: false,
    // Brotli's default (11) is for build-time files; per request a low quality is nearly as small
    // and many times faster.
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
