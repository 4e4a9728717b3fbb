import {
  CALL_ACCEPTED_EVENT,
  CALL_CONNECT_TIMEOUT_MS,
  CALL_CONNECTED_EVENT,
  CALL_ENDED_EVENT,
  CALL_RING_EVENT,
  CALL_RING_TIMEOUT_MS,
  CALL_SIGNAL_EVENT,
  CALL_SILENT_LIMIT_MS,
  type Call,
  type CallMessageBody,
  type CallOutcome,
  type CallSignal,
  type CallSignalEvent,
} from '@sabai/shared/chat/call.schemas';
import { CHAT_MESSAGE_TYPES } from '@sabai/shared/chat/chat.schemas';
import type { AuthUser } from '../../http/auth';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { Outbox } from '../../outbox/outbox';
import type { EventBus } from '../realtime';
import { callEventOf as eventOf, secondsBetween } from './call-events';
import { type IncomingCallNotifier, isRingStop } from './call-notifier';
import type { CallRow, CallsRepository } from './calls.repository';
import type { ChatService } from './chat.service';
import { type IceConfig, iceServersFor } from './ice-servers';

export { type IncomingCallNotifier, type RingingCall, socketOnlyCallNotifier } from './call-notifier';

/** How many calls one user may start in a minute: ring-and-cancel must not flood a chat with notes. */
export const CALL_START_LIMIT = { max: 5, windowMs: 60_000 };
/** The sweep is a backstop for clients that vanished: it waits this much longer than a client would. */
const SWEEP_GRACE_MS = 5_000;

function isUniqueViolation(error: unknown): boolean {
  for (let current = error as { code?: unknown; cause?: unknown } | undefined; current; ) {
    if (current.code === '23505') return true;
    current = current.cause as typeof current;
  }
  return false;
}

/**
 * Voice calls (decision 057): the call's state is a row, every step a conditional update in one
 * transaction, so two processes behind Redis agree on it; the steps are published through the
 * outbox on both members' `user:` topics, and SDP/ICE relays go straight through the bus (they are
 * worthless once late). The outcome is written into the conversation as a message from the caller
 * in the transaction that ends the call, so both sides see it, live or later.
 */
export function createCallsService(deps: {
  calls: CallsRepository;
  clock: Clock;
  outbox: Outbox;
  bus: EventBus;
  chat: ChatService;
  ice: IceConfig;
  notifier: IncomingCallNotifier;
  log: { error: (object: unknown, message: string) => void };
}) {
  const { calls, clock, outbox, bus, chat } = deps;
  const topicsOf = (row: CallRow) => [`user:${row.callerId}`, `user:${row.calleeId}`];

  /** The background ring's work runs after the commit, unawaited: it never holds up or fails a call. */
  const inBackground = (work: () => Promise<void>, what: string) => {
    Promise.resolve()
      .then(work)
      .catch((error: unknown) => deps.log.error({ err: error }, what));
  };

  /** A call I take part in; anyone else's answers as not found. */
  async function ownCall(me: AuthUser, callId: number): Promise<CallRow> {
    const row = await calls.byId(callId);
    if (!row || (row.callerId !== me.id && row.calleeId !== me.id)) throw new AppError('notFound');
    return row;
  }

  async function viewOf(me: AuthUser, row: CallRow): Promise<Call> {
    const peerId = row.callerId === me.id ? row.calleeId : row.callerId;
    return {
      id: row.id,
      conversationId: row.conversationId,
      callerId: row.callerId,
      calleeId: row.calleeId,
      state: row.state,
      outcome: row.outcome,
      callerDevice: row.callerDevice,
      calleeDevice: row.calleeDevice,
      peer: await chat.peerOf({ peerId }),
      createTime: row.createdAt.toISOString(),
      acceptTime: row.acceptedAt?.toISOString() ?? null,
      connectTime: row.connectedAt?.toISOString() ?? null,
      endTime: row.endedAt?.toISOString() ?? null,
      durationSeconds: row.outcome === 'completed' ? secondsBetween(row.connectedAt, row.endedAt) : 0,
    };
  }

  /**
   * Ends a live call with the outcome its state calls for, writing the outcome's message and the
   * ended event in the same transaction. The row lock makes a racing end (both hang up, the sweep
   * and a client) end it once; the loser reads the ended call.
   */
  async function finish(
    callId: number,
    decide: (row: CallRow, now: Date) => { outcome: CallOutcome; endedAt: Date } | null,
  ): Promise<{ row: CallRow | null; endedNow: boolean }> {
    const now = clock.now();
    let wasRinging = false;
    const result = await outbox.transaction(async (tx) => {
      const row = await calls.lockIn(tx, callId);
      if (!row || row.endedAt) return { row: row ?? null, endedNow: false };
      const decision = decide(row, now);
      if (!decision) return { row, endedNow: false };
      const ended = await calls.updateLiveIn(tx, callId, null, {
        state: 'ended',
        outcome: decision.outcome,
        endedAt: decision.endedAt,
      });
      if (!ended) return { row, endedNow: false };
      wasRinging = row.state === 'ringing';
      const body: CallMessageBody = {
        outcome: decision.outcome,
        durationSeconds:
          decision.outcome === 'completed' ? secondsBetween(ended.connectedAt, ended.endedAt) : 0,
        callId: ended.id,
      };
      await chat.writeMessage(
        tx,
        ended.callerId,
        { conversationId: ended.conversationId, peerId: ended.calleeId },
        { uniqueId: `call-${ended.id}`, type: CHAT_MESSAGE_TYPES.call, body: JSON.stringify(body) },
      );
      await outbox.add(tx, {
        aggregateType: 'chatCall',
        aggregateId: ended.id,
        eventType: CALL_ENDED_EVENT,
        payload: eventOf(ended),
        topics: topicsOf(ended),
      });
      return { row: ended, endedNow: true };
    });
    const { row: ended, endedNow } = result;
    // A ring that stopped unanswered (cancelled, rejected, not answered) closes the callee's
    // background notification; an answered call already told it at the answer.
    const reason = ended?.outcome;
    if (endedNow && wasRinging && ended && isRingStop(reason)) {
      inBackground(
        () => deps.notifier.stopped({ callId: ended.id, calleeId: ended.calleeId, reason }),
        'call ended notification failed',
      );
    }
    return result;
  }

  /** The outcome a live call ends with when one side ends it now. */
  function outcomeOnEnd(me: AuthUser) {
    return (row: CallRow, now: Date): { outcome: CallOutcome; endedAt: Date } => {
      if (row.state === 'ringing') {
        // The caller's own timer ends an unanswered call at 45 s: that is "not answered", not "cancelled".
        if (now.getTime() - row.createdAt.getTime() >= CALL_RING_TIMEOUT_MS)
          return { outcome: 'notAnswered', endedAt: now };
        return { outcome: row.callerId === me.id ? 'cancelled' : 'rejected', endedAt: now };
      }
      if (row.state === 'accepted') return { outcome: 'notConnected', endedAt: now };
      // Connected: however it ends (hang-up or a dropped line), it was a call of this length.
      return { outcome: 'completed', endedAt: now };
    };
  }

  return {
    iceServers(me: AuthUser) {
      return iceServersFor(deps.ice, me.id, clock.now());
    },

    /** Rings the other member of a conversation we may talk in. */
    async start(me: AuthUser, input: { conversationId: number; deviceId: string }): Promise<Call> {
      const member = await chat.memberWhoMayTalk(me, input.conversationId);
      const now = clock.now();
      const recent = await calls.startedSince(me.id, new Date(now.getTime() - CALL_START_LIMIT.windowMs));
      if (recent >= CALL_START_LIMIT.max) throw new AppError('chatSendingTooFast');
      let row: CallRow;
      try {
        row = await outbox.transaction(async (tx) => {
          // Both users' rows are locked (in id order): two calls involving either of them start one at a time.
          if (await calls.lockPeopleAndFindBusyIn(tx, [me.id, member.peerId])) throw new AppError('callBusy');
          const made = await calls.insertRingingIn(tx, {
            conversationId: member.conversationId,
            callerId: me.id,
            calleeId: member.peerId,
            callerDevice: input.deviceId,
            createdAt: now,
          });
          if (!made) throw new AppError('callBusy');
          await outbox.add(tx, {
            aggregateType: 'chatCall',
            aggregateId: made.id,
            eventType: CALL_RING_EVENT,
            payload: eventOf(made),
            topics: topicsOf(made),
          });
          return made;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('callBusy');
        throw error;
      }
      // The background ring (Web Push) must never hold up or fail the call itself.
      const ringing = row;
      inBackground(async () => {
        const caller = await chat.peerOf({ peerId: ringing.callerId });
        await deps.notifier.ring({
          callId: ringing.id,
          conversationId: ringing.conversationId,
          callerId: ringing.callerId,
          calleeId: ringing.calleeId,
          caller: { nickname: caller.nickname, avatarUrl: caller.avatarUrl },
          expiresAt: new Date(ringing.createdAt.getTime() + CALL_RING_TIMEOUT_MS),
        });
      }, 'incoming call notification failed');
      return viewOf(me, row);
    },

    async get(me: AuthUser, callId: number): Promise<Call> {
      return viewOf(me, await ownCall(me, callId));
    },

    /** My live call, if any (an app opening while it rings shows the incoming call). */
    async current(me: AuthUser): Promise<Call | null> {
      const row = await calls.liveOf(me.id);
      return row ? viewOf(me, row) : null;
    },

    /** The callee answers on one device; the others stop ringing. */
    async accept(me: AuthUser, callId: number, deviceId: string): Promise<Call> {
      const row = await ownCall(me, callId);
      if (row.calleeId !== me.id) throw new AppError('notFound');
      if (row.endedAt) throw new AppError('callEnded');
      // The chat may have closed since it started ringing (an order's window ended).
      await chat.memberWhoMayTalk(me, row.conversationId);
      const now = clock.now();
      const accepted = await outbox.transaction(async (tx) => {
        const updated = await calls.updateLiveIn(tx, callId, 'ringing', {
          state: 'accepted',
          acceptedAt: now,
          calleeDevice: deviceId,
        });
        if (!updated) return null;
        await outbox.add(tx, {
          aggregateType: 'chatCall',
          aggregateId: callId,
          eventType: CALL_ACCEPTED_EVENT,
          payload: eventOf(updated),
          topics: topicsOf(updated),
        });
        return updated;
      });
      if (accepted) {
        // The callee's other devices stop showing the ring.
        inBackground(
          () => deps.notifier.stopped({ callId, calleeId: accepted.calleeId, reason: 'answered' }),
          'call answered notification failed',
        );
        return viewOf(me, accepted);
      }
      const again = await ownCall(me, callId);
      if (again.endedAt) throw new AppError('callEnded');
      if (again.calleeDevice === deviceId) return viewOf(me, again);
      throw new AppError('callAlreadyAnswered');
    },

    /** Either side's media connected (first time), or a connected side is still there (later). */
    async connected(me: AuthUser, callId: number): Promise<Call> {
      const row = await ownCall(me, callId);
      if (row.endedAt) throw new AppError('callEnded');
      if (row.state === 'ringing') throw new AppError('callNotAnsweredYet');
      const now = clock.now();
      const updated = await outbox.transaction(async (tx) => {
        const first = await calls.updateLiveIn(tx, callId, 'accepted', {
          state: 'connected',
          connectedAt: now,
          aliveAt: now,
        });
        if (first) {
          await outbox.add(tx, {
            aggregateType: 'chatCall',
            aggregateId: callId,
            eventType: CALL_CONNECTED_EVENT,
            payload: eventOf(first),
            topics: topicsOf(first),
          });
          return first;
        }
        return (await calls.updateLiveIn(tx, callId, 'connected', { aliveAt: now })) ?? null;
      });
      if (!updated) throw new AppError('callEnded');
      return viewOf(me, updated);
    },

    /** Cancel (caller, ringing), reject (callee, ringing), give up connecting, or hang up. */
    async end(me: AuthUser, callId: number): Promise<Call> {
      await ownCall(me, callId);
      const { row } = await finish(callId, outcomeOnEnd(me));
      if (!row) throw new AppError('notFound');
      return viewOf(me, row);
    },

    /** Relays an SDP description or ICE candidate to the other side's answering device. */
    async signal(me: AuthUser, callId: number, signal: CallSignal): Promise<void> {
      const row = await ownCall(me, callId);
      if (row.endedAt) throw new AppError('callEnded');
      if (row.state === 'ringing') throw new AppError('callNotAnsweredYet');
      const toCallee = row.callerId === me.id;
      const payload: CallSignalEvent = {
        callId,
        fromUid: me.id,
        toDevice: toCallee ? row.calleeDevice : row.callerDevice,
        signal,
      };
      await bus.publish({
        topic: `user:${toCallee ? row.calleeId : row.callerId}`,
        type: CALL_SIGNAL_EVENT,
        payload,
      });
    },

    /**
     * The backstop for clients that vanished: a call ringing past 45 s ends "not answered", one
     * accepted but not connected past 20 s "not connected", a connected one silent past 30 s
     * "completed" at its last sign of life. Each waits a little longer than a live client would.
     */
    async expire(now: Date): Promise<number> {
      const at = (ms: number) => new Date(now.getTime() - ms - SWEEP_GRACE_MS);
      const stale = await calls.staleIds(now, SWEEP_GRACE_MS);
      let ended = 0;
      for (const id of stale) {
        // Checked again under the row's lock: a side may have answered or beaten since the select.
        const { endedNow } = await finish(id, (call, current) => {
          if (call.state === 'ringing' && call.createdAt < at(CALL_RING_TIMEOUT_MS))
            return { outcome: 'notAnswered', endedAt: current };
          if (call.state === 'accepted' && call.acceptedAt && call.acceptedAt < at(CALL_CONNECT_TIMEOUT_MS))
            return { outcome: 'notConnected', endedAt: current };
          if (call.state === 'connected' && call.aliveAt && call.aliveAt < at(CALL_SILENT_LIMIT_MS))
            return { outcome: 'completed', endedAt: call.aliveAt };
          return null;
        });
        if (endedNow) ended += 1;
      }
      return ended;
    },
  };
}

export type CallsService = ReturnType<typeof createCallsService>;
