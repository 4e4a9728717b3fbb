import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { EXTERNAL_RAILS, type ExternalRail, type PaymentProvider } from './payment-provider';
import type { PaymentsRepository } from './payments.repository';
import type { PaymentsService } from './payments.service';
import { SIGNATURE_HEADER, signWebhook, TIMESTAMP_HEADER, verifyWebhook } from './webhook-signature';

export const webhookEventSchema = z.object({
  eventId: z.string().min(1).max(100),
  type: z.enum(['payment.succeeded', 'payment.failed']),
  reference: z.string().min(1).max(200),
});
export type WebhookEvent = z.infer<typeof webhookEventSchema>;

export type WebhookOutcome = 'applied' | 'credited' | 'replayed' | 'failed' | 'ignored';

export const isExternalRail = (value: string): value is ExternalRail =>
  (EXTERNAL_RAILS as readonly string[]).includes(value);

/**
 * Providers' webhooks (decision 039): the signature and the 5-minute window are checked before
 * anything is read; the event id is stored in the transaction that applies it, so a replay, a
 * retry after a crash and a concurrent duplicate each apply it at most once. The provider is
 * asked for the payment's status too: a signed event is still only a hint.
 *
 * What the provider is answered is an HTTP status it acts on (decision 110): forged or stale 401,
 * malformed 400, an unknown provider or payment 404 (providers resend on any non-2xx, which also
 * covers an event that outran the attempt's own commit), no secret configured 503 and any failure
 * while applying 500, both "try again later"; applied, replayed, ignored or failed 200.
 */
export function createPaymentWebhooks(deps: {
  /** Absent in production without PAYMENTS_WEBHOOK_SECRET: then nothing verifies. */
  secret: string | undefined;
  clock: Clock;
  repository: PaymentsRepository;
  payments: Pick<PaymentsService, 'applySuccess'>;
  providers: Partial<Record<ExternalRail, PaymentProvider>>;
}) {
  const { repository, clock } = deps;

  async function receive(
    provider: string,
    headers: Record<string, string | string[] | undefined>,
    rawBody: string,
  ): Promise<WebhookOutcome> {
    const header = (name: string) => {
      const value = headers[name];
      return typeof value === 'string' ? value : undefined;
    };
    // Our misconfiguration, not the provider's fault: it should come back once the secret is set.
    if (!deps.secret) throw new AppError('webhookNotConfigured');
    const verdict = verifyWebhook({
      secret: deps.secret,
      timestamp: header(TIMESTAMP_HEADER),
      signature: header(SIGNATURE_HEADER),
      rawBody,
      now: clock.now(),
    });
    if (verdict === 'forged') throw new AppError('webhookSignatureInvalid');
    if (verdict === 'stale') throw new AppError('webhookTimestampStale');
    const adapter = isExternalRail(provider) ? deps.providers[provider] : undefined;
    if (!adapter || !isExternalRail(provider)) throw new AppError('routeNotFound');
    let parsed: unknown;
    try {
      parsed = JSON.parse(rawBody);
    } catch {
      throw new AppError('validationFailed');
    }
    const read = webhookEventSchema.safeParse(parsed);
    if (!read.success) throw new AppError('validationFailed', { fields: 'eventId, type, reference' });
    const event = read.data;
    if (await repository.hasWebhookEvent(provider, event.eventId)) return 'replayed';
    const attempt = await repository.attemptByReference(provider, event.reference);
    if (!attempt) throw new AppError('webhookPaymentUnknown');
    const status = await adapter.confirm(event.reference, {
      amount: attempt.amount,
      currency: attempt.currency,
    });
    if (event.type === 'payment.succeeded') {
      if (status !== 'succeeded') return 'ignored';
      return deps.payments.applySuccess(attempt, provider, event.eventId);
    }
    if (status !== 'failed') return 'ignored';
    await repository.failAttempt(attempt.id, provider, event.eventId, clock.now());
    return 'failed';
  }

  /** Builds what a provider would send (the dev "simulate paid" control and tests use it). */
  function signedEvent(event: WebhookEvent, at: Date = clock.now()) {
    if (!deps.secret) throw new AppError('webhookSignatureInvalid');
    const body = JSON.stringify(event);
    const timestamp = Math.floor(at.getTime() / 1000);
    return {
      body,
      headers: {
        'content-type': 'application/json',
        [TIMESTAMP_HEADER]: String(timestamp),
        [SIGNATURE_HEADER]: signWebhook(deps.secret, timestamp, body),
      },
    };
  }

  return { receive, signedEvent };
}

export type PaymentWebhooks = ReturnType<typeof createPaymentWebhooks>;
