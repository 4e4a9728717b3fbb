import { VOICE_MAX_MS, VOICE_MIN_MS } from '@sabai/shared/chat/chat.schemas';

/** What the browsers record, best first: Opus in WebM (Chrome, Firefox), MP4/AAC (Safari), Opus in Ogg. */
const VOICE_MIME_TYPES = ['audio/webm;codecs=opus', 'audio/webm', 'audio/mp4', 'audio/ogg;codecs=opus'];

export interface VoiceRecording {
  blob: Blob;
  durationMs: number;
}

/** Whether this browser can record a voice message at all. */
export const canRecordVoice = () =>
  typeof MediaRecorder !== 'undefined' && Boolean(navigator.mediaDevices?.getUserMedia);

const pickMimeType = () => VOICE_MIME_TYPES.find((type) => MediaRecorder.isTypeSupported?.(type) ?? false);

/**
 * One voice message being recorded (decision 060): microphone on `start`, off on `stop`; a
 * recording under the spec's one second ends in `onTooShort` and is never sent; one reaching 60 s
 * stops by itself. The microphone is released whatever happens.
 */
export function createVoiceRecorder(handlers: {
  onRecorded: (recording: VoiceRecording) => void;
  onTooShort: () => void;
  onError: (error: unknown) => void;
  now?: () => number;
}) {
  const now = handlers.now ?? (() => Date.now());
  let recorder: MediaRecorder | null = null;
  let stream: MediaStream | null = null;
  let startedAt = 0;
  let limitTimer: ReturnType<typeof setTimeout> | undefined;
  let isCancelled = false;

  const release = () => {
    clearTimeout(limitTimer);
    for (const track of stream?.getTracks() ?? []) track.stop();
    stream = null;
    recorder = null;
  };

  return {
    get isRecording() {
      return recorder !== null;
    },
    async start() {
      if (recorder) return;
      isCancelled = false;
      try {
        stream = await navigator.mediaDevices.getUserMedia({ audio: true });
        const mimeType = pickMimeType();
        const active = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
        const chunks: Blob[] = [];
        active.addEventListener('dataavailable', (event) => {
          if (event.data.size > 0) chunks.push(event.data);
        });
        active.addEventListener('stop', () => {
          const durationMs = Math.min(Math.round(now() - startedAt), VOICE_MAX_MS);
          release();
          if (isCancelled) return;
          if (durationMs < VOICE_MIN_MS) {
            handlers.onTooShort();
            return;
          }
          handlers.onRecorded({
            blob: new Blob(chunks, { type: active.mimeType || mimeType || 'audio/webm' }),
            durationMs,
          });
        });
        recorder = active;
        startedAt = now();
        active.start();
        limitTimer = setTimeout(() => active.state !== 'inactive' && active.stop(), VOICE_MAX_MS);
      } catch (error) {
        release();
        handlers.onError(error);
      }
    },
    stop() {
      if (recorder && recorder.state !== 'inactive') recorder.stop();
    },
    /** Leaving the page: nothing is sent. */
    cancel() {
      isCancelled = true;
      if (recorder && recorder.state !== 'inactive') recorder.stop();
      else release();
    },
    elapsedMs: () => (recorder ? now() - startedAt : 0),
  };
}

export type VoiceRecorder = ReturnType<typeof createVoiceRecorder>;

/** 4200 ms → "0:04"; the bubble's and the recorder's length. */
export function formatVoiceDuration(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
