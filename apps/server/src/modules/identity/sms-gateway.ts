import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config/env';

export interface SmsMessage {
  /** E.164 number. */
  to: string;
  text: string;
  /** The code and what it is for; a real provider sends only `text`, the dev outbox shows both. */
  code: string;
  purpose: string;
}

/** Sends text messages. A real provider (Twilio, a Cambodian aggregator…) implements this. */
export interface SmsGateway {
  readonly kind: string;
  send(message: SmsMessage): Promise<void>;
}

export interface OutboxEntry extends SmsMessage {
  sentAt: Date;
}

export interface DevSmsGateway extends SmsGateway {
  /** Messages sent to a number, newest first (the dev outbox endpoint and the tests read it). */
  outbox(to: string): OutboxEntry[];
}

const OUTBOX_CAPACITY = 500;

/**
 * Development gateway: nothing leaves the machine; codes go to an in-memory outbox and the log.
 * `logCodes: false` (production demos) keeps the code out of info-level lines: it is logged at debug
 * only, so a shared log at the usual level hands nobody an account.
 */
export function createDevSmsGateway(
  log: Pick<FastifyBaseLogger, 'info' | 'debug'>,
  options: { logCodes?: boolean } = {},
): DevSmsGateway {
  const logCodes = options.logCodes ?? true;
  const sent: OutboxEntry[] = [];
  return {
    kind: 'dev',
    async send(message) {
      sent.unshift({ ...message, sentAt: new Date() });
      sent.length = Math.min(sent.length, OUTBOX_CAPACITY);
      const line = { to: message.to, purpose: message.purpose };
      if (logCodes) log.info({ ...line, code: message.code }, 'dev SMS (not sent)');
      else {
        log.info(line, 'dev SMS (not sent; the code is logged at debug level)');
        log.debug({ ...line, code: message.code }, 'dev SMS code');
      }
    },
    outbox: (to) => sent.filter((entry) => entry.to === to),
  };
}

export const isDevSmsGateway = (gateway: SmsGateway): gateway is DevSmsGateway => gateway.kind === 'dev';

/**
 * A generic HTTP SMS aggregator (the way most regional providers are called): POST `url` with JSON
 * `{to, text}` and `Authorization: Bearer <token>`. Anything but a 2xx answer, a network error or no
 * answer within `timeoutMs` throws, so the caller reports the failure instead of a code that never came.
 */
export function createHttpSmsGateway(options: {
  url: string;
  token: string;
  timeoutMs: number;
  fetch?: typeof fetch;
}): SmsGateway {
  const send = options.fetch ?? fetch;
  return {
    kind: 'http',
    async send(message) {
      let response: Response;
      try {
        response = await send(options.url, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${options.token}`,
            'content-type': 'application/json',
            accept: 'application/json',
          },
          body: JSON.stringify({ to: message.to, text: message.text }),
          signal: AbortSignal.timeout(options.timeoutMs),
        });
      } catch (error) {
        const reason = error instanceof Error && error.name === 'TimeoutError' ? 'timed out' : 'unreachable';
        throw new SmsSendError(`SMS provider ${reason} (${options.timeoutMs} ms limit)`, { cause: error });
      }
      if (!response.ok) {
        // The provider's words help whoever fixes it; digit runs are masked in case it echoes the code.
        const body = (await response.text().catch(() => '')).slice(0, 200).replace(/\d{4,}/g, '…');
        throw new SmsSendError(`SMS provider answered HTTP ${response.status}: ${body}`);
      }
      await response.body?.cancel().catch(() => {});
    },
  };
}

export class SmsSendError extends Error {
  override name = 'SmsSendError';
}

/** The gateway the configuration asks for. */
export function createSmsGateway(
  config: Pick<
    AppConfig,
    'NODE_ENV' | 'SMS_PROVIDER' | 'SMS_HTTP_URL' | 'SMS_HTTP_TOKEN' | 'SMS_HTTP_TIMEOUT_MS'
  >,
  log: Pick<FastifyBaseLogger, 'info' | 'debug'>,
): SmsGateway {
  if (config.SMS_PROVIDER === 'http') {
    if (!config.SMS_HTTP_URL || !config.SMS_HTTP_TOKEN)
      throw new Error('SMS_HTTP_URL and SMS_HTTP_TOKEN are required');
    return createHttpSmsGateway({
      url: config.SMS_HTTP_URL,
      token: config.SMS_HTTP_TOKEN,
      timeoutMs: config.SMS_HTTP_TIMEOUT_MS,
    });
  }
  return createDevSmsGateway(log, { logCodes: config.NODE_ENV !== 'production' });
}
