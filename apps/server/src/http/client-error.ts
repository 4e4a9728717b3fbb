import type { Socket } from 'node:net';
import { DEFAULT_LANGUAGE, languageFromHeader } from '@sabai/shared/i18n';
import { AppError } from '../lib/app-error';
import { translate } from '../lib/i18n';

/** The `lang` header, if the part of the request Node did read holds one. */
function languageIn(rawPacket: unknown) {
  if (!Buffer.isBuffer(rawPacket)) return DEFAULT_LANGUAGE;
  const match = /\r\nlang:[ \t]*([^\r\n]{1,16})/i.exec(rawPacket.toString('latin1'));
  return languageFromHeader(match?.[1]);
}

/**
 * Fastify's `clientErrorHandler`: Node refuses a request whose line or headers pass its limit
 * (10,000 query parameters, a huge cookie) before Fastify sees it, and Fastify's default answer has
 * neither the envelope nor the API's headers. Answer both, then close: the rest of the request is
 * unread.
 */
export function clientErrorHandler(apiHeaders: Record<string, string>) {
  return (error: Error & { code?: string; rawPacket?: unknown }, socket: Socket) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy(error);
      return;
    }
    const appError = new AppError(
      error.code === 'HPE_HEADER_OVERFLOW' ? 'requestHeadersTooLarge' : 'malformedJson',
    );
    const body = JSON.stringify({
      code: appError.code,
      msg: translate(languageIn(error.rawPacket), `errors:${appError.key}`),
      data: null,
    });
    const headers = {
      ...apiHeaders,
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(body)),
      connection: 'close',
    };
    const head = Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    const reason = appError.httpStatus === 431 ? 'Request Header Fields Too Large' : 'Bad Request';
    socket.end(`HTTP/1.1 ${appError.httpStatus} ${reason}\r\n${head}\r\n${body}`);
  };
}
