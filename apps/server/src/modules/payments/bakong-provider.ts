import { isCurrency, MoneyError, parseMoney } from '@sabai/shared/money';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { type PaymentProvider, type QrRail, RefundNotSupportedError } from './payment-provider';

/**
 * Bakong's answer to `POST /v1/check_transaction_by_md5` (NBC's open API): `responseCode` 0 with
 * the transaction when the KHQR with that md5 was paid, 1 with an `errorCode` otherwise (1: not
 * found yet; others: token, rate or server trouble). Only what we read is checked; the rest passes.
 */
const checkAnswerSchema = z.object({
  responseCode: z.number(),
  responseMessage: z.string().nullish(),
  errorCode: z.number().nullish(),
  data: z
    .object({
      hash: z.string().nullish(),
      amount: z.number(),
      currency: z.string(),
      toAccountId: z.string().nullish(),
    })
    .nullish(),
});

export interface BakongOptions {
  /** e.g. https://api-bakong.nbc.gov.kh (no trailing path). */
  baseUrl: string;
  token: string;
  timeoutMs: number;
  /** The account our KHQR payloads pay: a transaction to another account is not ours. */
  accountId: string;
  qr: QrRail;
  log: Pick<FastifyBaseLogger, 'warn'>;
  fetch?: typeof fetch;
}

/**
 * KHQR through Bakong (decision 040): the payload is the rail's real KHQR and its md5 is the
 * payment's reference; nobody calls us back, so `confirm` asks Bakong by md5. Found with the
 * amount and currency we asked for → succeeded; found with anything else → failed (never paid);
 * not found, an error answer, a timeout or a network failure → pending (asked again later).
 * Refunds cannot go through this API: customer service pays them out (see `refund`).
 */
export function createBakongProvider(options: BakongOptions): PaymentProvider {
  const doFetch = options.fetch ?? fetch;
  const endpoint = `${options.baseUrl.replace(/\/+$/, '')}/v1/check_transaction_by_md5`;

  async function ask(md5: string): Promise<z.infer<typeof checkAnswerSchema> | undefined> {
    try {
      const response = await doFetch(endpoint, {
        method: 'POST',
        headers: { authorization: `Bearer ${options.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ md5 }),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      if (!response.ok) {
        options.log.warn({ status: response.status }, 'bakong check: unexpected HTTP status');
        return undefined;
      }
      const parsed = checkAnswerSchema.safeParse(await response.json());
      if (!parsed.success) {
        options.log.warn({ issues: parsed.error.issues.length }, 'bakong check: unreadable answer');
        return undefined;
      }
      return parsed.data;
    } catch (error) {
      options.log.warn({ err: error }, 'bakong check: request failed');
      return undefined;
    }
  }

  return {
    isPolled: true,
    async createPayment(input) {
      const built = options.qr.build({
        amount: input.amount,
        currency: input.currency,
        billNumber: input.merchantReference,
        orderNumber: input.orderNumber,
        createdAt: input.createdAt,
        expiresAt: input.expiresAt,
      });
      if (!built.md5) throw new Error('the KHQR rail gave no md5');
      return {
        reference: built.md5,
        payload: built.payload,
        billNumber: input.merchantReference,
        payeeName: options.qr.payeeName,
      };
    },

    async confirm(md5, expected) {
      const answer = await ask(md5);
      if (!answer) return 'pending';
      if (answer.responseCode !== 0 || !answer.data) {
        if (answer.errorCode !== 1)
          options.log.warn({ errorCode: answer.errorCode }, 'bakong check: error answer');
        return 'pending';
      }
      const paid = answer.data;
      if (paid.toAccountId && paid.toAccountId !== options.accountId) return 'failed';
      if (!expected) return 'succeeded';
      if (paid.currency !== expected.currency || !isCurrency(paid.currency)) return 'failed';
      try {
        // Bakong reports major units as a JSON number (12.5); read it as decimal text, no float maths.
        return parseMoney(String(paid.amount), paid.currency).amount === expected.amount
          ? 'succeeded'
          : 'failed';
      } catch (error) {
        if (error instanceof MoneyError) return 'failed';
        throw error;
      }
    },

    /**
     * Bakong's API cannot send money back: the refund takes the route that cannot refund (decision
     * 042): the customer is asked for bank card details and customer service pays out and records
     * it, audited. The order's other outbox events keep flowing meanwhile.
     */
    async refund(input) {
      options.log.warn(
        { reference: input.reference, amount: input.amount, currency: input.currency },
        'KHQR refund needs a payout by customer service (Bakong has no refund API)',
      );
      throw new RefundNotSupportedError('Bakong has no refund API');
    },

    /** No refund is ever started at Bakong (see `refund`). */
    async refundStatus() {
      return 'failed';
    },
  };
}
