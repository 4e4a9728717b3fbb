import '../chat-strings';
import { CHAT_MESSAGE_TYPES, type Conversation, REVOKE_WINDOW_MS } from '@sabai/shared/chat/chat.schemas';
import { useQueryClient } from '@tanstack/react-query';
import { ActionSheet, Button, Dialog, SpinLoading } from 'antd-mobile';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirm, showToast } from '../../../components/ui/feedback';
import { LoadError } from '../../../components/ui/state-views';
import { useFormatting } from '../../../hooks/use-formatting';
import { isApiError } from '../../../lib/api-client';
import { chatApi, chatKeys } from '../api/chat-api';
import type { ShownMessage } from '../shown-message';
import { useConversationEnds } from '../use-conversation-ends';
import { useConversationMessages } from '../use-conversation-messages';
import { useMessageTranslations } from '../use-message-translations';
import { useSenderNames } from '../use-sender-names';
import { ChatClosedNotice } from './chat-closed-notice';
import { ChatComposer } from './chat-composer';
import { MessageBubble } from './message-bubble';

/** The no-IndexedDB notice shows once per visit, not on every conversation opened. */
let hasToldStorageUnavailable = false;

/**
 * chat/index: one conversation, live — the messages (`MessageBubble`), their menu (translate,
 * recall, delete for me), and under them the composer (`ChatComposer`) or, when the member may not
 * send, why and what next (`ChatClosedNotice`). The messages' data is `useConversationMessages`.
 */
export function ConversationView({ conversation, meId }: { conversation: Conversation; meId: number }) {
  const { t } = useTranslation('chat');
  const queryClient = useQueryClient();
  const chat = useConversationMessages(conversation.id, meId, conversation.friendUid);
  // The service ends while the page is open: the notice replaces the composer live.
  useConversationEnds(conversation.id);
  const isGroup = conversation.groupId !== null;
  const senderName = useSenderNames(
    conversation,
    meId,
    chat.messages.map((message) => message.fromUid),
  );
  const [menuFor, setMenuFor] = useState<ShownMessage | null>(null);
  const translations = useMessageTranslations(useFormatting().language);
  const scroller = useRef<HTMLDivElement>(null);
  const stickToBottom = useRef(true);
  const heightBeforeOlder = useRef<number | null>(null);

  // The spec's modal where the browser has no IndexedDB: history on the device and the offline
  // outbox are off, chat goes on online.
  useEffect(() => {
    if (chat.storage !== 'unavailable' || hasToldStorageUnavailable) return;
    hasToldStorageUnavailable = true;
    Dialog.alert({
      title: t('storage.unavailableTitle'),
      content: t('storage.unavailable'),
      confirmText: t('storage.ok'),
    });
  }, [chat.storage, t]);

  // Reading: on open and whenever the other side writes while the page is open, on every device.
  useEffect(() => {
    const markRead = () => {
      if (document.visibilityState !== 'visible') return;
      void chatApi
        .markRead(conversation.id)
        .then(() => {
          void queryClient.invalidateQueries({ queryKey: chatKeys.unread });
          void queryClient.invalidateQueries({ queryKey: chatKeys.list });
        })
        .catch(() => {});
    };
    chat.setOnPeerMessage(markRead);
    markRead();
    document.addEventListener('visibilitychange', markRead);
    return () => document.removeEventListener('visibilitychange', markRead);
  }, [conversation.id, queryClient, chat.setOnPeerMessage]);

  // New messages keep the view at the bottom; older pages keep the reader where they were.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after every change of the shown messages
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    if (heightBeforeOlder.current !== null) {
      element.scrollTop += element.scrollHeight - heightBeforeOlder.current;
      heightBeforeOlder.current = null;
    } else if (stickToBottom.current) {
      element.scrollTop = element.scrollHeight;
    }
  }, [chat.messages]);

  const onScroll = () => {
    const element = scroller.current;
    if (!element) return;
    stickToBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < 60;
    if (element.scrollTop < 40 && chat.hasOlder && !chat.isLoadingOlder) loadOlder();
  };
  const loadOlder = () => {
    heightBeforeOlder.current = scroller.current?.scrollHeight ?? null;
    void chat.loadOlder();
  };

  const revoke = async (message: ShownMessage) => {
    setMenuFor(null);
    if (!(await confirm(t('message.revokeConfirm'), t('message.revoke'), t('message.cancel')))) return;
    try {
      chat.applyServerMessage(await chatApi.revoke(message.msgId));
    } catch (error) {
      showToast(t('message.revokeFailed', { message: isApiError(error) ? error.message : String(error) }));
    }
  };
  const deleteForMe = async (message: ShownMessage) => {
    setMenuFor(null);
    if (!(await confirm(t('message.deleteConfirm'), t('message.delete'), t('message.cancel')))) return;
    try {
      chat.applyServerMessage(await chatApi.deleteForMe(message.msgId));
    } catch (error) {
      showToast(isApiError(error) ? error.message : String(error));
    }
  };
  /** Only what the other side wrote, as live text, has anything to translate. */
  const canTranslate = (message: ShownMessage) =>
    message.fromUid !== meId &&
    message.type === CHAT_MESSAGE_TYPES.text &&
    !message.isRevoke &&
    !message.isDelete;
  // A call's outcome is the platform's record of the call, not something the caller said: never recalled.
  const canRevoke = (message: ShownMessage) =>
    message.fromUid === meId &&
    message.type !== CHAT_MESSAGE_TYPES.call &&
    Date.now() - new Date(message.createTime).getTime() < REVOKE_WINDOW_MS;

  const menuActions = (message: ShownMessage) => [
    ...(canTranslate(message) && !translations.stateOf(message.msgId)
      ? [
          {
            key: 'translate',
            text: t('translation.action'),
            onClick: () => {
              setMenuFor(null);
              void translations.translate(message.msgId);
            },
          },
        ]
      : []),
    ...(canRevoke(message)
      ? [{ key: 'revoke', text: t('message.revoke'), onClick: () => void revoke(message) }]
      : []),
    { key: 'delete', text: t('message.delete'), danger: true, onClick: () => void deleteForMe(message) },
  ];

  return (
    <div className="chat-conversation">
      {!chat.connected ? (
        <p className="chat-conversation__status" role="status">
          {t('reconnecting')}
        </p>
      ) : null}
      <div className="chat-conversation__messages" ref={scroller} onScroll={onScroll} aria-live="polite">
        {chat.isLoading && chat.messages.length === 0 ? (
          <div className="chat-conversation__loading">
            <SpinLoading />
          </div>
        ) : chat.loadError ? (
          <LoadError error={chat.loadError} onRetry={() => void chat.reload()} isRetrying={chat.isLoading} />
        ) : (
          <>
            {chat.hasOlder ? (
              <Button
                size="small"
                fill="none"
                className="chat-conversation__older"
                onClick={loadOlder}
                loading={chat.isLoadingOlder}
              >
                {t('loadOlder')}
              </Button>
            ) : (
              <p className="chat-conversation__start">
                {chat.messages.length ? t('noOlder') : t('note.empty')}
              </p>
            )}
            {chat.messages.map((message) => (
              <MessageBubble
                key={message.uniqueId}
                message={message}
                isMine={message.fromUid === meId}
                peerName={senderName(message.fromUid)}
                showsSender={isGroup && message.fromUid !== meId}
                onMenu={() => setMenuFor(message)}
                onRetry={() => chat.retry(message)}
                translation={translations.stateOf(message.msgId)}
                onTranslate={
                  canTranslate(message) && message.status === 'sent'
                    ? () => void translations.translate(message.msgId)
                    : undefined
                }
                onToggleTranslation={() => translations.toggle(message.msgId)}
              />
            ))}
          </>
        )}
      </div>
      {conversation.canSend ? (
        <ChatComposer
          conversationId={conversation.id}
          canCall={!isGroup}
          chat={chat}
          onSending={() => {
            stickToBottom.current = true;
          }}
        />
      ) : (
        <ChatClosedNotice conversation={conversation} meId={meId} />
      )}
      <ActionSheet
        visible={menuFor !== null}
        onClose={() => setMenuFor(null)}
        cancelText={t('message.cancel')}
        actions={menuFor ? menuActions(menuFor) : []}
      />
    </div>
  );
}
