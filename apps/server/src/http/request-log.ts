import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/**
 * Fastify's request logging with one line per request instead of two: the arrival line is not
 * written, and the completion line says by itself what happened. It is written through
 * `request.log` (Fastify's pino child carrying `reqId`), so pino's serialisers, redaction and a
 * route's own log level apply to it as to any other line (decision 019).
 */
export class RequestLineLog extends LogController {
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
    if (error) reply.log.error({ ...line, err: error }, 'response failed');
    else reply.log.info(line, 'request completed');
  }
}
