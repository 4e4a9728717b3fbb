import type { CallRow } from './calls.repository';

/** What the two sides' events carry: enough to tell which call changed; the page reads the rest over HTTP. */
export const callEventOf = (row: CallRow) => ({
  callId: row.id,
  conversationId: row.conversationId,
  callerId: row.callerId,
  calleeId: row.calleeId,
  state: row.state,
  outcome: row.outcome,
  callerDevice: row.callerDevice,
  calleeDevice: row.calleeDevice,
});

/** Whole seconds from one time to another, 0 when either is missing. */
export const secondsBetween = (from: Date | null, to: Date | null) =>
  from && to ? Math.max(0, Math.round((to.getTime() - from.getTime()) / 1000)) : 0;
