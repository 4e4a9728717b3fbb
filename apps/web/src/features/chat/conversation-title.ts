import type { ChatGroupInfo, Conversation } from '@sabai/shared/chat/chat.schemas';
import type { TFunction } from 'i18next';
import * as paths from '../../lib/paths';

/**
 * A team group's title (decision 061): the server gives the store's name (in the reader's language)
 * or the partner's nickname; the words around it ("… team") are the reader's catalogue's.
 */
export function groupTitle(t: TFunction<'chat'>, group: Pick<ChatGroupInfo, 'kind' | 'name'>): string {
  return group.kind === 'storeTeam'
    ? t('group.storeTeamName', { name: group.name })
    : t('group.partnerTeamName', { name: group.name });
}

/** The spec: a conversation's title and picture come from the other user or from the group. */
export function conversationTitle(t: TFunction<'chat'>, conversation: Conversation): string {
  if (conversation.groupInfo) return groupTitle(t, conversation.groupInfo);
  return conversation.userInfo?.nickname ?? '';
}

export function conversationAvatar(conversation: Conversation): string | null {
  return conversation.groupInfo?.avatarUrl ?? conversation.userInfo?.avatarUrl ?? null;
}

/** Where a row of the list opens: the group's conversation by its group id, a single one by the user. */
export function conversationHref(conversation: Conversation): string {
  if (conversation.groupId) return paths.chatIndex.href({ group_id: conversation.groupId });
  return paths.chatIndex.href({ to_uid: conversation.friendUid ?? undefined });
}
