import type { FastifyReply, FastifyRequest } from 'fastify';
import { LogController } from 'fastify';

/**
 * One line per request, written when it completes, that says by itself what happened:
 * `{reqId, method, url, statusCode, responseTime}`. Fastify's default writes a second line on
 * arrival (the only one naming the method and URL) and nests the status in a `res` object, which
 * pino serialises on a slower path than flat fields (bench/http.ts).
 */
export class RequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const line = {
      method: request.method,
      url: request.url,
      statusCode: reply.statusCode,
      responseTime: reply.elapsedTime,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
