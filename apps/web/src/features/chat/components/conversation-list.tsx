import '../chat-strings';
import { useQueryClient } from '@tanstack/react-query';
import { ActionSheet, Badge } from 'antd-mobile';
import { MessageOutline, TeamOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { confirm, showToast } from '../../../components/ui/feedback';
import { PagedList } from '../../../components/ui/paged-list';
import { useFormatting } from '../../../hooks/use-formatting';
import { isApiError } from '../../../lib/api-client';
import { myUserTopic, useLiveQueries } from '../../../lib/realtime/use-realtime-topic';
import { type Conversation, chatApi, chatKeys, useConversationList } from '../api/chat-api';
import { conversationAvatar, conversationHref, conversationTitle } from '../conversation-title';
import { readDraft } from '../drafts';
import { lastMessageNote } from '../last-message-note';

/** chat/list: my conversations with their last-message note and unread badge, live on my user topic. */
export function ConversationList({ meId }: { meId: number }) {
  const { t } = useTranslation('chat');
  const query = useConversationList(true);
  // Any message, revoke or read on any device refreshes the list and the badge.
  useLiveQueries(myUserTopic(), [chatKeys.list, chatKeys.unread]);
  return (
    <PagedList
      query={query}
      itemKey={(conversation) => conversation.id}
      renderItem={(conversation) => <ConversationRow conversation={conversation} meId={meId} />}
      empty={<EmptyState icon={<MessageOutline />} title={t('emptyList')} description={t('emptyListHint')} />}
    />
  );
}

function ConversationRow({ conversation, meId }: { conversation: Conversation; meId: number }) {
  const { t } = useTranslation('chat');
  const format = useFormatting();
  const name = conversationTitle(t, conversation);
  const avatarUrl = conversationAvatar(conversation);
  const isGroup = conversation.groupInfo !== null;
  const note = lastMessageNote(t, {
    message: conversation.lastMessage,
    meId,
    draft: readDraft(conversation.id),
    // In a group the list does not know who recalled: "a member" rather than the group's name.
    peerName: isGroup ? t('group.someone') : name,
  });
  const time = conversation.lastMessage?.createTime ?? conversation.updateTime;
  return (
    <div className="chat-row-wrap">
      <Link
        className="chat-row"
        to={conversationHref(conversation)}
        aria-label={
          conversation.unreadCount > 0 ? `${name}, ${t('unread', { count: conversation.unreadCount })}` : name
        }
      >
        <Badge
          content={
            conversation.unreadCount > 0 ? (conversation.muted ? Badge.dot : conversation.unreadCount) : null
          }
        >
          <span
            className={isGroup ? 'chat-row__avatar chat-row__avatar--group' : 'chat-row__avatar'}
            aria-hidden="true"
          >
            {avatarUrl ? (
              <img src={avatarUrl} alt="" />
            ) : isGroup ? (
              <TeamOutline />
            ) : (
              Array.from(name || '?')[0]
            )}
          </span>
        </Badge>
        <span className="chat-row__body">
          <span className="chat-row__head">
            <span className="chat-row__name">
              {name}
              {isGroup ? (
                <span className="chat-row__group-count">
                  {t('group.memberCount', { count: conversation.groupInfo?.memberCount ?? 0 })}
                </span>
              ) : null}
            </span>
            <time className="chat-row__time" dateTime={time}>
              {format.ago(time)}
            </time>
          </span>
          <span className={note.isDraft ? 'chat-row__note chat-row__note--draft' : 'chat-row__note'}>
            {note.text}
          </span>
          {conversation.pinned || conversation.muted ? (
            <span className="chat-row__flags">
              {[conversation.pinned ? t('pinned') : null, conversation.muted ? t('muted') : null]
                .filter(Boolean)
                .join(' · ')}
            </span>
          ) : null}
        </span>
      </Link>
      <RowMenu conversation={conversation} />
    </div>
  );
}

/** Pin, mute or hide a conversation (mine only; the other member keeps theirs). */
function RowMenu({ conversation }: { conversation: Conversation }) {
  const { t } = useTranslation('chat');
  const name = conversationTitle(t, conversation);
  const queryClient = useQueryClient();
  const [isOpen, setOpen] = useState(false);
  const change = async (settings: { pinned?: boolean; muted?: boolean; hidden?: boolean }) => {
    setOpen(false);
    if (settings.hidden && !(await confirm(t('row.hideConfirm'), t('row.hide'), t('message.cancel')))) return;
    try {
      await chatApi.updateSettings(conversation.id, settings);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: chatKeys.list }),
        queryClient.invalidateQueries({ queryKey: chatKeys.unread }),
      ]);
    } catch (error) {
      showToast(isApiError(error) ? error.message : String(error));
    }
  };
  return (
    <>
      <button
        type="button"
        className="chat-row__more"
        aria-label={`${t('row.actions')}: ${name}`}
        onClick={() => setOpen(true)}
      >
        ⋯
      </button>
      <ActionSheet
        visible={isOpen}
        onClose={() => setOpen(false)}
        cancelText={t('message.cancel')}
        actions={[
          {
            key: 'pin',
            text: conversation.pinned ? t('row.unpin') : t('row.pin'),
            onClick: () => void change({ pinned: !conversation.pinned }),
          },
          {
            key: 'mute',
            text: conversation.muted ? t('row.unmute') : t('row.mute'),
            onClick: () => void change({ muted: !conversation.muted }),
          },
          { key: 'hide', text: t('row.hide'), danger: true, onClick: () => void change({ hidden: true }) },
        ]}
      />
    </>
  );
}
