import { CHAT_MESSAGE_TYPES } from '@sabai/shared/chat/chat.schemas';
import { Button } from 'antd-mobile';
import { PhoneFill } from 'antd-mobile-icons';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormatting } from '../../../hooks/use-formatting';
import { intlFormatter } from '../../../lib/intl-formatters';
import * as paths from '../../../lib/paths';
import { callOutcomeText } from '../call/call-outcome';
import type { ShownMessage } from '../shown-message';
import type { TranslationState } from '../use-message-translations';
import { VoiceBubble } from '../voice/voice-bubble';
import { MessageTranslation } from './message-translation';

const LONG_PRESS_MS = 500;

/** One message: its content by type, its state on the way (sending, queued, failed → retry), its actions. */
export function MessageBubble({
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

const timeOf = (iso: string, locale: string) =>
  intlFormatter(Intl.DateTimeFormat, locale, { hour: '2-digit', minute: '2-digit' }).format(new Date(iso));
