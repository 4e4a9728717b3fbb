import { Button, TextArea } from 'antd-mobile';
import { PhoneFill, PictureOutline, TextOutline } from 'antd-mobile-icons';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { showToast } from '../../../components/ui/feedback';
import { isApiError } from '../../../lib/api-client';
import * as paths from '../../../lib/paths';
import { callApi, callDeviceId } from '../api/call-api';
import { readDraft, writeDraft } from '../drafts';
import type { ConversationMessages } from '../use-conversation-messages';
import { VoiceRecordButton } from '../voice/voice-record-button';
import { PhrasePicker } from './phrase-picker';

/**
 * What a member who may send sees under the messages: phrases, a picture, the call button (a pair
 * only: a group has no one to ring), a voice message and the text with its draft kept per
 * conversation. `onSending` runs before each send (the view keeps to the bottom).
 */
export function ChatComposer({
  conversationId,
  canCall,
  chat,
  onSending,
}: {
  conversationId: number;
  canCall: boolean;
  chat: Pick<ConversationMessages, 'sendText' | 'sendImage' | 'sendVoice'>;
  onSending: () => void;
}) {
  const { t } = useTranslation('chat');
  const navigate = useNavigate();
  const [draft, setDraft] = useState(() => readDraft(conversationId));
  const [isPhrasesOpen, setPhrasesOpen] = useState(false);
  const [isStartingCall, setStartingCall] = useState(false);
  const imageInput = useRef<HTMLInputElement>(null);

  /** Rings the other member (decision 057); the call page takes over from there. */
  const startCall = async () => {
    if (isStartingCall) return;
    setStartingCall(true);
    try {
      const call = await callApi.start(conversationId, callDeviceId());
      navigate(paths.chatVoiceCall.href(call.id));
    } catch (error) {
      showToast(t('call.startFailed', { message: isApiError(error) ? error.message : String(error) }));
    } finally {
      setStartingCall(false);
    }
  };

  const changeDraft = (text: string) => {
    setDraft(text);
    writeDraft(conversationId, text);
  };
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const text = draft.trim();
    if (!text) return;
    onSending();
    chat.sendText(text);
    changeDraft('');
  };

  return (
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
      {canCall ? (
        <button
          type="button"
          className="chat-input__icon chat-input__icon--call"
          aria-label={t('call.start')}
          disabled={isStartingCall}
          onClick={() => void startCall()}
        >
          <PhoneFill />
        </button>
      ) : null}
      <VoiceRecordButton
        onRecorded={(recording) => {
          onSending();
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
            onSending();
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
      <PhrasePicker
        isOpen={isPhrasesOpen}
        onClose={() => setPhrasesOpen(false)}
        onPick={(text) => {
          setPhrasesOpen(false);
          onSending();
          chat.sendText(text);
        }}
      />
    </form>
  );
}
