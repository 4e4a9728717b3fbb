import { CHAT_MESSAGE_TYPES, type ChatMessage } from '@sabai/shared/chat/chat.schemas';
import type { MemberPlace, MessageRow, NewMessage, WrittenMessage } from './chat.repository';

export const uploadUrl = (key: string) => `/app/uploads/${key}`;

/** The row a new message is written as: what the write made (id, seq) and what was sent. */
export function newMessageRow(
  made: WrittenMessage,
  senderId: number,
  member: MemberPlace,
  message: NewMessage,
  now: Date,
): MessageRow {
  return {
    id: made.id,
    conversationId: member.conversationId,
    seq: made.seq,
    uniqueId: message.uniqueId,
    fromUid: senderId,
    toUid: member.peerId,
    type: message.type,
    body: message.body,
    imageKey: message.imageKey ?? null,
    voiceDurationMs: message.voiceDurationMs ?? null,
    orderId: message.orderId ?? null,
    aboutMsgId: message.aboutMsgId ?? null,
    clientCreateTime: message.clientCreateTime ? new Date(message.clientCreateTime) : null,
    createdAt: now,
    revokedAt: null,
  };
}

/**
 * A message as a member sees it: a recalled one, or one they deleted for themselves, keeps its
 * place without its text or file. `groupId`: the group of a group conversation's message
 * (decision 061), else null.
 */
export function messageOf(
  row: MessageRow,
  deletedForMe: boolean,
  groupId: number | null = null,
): ChatMessage {
  const isGone = row.revokedAt !== null || deletedForMe;
  const fileUrl = row.imageKey && !isGone ? uploadUrl(row.imageKey) : null;
  return {
    msgId: row.id,
    uniqueId: row.uniqueId,
    conversationId: row.conversationId,
    seq: row.seq,
    fromUid: row.fromUid,
    toUid: row.toUid,
    groupId,
    type: row.type,
    body: isGone ? '' : row.body,
    imageUrl: row.type !== CHAT_MESSAGE_TYPES.voice ? fileUrl : null,
    voiceUrl: row.type === CHAT_MESSAGE_TYPES.voice ? fileUrl : null,
    voiceDurationMs: row.voiceDurationMs,
    orderId: row.orderId,
    aboutMsgId: row.aboutMsgId,
    createTime: row.createdAt.toISOString(),
    clientCreateTime: row.clientCreateTime?.toISOString() ?? null,
    isRevoke: row.revokedAt !== null,
    isDelete: deletedForMe,
  };
}

/**
 * The file extension of an audio recording by its container's signature, null for anything else:
 * WebM/Matroska (EBML header, Chrome and Firefox), Ogg ("OggS") or MP4 ("ftyp" at offset 4, Safari).
 */
export function audioContainerOf(data: Buffer): 'webm' | 'ogg' | 'm4a' | null {
  if (data.length < 12) return null;
  if (data.readUInt32BE(0) === 0x1a45dfa3) return 'webm';
  if (data.subarray(0, 4).toString('latin1') === 'OggS') return 'ogg';
  if (data.subarray(4, 8).toString('latin1') === 'ftyp') return 'm4a';
  return null;
}
