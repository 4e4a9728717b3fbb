import {
  CALL_CONNECT_TIMEOUT_MS,
  CALL_RING_TIMEOUT_MS,
  CALL_SILENT_LIMIT_MS,
} from '@sabai/shared/chat/call.schemas';
import { and, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chatCalls, users } from '../../db/schema';

export type CallRow = typeof chatCalls.$inferSelect;
type CallChange = Partial<
  Pick<CallRow, 'state' | 'outcome' | 'endedAt' | 'acceptedAt' | 'calleeDevice' | 'connectedAt' | 'aliveAt'>
>;

/**
 * Voice calls' rows (decision 057): every step is a conditional update (`where` its state), so two
 * processes agree on a call; the steps' transactions are the service's.
 */
export function createCallsRepository(db: Db) {
  const live = isNull(chatCalls.endedAt);
  const involving = (userIds: number[]) =>
    or(inArray(chatCalls.callerId, userIds), inArray(chatCalls.calleeId, userIds));

  return {
    byId: async (callId: number): Promise<CallRow | undefined> =>
      (await db.select().from(chatCalls).where(eq(chatCalls.id, callId)))[0],

    /** The call locked for the caller's transaction (a racing end waits, then reads it ended). */
    lockIn: async (tx: Db, callId: number): Promise<CallRow | undefined> =>
      (await tx.select().from(chatCalls).where(eq(chatCalls.id, callId)).for('update'))[0],

    /** How many calls the user started since then (the start limit). */
    startedSince: async (callerId: number, since: Date) =>
      (
        await db
          .select({ count: sql<number>`count(*)::int` })
          .from(chatCalls)
          .where(and(eq(chatCalls.callerId, callerId), gt(chatCalls.createdAt, since)))
      )[0]?.count ?? 0,

    /**
     * In the caller's transaction: locks both users' rows (in id order, so two calls involving either
     * start one at a time) and answers whether either is already in a live call.
     */
    lockPeopleAndFindBusyIn: async (tx: Db, userIds: number[]) => {
      await tx
        .select({ id: users.id })
        .from(users)
        .where(inArray(users.id, userIds))
        .orderBy(users.id)
        .for('update');
      const [busy] = await tx
        .select({ id: chatCalls.id })
        .from(chatCalls)
        .where(and(live, involving(userIds)))
        .limit(1);
      return busy !== undefined;
    },

    insertRingingIn: async (
      tx: Db,
      call: {
        conversationId: number;
        callerId: number;
        calleeId: number;
        callerDevice: string;
        createdAt: Date;
      },
    ): Promise<CallRow | undefined> =>
      (
        await tx
          .insert(chatCalls)
          .values({ ...call, state: 'ringing' })
          .returning()
      )[0],

    /** Changes a live call that is in `fromState` (any state when null); undefined when it was not. */
    updateLiveIn: async (
      tx: Db,
      callId: number,
      fromState: CallRow['state'] | null,
      change: CallChange,
    ): Promise<CallRow | undefined> =>
      (
        await tx
          .update(chatCalls)
          .set(change)
          .where(and(eq(chatCalls.id, callId), live, fromState ? eq(chatCalls.state, fromState) : undefined))
          .returning()
      )[0],

    /** The user's live call, if any. */
    liveOf: async (userId: number): Promise<CallRow | undefined> =>
      (
        await db
          .select()
          .from(chatCalls)
          .where(and(live, involving([userId])))
          .limit(1)
      )[0],

    /**
     * Calls whose clients seem gone at `now`, each rule's time past by `grace` more: ringing past the
     * ring timeout, accepted but not connected past the connect timeout, connected but silent.
     */
    staleIds: async (now: Date, grace: number) => {
      const at = (ms: number) => new Date(now.getTime() - ms - grace);
      const rows = await db
        .select({ id: chatCalls.id })
        .from(chatCalls)
        .where(
          and(
            live,
            or(
              and(eq(chatCalls.state, 'ringing'), lt(chatCalls.createdAt, at(CALL_RING_TIMEOUT_MS))),
              and(eq(chatCalls.state, 'accepted'), lt(chatCalls.acceptedAt, at(CALL_CONNECT_TIMEOUT_MS))),
              and(eq(chatCalls.state, 'connected'), lt(chatCalls.aliveAt, at(CALL_SILENT_LIMIT_MS))),
            ),
          ),
        );
      return rows.map((row) => row.id);
    },
  };
}

export type CallsRepository = ReturnType<typeof createCallsRepository>;
