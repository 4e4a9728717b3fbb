import { AudioOutline, StopOutline } from 'antd-mobile-icons';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../components/ui/feedback';
import {
  canRecordVoice,
  createVoiceRecorder,
  formatVoiceDuration,
  type VoiceRecording,
} from './voice-recorder';

/**
 * The input bar's microphone (decision 060): tap to record, tap again to send. Under one second
 * is not sent (a toast says so); the recording stops by itself at 60 s. Hidden where the browser
 * cannot record.
 */
export function VoiceRecordButton({ onRecorded }: { onRecorded: (recording: VoiceRecording) => void }) {
  const { t } = useTranslation('chat');
  const [isRecording, setRecording] = useState(false);
  const [elapsedMs, setElapsedMs] = useState(0);
  // The recorder lives as long as the page; its handlers reach the newest props through refs.
  const sendRef = useRef(onRecorded);
  sendRef.current = onRecorded;
  const tRef = useRef(t);
  tRef.current = t;
  const [recorder] = useState(() =>
    createVoiceRecorder({
      onRecorded: (recording) => {
        setRecording(false);
        sendRef.current(recording);
      },
      onTooShort: () => {
        setRecording(false);
        showToast(tRef.current('message.voiceTooShort'));
      },
      onError: (error) => {
        setRecording(false);
        showToast(
          tRef.current('message.voiceUnavailable', {
            message: error instanceof Error ? error.message : String(error),
          }),
        );
      },
    }),
  );

  useEffect(() => () => recorder.cancel(), [recorder]);
  useEffect(() => {
    if (!isRecording) return;
    const timer = window.setInterval(() => setElapsedMs(recorder.elapsedMs()), 250);
    return () => window.clearInterval(timer);
  }, [isRecording, recorder]);

  if (!canRecordVoice()) return null;

  const toggle = async () => {
    if (recorder.isRecording) {
      recorder.stop();
      return;
    }
    setElapsedMs(0);
    setRecording(true);
    await recorder.start();
    if (!recorder.isRecording) setRecording(false);
  };

  return (
    <>
      <button
        type="button"
        className={isRecording ? 'chat-input__icon chat-input__icon--recording' : 'chat-input__icon'}
        aria-label={isRecording ? t('input.voiceStop') : t('input.voiceStart')}
        aria-pressed={isRecording}
        onClick={() => void toggle()}
      >
        {isRecording ? <StopOutline /> : <AudioOutline />}
      </button>
      {isRecording ? (
        <span className="chat-input__recording" role="status">
          {t('input.recording', { duration: formatVoiceDuration(elapsedMs) })}
        </span>
      ) : null}
    </>
  );
}
