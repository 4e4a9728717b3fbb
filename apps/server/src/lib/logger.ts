import { splitE164 } from '@sabai/shared/phone';
import type { FastifyRequest } from 'fastify';
import pino, { type DestinationStream, type Logger } from 'pino';

/** Request headers that carry a credential: never written to a log. */
const SECRET_PATHS = ['req.headers.token', 'req.headers.authorization', 'req.headers.cookie'];
/** Where identity and SMS code log a phone number; masked, not removed, so support can still match a line. */
const PHONE_KEYS = new Set(['phone', 'to']);
const PHONE_PATHS = ['phone', 'to', '*.phone', '*.to'];

const E164 = /^\+[1-9]\d{6,14}$/;

/**
 * A phone number as logs show it: the country's calling code and the last three digits
 * (+85512345678 → +855*****678), enough to tell numbers apart in support, too little to call one.
 */
export function maskPhoneForLog(e164: string): string {
  if (!E164.test(e164)) return '[phone]';
  const { areaCode, national } = splitE164(e164);
  const code = areaCode || e164.slice(1, 2);
  const rest = areaCode ? national : e164.slice(2);
  return `+${code}${'*'.repeat(Math.max(rest.length - 3, 0))}${rest.slice(-3)}`;
}

function censor(value: unknown, path: string[]): unknown {
  if (PHONE_KEYS.has(path.at(-1) ?? '')) return typeof value === 'string' ? maskPhoneForLog(value) : value;
  return '[Redacted]';
}

/**
 * A request as an error line shows it: what was asked and with which headers (credentials
 * redacted above), so a crash can be reproduced from its line.
 */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: request.url,
    remoteAddress: request.ip,
    headers: { ...request.headers },
  };
}

/**
 * The app's pino logger. Fastify runs on it (`loggerInstance`), so every line, the request line
 * included, passes through pino's serialisers and redaction.
 */
/** Lines go to `stream`, or straight to stdout. */
export function createLogger(options: { level: string; stream?: DestinationStream | undefined }): Logger {
  return pino(
    {
      level: options.level,
      redact: { paths: [...SECRET_PATHS, ...PHONE_PATHS], censor },
      serializers: { req: serializeRequest, err: pino.stdSerializers.err },
    },
    options.stream ?? pino.destination(1),
  );
}
