// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { renderPage } from '../../../test/render';
import { VoiceBubble } from './voice-bubble';
import { VoiceRecordButton } from './voice-record-button';
import { createVoiceRecorder, formatVoiceDuration } from './voice-recorder';

/** A stand-in for the browser's MediaRecorder: it hands over one chunk of "audio" when stopped. */
class FakeMediaRecorder extends EventTarget {
  static isTypeSupported = (type: string) => type === 'audio/webm;codecs=opus';
  state: 'inactive' | 'recording' = 'inactive';
  readonly mimeType: string;
  constructor(_stream: MediaStream, options?: { mimeType?: string }) {
    super();
    this.mimeType = options?.mimeType ?? '';
  }
  start() {
    this.state = 'recording';
  }
  stop() {
    this.state = 'inactive';
    const data = new Event('dataavailable') as Event & { data: Blob };
    data.data = new Blob([new Uint8Array([0x1a, 0x45, 0xdf, 0xa3])], { type: this.mimeType });
    this.dispatchEvent(data);
    this.dispatchEvent(new Event('stop'));
  }
}

/** A microphone whose track remembers being released. */
function stubMicrophone() {
  const track = { stop: vi.fn() };
  vi.stubGlobal('MediaRecorder', FakeMediaRecorder);
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: { getUserMedia: vi.fn(async () => ({ getTracks: () => [track] })) },
  });
  return track;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the voice recorder', () => {
  it('does not send a recording under one second, and releases the microphone', async () => {
    const track = stubMicrophone();
    let time = 10_000;
    const onRecorded = vi.fn();
    const onTooShort = vi.fn();
    const recorder = createVoiceRecorder({ onRecorded, onTooShort, onError: vi.fn(), now: () => time });
    await recorder.start();
    expect(recorder.isRecording).toBe(true);
    time += 999;
    recorder.stop();
    expect(onTooShort).toHaveBeenCalledOnce();
    expect(onRecorded).not.toHaveBeenCalled();
    expect(track.stop).toHaveBeenCalled();
    expect(recorder.isRecording).toBe(false);
  });

  it('hands over a recording of one second or more as Opus in WebM, with its length', async () => {
    stubMicrophone();
    let time = 0;
    const onRecorded = vi.fn();
    const onTooShort = vi.fn();
    const recorder = createVoiceRecorder({ onRecorded, onTooShort, onError: vi.fn(), now: () => time });
    await recorder.start();
    time += 4200;
    recorder.stop();
    expect(onTooShort).not.toHaveBeenCalled();
    expect(onRecorded).toHaveBeenCalledOnce();
    const [recording] = onRecorded.mock.calls[0] as [{ blob: Blob; durationMs: number }];
    expect(recording.durationMs).toBe(4200);
    expect(recording.blob.type).toBe('audio/webm;codecs=opus');
    expect(recording.blob.size).toBe(4);
  });

  it('says so in a toast when a tap-to-record is released under one second', async () => {
    stubMicrophone();
    const onRecorded = vi.fn();
    await renderPage(<VoiceRecordButton onRecorded={onRecorded} />);
    await i18n.loadNamespaces(['chat']);
    fireEvent.click(await screen.findByRole('button', { name: 'Record a voice message' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Stop and send the voice message' }));
    expect(await screen.findByText('Too short: hold on for at least one second')).toBeTruthy();
    expect(onRecorded).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Record a voice message' })).toBeTruthy());
  });

  it('formats lengths as minutes and seconds', () => {
    expect(formatVoiceDuration(4200)).toBe('0:04');
    expect(formatVoiceDuration(60_000)).toBe('1:00');
  });
});

describe('the voice bubble', () => {
  it('shows the duration and a play control that plays and pauses the audio', async () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (
      this: HTMLMediaElement,
    ) {
      this.dispatchEvent(new Event('play'));
      return Promise.resolve();
    });
    const pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (
      this: HTMLMediaElement,
    ) {
      this.dispatchEvent(new Event('pause'));
    });
    const { container } = await renderPage(
      <VoiceBubble src="/app/uploads/chat/7-abc.webm" durationMs={4200} />,
    );
    await i18n.loadNamespaces(['chat']);
    expect(screen.getByText('0:04')).toBeTruthy();
    expect(screen.getByText('Voice message, 0:04')).toBeTruthy();
    expect(container.querySelector('audio')?.getAttribute('src')).toBe('/app/uploads/chat/7-abc.webm');
    fireEvent.click(await screen.findByRole('button', { name: 'Play voice message' }));
    expect(play).toHaveBeenCalledOnce();
    // happy-dom's audio stays "paused" under the stub: the control follows the element's events.
    Object.defineProperty(container.querySelector('audio') as HTMLAudioElement, 'paused', { value: false });
    fireEvent.click(await screen.findByRole('button', { name: 'Pause voice message' }));
    expect(pause).toHaveBeenCalled();
    play.mockRestore();
    pause.mockRestore();
  });
});
