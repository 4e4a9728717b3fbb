import '../chat-strings';
import { CHAT_MESSAGE_TYPES, type Conversation, REVOKE_WINDOW_MS } from '@sabai/shared/chat/chat.schemas';
import { useQueryClient } from '@tanstack/react-query';
import { ActionSheet, Button, Dialog, Popup, SpinLoading, TextArea } from 'antd-mobile';
import { PhoneFill, PictureOutline, TextOutline } from 'antd-mobile-icons';
import { type FormEvent, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { confirm, showToast } from '../../../components/ui/feedback';
import { LoadError } from '../../../components/ui/state-views';
import { useFormatting } from '../../../hooks/use-formatting';
import { isApiError } from '../../../lib/api-client';
import { intlFormatter } from '../../../lib/intl-formatters';
import * as paths from '../../../lib/paths';
import { callApi, callDeviceId } from '../api/call-api';
import { chatApi, chatKeys, useGroupDetail, usePhrases } from '../api/chat-api';
import { callOutcomeText } from '../call/call-outcome';
import { readDraft, writeDraft } from '../drafts';
import { type ShownMessage, useConversationMessages } from '../use-conversation-messages';
import { type TranslationState, useMessageTranslations } from '../use-message-translations';
import { VoiceBubble } from '../voice/voice-bubble';
import { VoiceRecordButton } from '../voice/voice-record-button';
import { MessageTranslation } from './message-translation';

const LONG_PRESS_MS = 500;
/** The no-IndexedDB notice shows once per visit, not on every conversation opened. */
let hasToldStorageUnavailable = false;

/** chat/index: one conversation, live, with optimistic sending, recall and delete for me. */
export function ConversationView({ conversation, meId }: { conversation: Conversation; meId: number }) {
  const { t } = useTranslation('chat');
  const queryClient = useQueryClient();
  const chat = useConversationMessages(conversation.id, meId, conversation.friendUid);
  // In a team group each message from someone else carries its sender's name (decision 061).
  const group = useGroupDetail(conversation.groupId);
  const isGroup = conversation.groupId !== null;
  const memberNames = useMemo(
    () => new Map(group.data?.members.map((member) => [member.id, member.nickname])),
    [group.data],
  );
  // A sender missing from the team as it was read may have joined since: the team is read again
  // once per such sender before they are called a former member (and while it is first being
  // read, no name at all rather than a wrong one).
  const askedAgainFor = useRef(new Set<number>());
  const unknownSender =
    isGroup && group.data
      ? chat.messages.find(
          (message) =>
            message.fromUid !== meId &&
            !memberNames.has(message.fromUid) &&
            !askedAgainFor.current.has(message.fromUid),
        )?.fromUid
      : undefined;
  useEffect(() => {
    if (unknownSender === undefined || group.isFetching) return;
    askedAgainFor.current.add(unknownSender);
    void group.refetch();
  }, [unknownSender, group.isFetching, group.refetch]);
  const senderName = (fromUid: number) => {
    if (!isGroup) return conversation.userInfo?.nickname ?? '';
    if (!group.data) return '';
    const name = memberNames.get(fromUid);
    if (name !== undefined) return name;
    return askedAgainFor.current.has(fromUid) && !group.isFetching ? t('group.formerMember') : '';
  };
  const [draft, setDraft] = useState(() => readDraft(conversation.id));
  const [menuFor, setMenuFor] = useState<ShownMessage | null>(null);
  const [isPhrasesOpen, setPhrasesOpen] = useState(false);
  const translations = useMessageTranslations(useFormatting().language);
  const scroller = useRef<HTMLDivElement>(null);
  const imageInput = useRef<HTMLInputElement>(null);
  const stickToBottom = useRef(true);
  const heightBeforeOlder = useRef<number | null>(null);
  const navigate = useNavigate();
  const [isStartingCall, setStartingCall] = useState(false);

  /** Rings the other member (decision 057); the call page takes over from there. */
  const startCall = async () => {
    if (isStartingCall) return;
    setStartingCall(true);
    try {
      const call = await callApi.start(conversation.id, callDeviceId());
      navigate(paths.chatVoiceCall.href(call.id));
    } catch (error) {
      showToast(t('call.startFailed', { message: isApiError(error) ? error.message : String(error) }));
    } finally {
      setStartingCall(false);
    }
  };

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

  const changeDraft = (text: string) => {
    setDraft(text);
    writeDraft(conversation.id, text);
  };
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const text = draft.trim();
    if (!text) return;
    stickToBottom.current = true;
    chat.sendText(text);
    changeDraft('');
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

  const closedReason = conversation.closedReason;

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
        <form className="chat-input" onSubmit={submit}>
          <button
            type="button"
            className="chat-input__icon"
            aria-label={t('input.phrases')}
            onClick={() => setPhrasesOpen(true)}
          >
            <TextOutline />
          </button>
          <button
            type="button"
            className="chat-input__icon"
            aria-label={t('input.image')}
            onClick={() => imageInput.current?.click()}
          >
            <PictureOutline />
          </button>
          {isGroup ? null : (
            // A call is between two: a group has no one to ring.
            <button
              type="button"
              className="chat-input__icon chat-input__icon--call"
              aria-label={t('call.start')}
              disabled={isStartingCall}
              onClick={() => void startCall()}
            >
              <PhoneFill />
            </button>
          )}
          <VoiceRecordButton
            onRecorded={(recording) => {
              stickToBottom.current = true;
              chat.sendVoice(recording);
            }}
          />
          <input
            ref={imageInput}
            type="file"
            accept="image/*"
            hidden
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) {
                stickToBottom.current = true;
                chat.sendImage(file);
              }
            }}
          />
          <TextArea
            className="chat-input__text"
            aria-label={t('input.label')}
            placeholder={t('input.placeholder')}
            value={draft}
            onChange={changeDraft}
            rows={1}
            autoSize={{ minRows: 1, maxRows: 4 }}
            maxLength={2000}
            onEnterPress={(event) => {
              if (!event.shiftKey) {
                event.preventDefault();
                submit();
              }
            }}
          />
          <Button type="submit" color="primary" size="small" shape="rounded" disabled={!draft.trim()}>
            {t('input.send')}
          </Button>
        </form>
      ) : (
        <p className="chat-conversation__closed" role="note">
          {t(`closed.${closedReason ?? 'chatNotOpen'}`)}
        </p>
      )}
      <ActionSheet
        visible={menuFor !== null}
        onClose={() => setMenuFor(null)}
        cancelText={t('message.cancel')}
        actions={
          menuFor
            ? [
                ...(canTranslate(menuFor) && !translations.stateOf(menuFor.msgId)
                  ? [
                      {
                        key: 'translate',
                        text: t('translation.action'),
                        onClick: () => {
                          setMenuFor(null);
                          void translations.translate(menuFor.msgId);
                        },
                      },
                    ]
                  : []),
                ...(canRevoke(menuFor)
                  ? [{ key: 'revoke', text: t('message.revoke'), onClick: () => void revoke(menuFor) }]
                  : []),
                {
                  key: 'delete',
                  text: t('message.delete'),
                  danger: true,
                  onClick: () => void deleteForMe(menuFor),
                },
              ]
            : []
        }
      />
      <PhrasePicker
        isOpen={isPhrasesOpen}
        onClose={() => setPhrasesOpen(false)}
        onPick={(text) => {
          setPhrasesOpen(false);
          stickToBottom.current = true;
          chat.sendText(text);
        }}
      />
    </div>
  );
}

function MessageBubble({
  message,
  isMine,
  peerName,
  showsSender = false,
  onMenu,
  onRetry,
  translation,
  onTranslate,
  onToggleTranslation,
}: {
  message: ShownMessage;
  isMine: boolean;
  /** Who wrote it (the other member, or in a group the sender). */
  peerName: string;
  /** A group shows the sender's name over others' messages. */
  showsSender?: boolean;
  onMenu: () => void;
  onRetry: () => void;
  translation: TranslationState | undefined;
  /** Present when this message can be translated (received live text). */
  onTranslate: (() => void) | undefined;
  onToggleTranslation: () => void;
}) {
  const { t } = useTranslation('chat');
  const format = useFormatting();
  const pressTimer = useRef<number | undefined>(undefined);
  if (message.isRevoke) {
    return (
      <p className="chat-note" data-testid="chat-revoked">
        {isMine ? t('note.revokedByMe') : t('note.revokedByOther', { name: peerName })}
      </p>
    );
  }
  const canAct = message.status === 'sent';
  const startPress = () => {
    if (!canAct) return;
    pressTimer.current = window.setTimeout(onMenu, LONG_PRESS_MS);
  };
  const endPress = () => window.clearTimeout(pressTimer.current);
  let content: React.ReactNode;
  if (message.type === CHAT_MESSAGE_TYPES.image) {
    const src = message.imageUrl ?? message.previewUrl;
    content = src ? (
      <img className="chat-bubble__image" src={src} alt={t('message.picture')} />
    ) : (
      t('note.image')
    );
  } else if (message.type === CHAT_MESSAGE_TYPES.voice) {
    content = (
      <VoiceBubble
        src={message.voiceUrl ?? message.previewUrl ?? null}
        durationMs={message.voiceDurationMs ?? 0}
      />
    );
  } else if (message.type === CHAT_MESSAGE_TYPES.call) {
    content = (
      <span className="chat-note--call" data-testid="chat-call-outcome">
        <PhoneFill aria-hidden="true" />
        {callOutcomeText(t, message.body)}
      </span>
    );
  } else if (message.type === CHAT_MESSAGE_TYPES.orderCard && message.orderId) {
    content = (
      <Link to={paths.orderDetail.href(message.orderId)}>
        {t('message.order', { id: message.orderId })} · {t('message.openOrder')}
      </Link>
    );
  } else {
    content = message.body;
  }
  return (
    <div className={isMine ? 'chat-line chat-line--mine' : 'chat-line'} data-testid="chat-message">
      {showsSender ? (
        <span className="chat-line__sender" data-testid="chat-sender">
          {peerName}
        </span>
      ) : null}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: long-press is a touch shortcut; the ⋯ button beside it is the accessible control */}
      <div
        className="chat-bubble"
        onPointerDown={startPress}
        onPointerUp={endPress}
        onPointerLeave={endPress}
        onContextMenu={(event) => {
          event.preventDefault();
          if (canAct) onMenu();
        }}
      >
        {content}
      </div>
      <div className="chat-line__meta">
        {message.status === 'sending' ? t('message.sending') : null}
        {message.status === 'queued' ? (
          <span className="chat-line__queued">{t('message.queued')}</span>
        ) : null}
        {message.status === 'failed' ? (
          <>
            <span className="chat-line__failed">{message.error ?? t('message.failed')}</span>
            <Button size="mini" color="danger" fill="outline" onClick={onRetry}>
              {t('message.retry')}
            </Button>
          </>
        ) : null}
        {message.status === 'sent' ? (
          <>
            <time dateTime={message.createTime}>{timeOf(message.createTime, format.locale)}</time>
            {onTranslate && !translation ? (
              <button type="button" className="chat-line__translate" onClick={onTranslate}>
                {t('translation.action')}
              </button>
            ) : null}
            {canAct ? (
              <button
                type="button"
                className="chat-line__more"
                aria-label={t('message.actions')}
                onClick={onMenu}
              >
                ⋯
              </button>
            ) : null}
          </>
        ) : null}
      </div>
      {translation && onTranslate ? (
        <MessageTranslation state={translation} onRetry={onTranslate} onToggle={onToggleTranslation} />
      ) : null}
    </div>
  );
}

function PhrasePicker({
  isOpen,
  onClose,
  onPick,
}: {
  isOpen: boolean;
  onClose: () => void;
  onPick: (text: string) => void;
}) {
  const { t } = useTranslation('chat');
  const phrases = usePhrases(isOpen);
  return (
    <Popup visible={isOpen} onMaskClick={onClose} onClose={onClose} bodyClassName="chat-phrases-popup">
      <h2 className="chat-phrases-popup__title">{t('input.phrases')}</h2>
      {phrases.isPending ? (
        <SpinLoading />
      ) : phrases.data?.length ? (
        <ul className="chat-phrases-popup__list">
          {phrases.data.map((phrase) => (
            <li key={phrase.id}>
              <button type="button" onClick={() => onPick(phrase.text)}>
                {phrase.text}
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="chat-phrases-popup__empty">{t('phrases.emptyHint')}</p>
      )}
      <Link className="chat-phrases-popup__manage" to={paths.chatPhrase.href()}>
        {t('phrases.manage')}
      </Link>
    </Popup>
  );
}

const timeOf = (iso: string, locale: string) =>
  intlFormatter(Intl.DateTimeFormat, locale, { hour: '2-digit', minute: '2-digit' }).format(new Date(iso));
