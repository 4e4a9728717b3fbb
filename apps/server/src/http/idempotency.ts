import { createHash } from 'node:crypto';
import { and, eq, lte, or } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { AppError } from '../lib/app-error';
import type { Clock } from '../lib/clock';

/**
 * `Idempotency-Key` as a route option (`config: { idempotency: 'optional' | 'required' }`), after the
 * IETF draft and Stripe's practice: a client that lost an answer sends the same request with the same
 * key and gets the first answer again (header `idempotent-replayed: true`) instead of a second charge.
 * - the key is scoped to the caller (user, else device), so nobody can replay someone else's answer;
 * - the same key with a different request (method, URL, body) is refused, never replayed;
 * - while the first request runs, a retry is told so (409) rather than run twice;
 * - answers of 5xx are not kept: the request failed on our side and may be tried again;
 * - a claim whose process died is taken over after LOCK_MS; answers are kept for KEEP_MS.
 * This removes duplicate work from retries; the domain's own unique keys (one payment per order…)
 * stay the last line, since a crash between a handler's commit and storing its answer re-runs it.
 */
export type IdempotencyOption = 'optional' | 'required';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'idempotent-replayed';
const KEY_FORM = /^[\x21-\x7e]{1,255}$/;
const LOCK_MS = 60_000;
export const IDEMPOTENCY_KEEP_MS = 24 * 60 * 60_000;

declare module 'fastify' {
  interface FastifyContextConfig {
    idempotency?: IdempotencyOption;
  }
  interface FastifyRequest {
    /** The claimed key of this request, whose answer is stored when it is sent. */
    idempotencyClaim: { scope: string; key: string } | null;
  }
}

const fingerprintOf = (request: FastifyRequest) =>
  createHash('sha256')
    .update(`${request.method} ${request.url}\n`)
    .update(JSON.stringify(request.body ?? null))
    .digest('hex');

function scopeOf(request: FastifyRequest): string | null {
  if (request.user) return `u:${request.user.id}`;
  if (request.deviceId) return `d:${request.deviceId}`;
  return null;
}

export const idempotencyPlugin = fp<{ db: Db; clock: Clock }>(
  async (app: FastifyInstance, { db, clock }) => {
    app.decorateRequest('idempotencyClaim', null);

    /** Claims the key; false when another request holds or has answered it. */
    async function claim(scope: string, key: string, fingerprint: string): Promise<boolean> {
      const now = clock.now();
      const row = {
        scope,
        key,
        fingerprint,
        state: 'in_progress',
        createdAt: now,
        lockedUntil: new Date(now.getTime() + LOCK_MS),
        expiresAt: new Date(now.getTime() + IDEMPOTENCY_KEEP_MS),
      };
      const inserted = await db.insert(idempotencyKeys).values(row).onConflictDoNothing().returning();
      if (inserted.length) return true;
      // An expired answer, or a claim whose process died, is taken over by this request.
      const taken = await db
        .update(idempotencyKeys)
        .set({ ...row, statusCode: null, body: null })
        .where(
          and(
            eq(idempotencyKeys.scope, scope),
            eq(idempotencyKeys.key, key),
            or(
              lte(idempotencyKeys.expiresAt, now),
              and(eq(idempotencyKeys.state, 'in_progress'), lte(idempotencyKeys.lockedUntil, now)),
            ),
          ),
        )
        .returning();
      return taken.length > 0;
    }

    async function replayOrRefuse(
      reply: FastifyReply,
      scope: string,
      key: string,
      fingerprint: string,
    ): Promise<FastifyReply> {
      const [row] = await db
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
      if (!row) throw new AppError('idempotencyKeyInProgress');
      if (row.fingerprint !== fingerprint) throw new AppError('idempotencyKeyMismatch');
      if (row.state !== 'completed' || row.statusCode === null || row.body === null) {
        throw new AppError('idempotencyKeyInProgress');
      }
      return reply
        .code(row.statusCode)
        .header(REPLAYED_HEADER, 'true')
        .header('content-type', 'application/json; charset=utf-8')
        .serializer((payload: unknown) => payload as string)
        .send(row.body);
    }

    const preHandlerFor =
      (option: IdempotencyOption): preHandlerHookHandler =>
      async (request, reply) => {
        const header = request.headers[IDEMPOTENCY_HEADER];
        const key = Array.isArray(header) ? header[0] : header;
        if (key === undefined) {
          if (option === 'required') throw new AppError('idempotencyKeyRequired');
          return;
        }
        if (!KEY_FORM.test(key)) throw new AppError('idempotencyKeyInvalid');
        const scope = scopeOf(request);
        if (!scope) return;
        const fingerprint = fingerprintOf(request);
        if (await claim(scope, key, fingerprint)) {
          request.idempotencyClaim = { scope, key };
          return;
        }
        return replayOrRefuse(reply, scope, key, fingerprint);
      };

    app.addHook('onRoute', (route) => {
      const option = (route.config as { idempotency?: IdempotencyOption } | undefined)?.idempotency;
      if (!option) return;
      const own = route.preHandler ? [route.preHandler].flat() : [];
      route.preHandler = [...own, preHandlerFor(option)];
      const ownOnSend = route.onSend ? [route.onSend].flat() : [];
      route.onSend = [
        ...ownOnSend,
        async (request, reply, payload) => {
          const claimed = request.idempotencyClaim;
          if (!claimed) return payload;
          request.idempotencyClaim = null;
          const where = and(eq(idempotencyKeys.scope, claimed.scope), eq(idempotencyKeys.key, claimed.key));
          // A failure on our side, or an answer that is not text, is not kept: the retry runs again.
          if (reply.statusCode >= 500 || typeof payload !== 'string') {
            await db.delete(idempotencyKeys).where(where);
          } else {
            await db
              .update(idempotencyKeys)
              .set({ state: 'completed', statusCode: reply.statusCode, body: payload })
              .where(where);
          }
          return payload;
        },
      ];
    });
  },
  { name: 'idempotency' },
);

/** Deletes answers past their keeping time (run by a periodic job); answers how many. */
export async function deleteExpiredIdempotencyKeys(db: Db, now: Date): Promise<number> {
  const deleted = await db
    .delete(idempotencyKeys)
    .where(lte(idempotencyKeys.expiresAt, now))
    .returning({ key: idempotencyKeys.key });
  return deleted.length;
}
