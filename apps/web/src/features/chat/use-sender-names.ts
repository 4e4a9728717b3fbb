import type { Conversation } from '@sabai/shared/chat/chat.schemas';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useGroupDetail } from './api/chat-api';

/**
 * Who wrote each message: the other member of a pair, or in a team group each sender's name
 * (decision 061). A sender missing from the team as it was read may have joined since: the team is
 * read again once per such sender before they are called a former member (and while it is first
 * being read, no name at all rather than a wrong one).
 */
export function useSenderNames(conversation: Conversation, meId: number, senderIds: readonly number[]) {
  const { t } = useTranslation('chat');
  const group = useGroupDetail(conversation.groupId);
  const isGroup = conversation.groupId !== null;
  const memberNames = useMemo(
    () => new Map(group.data?.members.map((member) => [member.id, member.nickname])),
    [group.data],
  );
  const askedAgainFor = useRef(new Set<number>());
  const unknownSender =
    isGroup && group.data
      ? senderIds.find((id) => id !== meId && !memberNames.has(id) && !askedAgainFor.current.has(id))
      : undefined;
  useEffect(() => {
    if (unknownSender === undefined || group.isFetching) return;
    askedAgainFor.current.add(unknownSender);
    void group.refetch();
  }, [unknownSender, group.isFetching, group.refetch]);

  return (fromUid: number) => {
    if (!isGroup) return conversation.userInfo?.nickname ?? '';
    if (!group.data) return '';
    const name = memberNames.get(fromUid);
    if (name !== undefined) return name;
    return askedAgainFor.current.has(fromUid) && !group.isFetching ? t('group.formerMember') : '';
  };
}
