import type {
  ChatGroupDetail,
  ChatGroupInfo,
  ChatGroupMember,
  ChatMessage,
  Conversation,
  MessageTranslation,
  Phrase,
} from '@sabai/shared/chat/chat.schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { usePagedQuery } from '../../../hooks/use-paged-query';
import { api } from '../../../lib/api-client';

export type {
  ChatGroupDetail,
  ChatGroupInfo,
  ChatGroupMember,
  ChatMessage,
  Conversation,
  MessageTranslation,
  Phrase,
};

export const chatKeys = {
  all: ['chat'] as const,
  list: ['chat', 'list'] as const,
  unread: ['chat', 'unread'] as const,
  /** Every opened conversation (`conversation(target)` below): read again when one may have closed. */
  conversations: ['chat', 'conversation'] as const,
  conversation: (target: string) => ['chat', 'conversation', target] as const,
  group: (groupId: number) => ['chat', 'group', groupId] as const,
  phrases: ['chat', 'phrases'] as const,
};

/** My conversations, pinned first then newest first (chat/list). */
export function useConversationList(isEnabled: boolean) {
  return usePagedQuery<Conversation>({ queryKey: chatKeys.list, path: '/app/chat/conversations', isEnabled });
}

/** Unread messages over all my conversations: the badge. */
export function useChatUnread(isEnabled: boolean) {
  return useQuery({
    queryKey: chatKeys.unread,
    queryFn: ({ signal }) => api.get<{ count: number }>('/app/chat/unread-count', { signal, isSilent: true }),
    enabled: isEnabled,
    staleTime: 10_000,
  });
}

/**
 * The conversation with a user (`to_uid`), with the other party of my order (`order_id`), or of my
 * team group (`group_id`, decision 061).
 */
export function useOpenConversation(
  target: { toUid?: number; orderId?: number; groupId?: number },
  isEnabled: boolean,
) {
  return useQuery({
    queryKey: chatKeys.conversation(
      target.groupId ? `g${target.groupId}` : target.toUid ? `u${target.toUid}` : `o${target.orderId}`,
    ),
    queryFn: () => api.postJson<Conversation>('/app/chat/conversations', target, { isSilent: true }),
    enabled: isEnabled && Boolean(target.toUid || target.orderId || target.groupId),
    retry: false,
  });
}

/** A team group of mine: its info, members and my pin/mute (the group info page, senders' names). */
export function useGroupDetail(groupId: number | null | undefined, isEnabled = true) {
  return useQuery({
    queryKey: chatKeys.group(groupId ?? 0),
    queryFn: ({ signal }) =>
      api.get<ChatGroupDetail>(`/app/chat/groups/${groupId}`, { signal, isSilent: true }),
    enabled: isEnabled && Boolean(groupId),
    retry: false,
  });
}

export const chatApi = {
  messages: (conversationId: number, query: { before?: number; since?: number } = {}) =>
    api.get<{ items: ChatMessage[]; hasMore: boolean }>(
      `/app/chat/conversations/${conversationId}/messages`,
      {
        query,
        isSilent: true,
      },
    ),
  /** `clientCreateTime`: when it was written (a message from the outbox goes out later). */
  sendText: (conversationId: number, uniqueId: string, body: string, clientCreateTime?: string) =>
    api.postJson<ChatMessage>(
      `/app/chat/conversations/${conversationId}/messages`,
      { type: 'text', uniqueId, body, clientCreateTime: clientCreateTime ?? new Date().toISOString() },
      { isSilent: true },
    ),
  sendImage: (conversationId: number, uniqueId: string, file: File) => {
    const form = new FormData();
    form.append('file', file);
    return api.postMultipart<ChatMessage>(
      `/app/chat/conversations/${conversationId}/images?uniqueId=${encodeURIComponent(uniqueId)}`,
      form,
      { isSilent: true },
    );
  },
  /** A recorded voice message (decision 060): its length goes along, the server checks 1–60 s. */
  sendVoice: (conversationId: number, uniqueId: string, recording: { blob: Blob; durationMs: number }) => {
    const form = new FormData();
    const extension = recording.blob.type.includes('mp4')
      ? 'm4a'
      : recording.blob.type.includes('ogg')
        ? 'ogg'
        : 'webm';
    form.append('file', recording.blob, `voice.${extension}`);
    return api.postMultipart<ChatMessage>(
      `/app/chat/conversations/${conversationId}/voice?uniqueId=${encodeURIComponent(uniqueId)}&durationMs=${recording.durationMs}`,
      form,
      { isSilent: true },
    );
  },
  /** A message of my conversation in my language (the lang header); the caller shows a failure. */
  translate: (messageId: number) =>
    api.get<MessageTranslation>(`/app/chat/messages/${messageId}/translation`, { isSilent: true }),
  revoke: (messageId: number) =>
    api.postJson<ChatMessage>(`/app/chat/messages/${messageId}/revoke`, {}, { isSilent: true }),
  deleteForMe: (messageId: number) =>
    api.delete<ChatMessage>(`/app/chat/messages/${messageId}`, { isSilent: true }),
  updateSettings: (
    conversationId: number,
    settings: { pinned?: boolean; muted?: boolean; hidden?: boolean },
  ) =>
    api.put<Conversation>(`/app/chat/conversations/${conversationId}/settings`, settings, { isSilent: true }),
  markRead: (conversationId: number) =>
    api.postJson<Conversation>(`/app/chat/conversations/${conversationId}/read`, {}, { isSilent: true }),
};

export function usePhrases(isEnabled: boolean) {
  return useQuery({
    queryKey: chatKeys.phrases,
    queryFn: ({ signal }) => api.get<Phrase[]>('/app/chat/phrases', { signal }),
    enabled: isEnabled,
  });
}

export type PhraseChange =
  | { kind: 'add'; text: string }
  | { kind: 'edit'; id: number; text: string }
  | { kind: 'delete'; id: number }
  | { kind: 'reorder'; ids: number[] };

/** Every phrase change answers the whole new list, which replaces the cached one. */
export function usePhraseChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: PhraseChange) => {
      if (change.kind === 'add') return api.postJson<Phrase[]>('/app/chat/phrases', { text: change.text });
      if (change.kind === 'edit')
        return api.put<Phrase[]>(`/app/chat/phrases/${change.id}`, { text: change.text });
      if (change.kind === 'delete') return api.delete<Phrase[]>(`/app/chat/phrases/${change.id}`);
      return api.put<Phrase[]>('/app/chat/phrases/order', { ids: change.ids });
    },
    onSuccess: (list) => queryClient.setQueryData(chatKeys.phrases, list),
  });
}
