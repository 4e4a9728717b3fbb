// What logging every request costs a Fastify hello route, done Fastify's way (its own pino logger:
// a child per request, two response listeners, the line when the response finishes) and the app's
// way (decision 008: no Fastify logger, request.log made lazily, the line at onSend). Same line,
// same destination, one process, interleaved rounds against bare Fastify.

import Fastify, { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import pino from 'pino';
import { RequestLog, registerRequestLog, requestLoggerFactory } from '../apps/server/src/http/request-log';
import { createLogDestination } from '../apps/server/src/lib/log-destination';
import { type Figure, listen, loadInterleaved, report, startBareHello } from './lib/harness';

const destination = createLogDestination('/dev/null');

/** Fastify's way: its logger, and the same request line from its log controller when the response finishes. */
class CompletionLine extends LogController {
  override incomingRequest(): void {}
  override requestCompleted(_error: unknown, request: FastifyRequest, reply: FastifyReply): void {
    reply.log.info(
      {
        method: request.method,
        url: request.url,
        statusCode: reply.statusCode,
        responseTime: reply.elapsedTime,
      },
      'request completed',
    );
  }
}

async function fastifyLogging(): Promise<string> {
  const app = Fastify({
    logger: { level: 'info', stream: destination },
    logController: new CompletionLine(),
  });
  app.get('/hello', async () => ({ hello: 'world' }));
  return `${await listen(app)}/hello`;
}

async function appLogging(): Promise<string> {
  const logger = pino({ level: 'info' }, destination);
  const app = Fastify({
    logger: false,
    childLoggerFactory: requestLoggerFactory(logger),
    logController: new RequestLog(),
  });
  app.log = logger;
  registerRequestLog(app);
  app.get('/hello', async () => ({ hello: 'world' }));
  return `${await listen(app)}/hello`;
}

const bare = await startBareHello();
const results = await loadInterleaved({
  bare: { url: bare.url },
  fastifyLogging: { url: await fastifyLogging() },
  appLogging: { url: await appLogging() },
});
await bare.close();

const figures: Figure[] = Object.entries(results).flatMap(([name, r]) => [
  { metric: `${name} throughput`, value: r.requestsPerSecond, unit: 'req/s' },
  { metric: `${name} CPU per request`, value: r.cpuMicrosPerRequest, unit: 'µs' },
  ...(name === 'bare'
    ? []
    : [
        { metric: `${name} / bare, throughput`, value: r.throughputRatio, unit: '%' },
        { metric: `${name} / bare, CPU per request`, value: r.cpuRatio, unit: '%' },
      ]),
]);
report('request-logging', figures);
process.exit(0);
