/**
 * The ring of an incoming call and the ring-back of an outgoing one, drawn with Web Audio (no
 * sound file to download) plus a vibration pattern where the phone has one. A browser that has
 * not had a tap on the page yet may keep the audio silent; the call page still shows the ring.
 */
export function startRingTone(kind: 'incoming' | 'outgoing'): () => void {
  const AudioContextClass =
    window.AudioContext ??
    (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  let context: AudioContext | null = null;
  try {
    context = AudioContextClass ? new AudioContextClass() : null;
  } catch {
    context = null;
  }
  const [low, high, onMs, everyMs] =
    kind === 'incoming' ? [440, 480, 1_000, 2_500] : [425, 425, 1_000, 4_000];
  const beep = () => {
    if (kind === 'incoming') navigator.vibrate?.([600, 300, 600]);
    if (!context) return;
    void context.resume().catch(() => {});
    const gain = context.createGain();
    gain.gain.value = 0.08;
    gain.connect(context.destination);
    for (const frequency of [low, high]) {
      const oscillator = context.createOscillator();
      oscillator.frequency.value = frequency;
      oscillator.connect(gain);
      oscillator.start();
      oscillator.stop(context.currentTime + onMs / 1000);
    }
  };
  beep();
  const timer = window.setInterval(beep, everyMs);
  return () => {
    window.clearInterval(timer);
    navigator.vibrate?.(0);
    void context?.close().catch(() => {});
  };
}
