import { PlayOutline } from 'antd-mobile-icons';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatVoiceDuration } from './voice-recorder';

/** A voice message in the conversation: a play/pause control and its recorded length (decision 060). */
export function VoiceBubble({ src, durationMs }: { src: string | null; durationMs: number }) {
  const { t } = useTranslation('chat');
  const audio = useRef<HTMLAudioElement>(null);
  const [isPlaying, setPlaying] = useState(false);
  const duration = formatVoiceDuration(durationMs);

  useEffect(() => {
    const element = audio.current;
    return () => element?.pause();
  }, []);

  const toggle = () => {
    const element = audio.current;
    if (!element) return;
    if (element.paused) {
      void element.play().catch(() => setPlaying(false));
    } else {
      element.pause();
    }
  };

  return (
    <span className="chat-voice" data-testid="chat-voice">
      <button
        type="button"
        className="chat-voice__toggle"
        aria-label={isPlaying ? t('message.voicePause') : t('message.voicePlay')}
        aria-pressed={isPlaying}
        disabled={!src}
        onClick={toggle}
      >
        {isPlaying ? (
          <span className="chat-voice__pause" aria-hidden="true" />
        ) : (
          <PlayOutline aria-hidden="true" />
        )}
      </button>
      <span className="chat-voice__wave" aria-hidden="true" />
      <span className="chat-voice__duration">
        <span aria-hidden="true">{duration}</span>
        <span className="visually-hidden">{t('message.voiceDuration', { duration })}</span>
      </span>
      {src ? (
        // biome-ignore lint/a11y/useMediaCaption: a voice message has no captions to offer
        <audio
          ref={audio}
          src={src}
          preload="metadata"
          onPlay={() => setPlaying(true)}
          onPause={() => setPlaying(false)}
          onEnded={() => setPlaying(false)}
        />
      ) : null}
    </span>
  );
}
