import type { FastifyBaseLogger } from 'fastify';

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

/** Development gateway: nothing leaves the machine; codes go to the server log and an in-memory outbox. */
export function createDevSmsGateway(log: Pick<FastifyBaseLogger, 'info'>): DevSmsGateway {
  const sent: OutboxEntry[] = [];
  return {
    kind: 'dev',
    async send(message) {
      sent.unshift({ ...message, sentAt: new Date() });
      sent.length = Math.min(sent.length, OUTBOX_CAPACITY);
      log.info({ to: message.to, purpose: message.purpose, code: message.code }, 'dev SMS (not sent)');
    },
    outbox: (to) => sent.filter((entry) => entry.to === to),
  };
}
