/**
 * The new-message sound (docs/ARCHITECTURE.md "Client rules": message lists): a short two-note
 * chime synthesized with Web Audio, so no sound file is loaded. Browsers keep an audio context
 * suspended until the page has had a user gesture; until then the chime is silently skipped.
 */
let context: AudioContext | null = null;
let lastPlayed = 0;
/** Bursts of messages chime once. */
const MIN_GAP_MS = 1_000;

export function playMessageSound(): void {
  const now = Date.now();
  if (now - lastPlayed < MIN_GAP_MS) return;
  lastPlayed = now;
  const AudioCtor = typeof window === "undefined" ? undefined : (window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext);
  if (!AudioCtor) return;
  try {
    context ??= new AudioCtor();
    if (context.state === "suspended") void context.resume().catch(() => {});
    const start = context.currentTime + 0.01;
    [
      { freq: 880, at: 0 },
      { freq: 1318.5, at: 0.09 },
    ].forEach(({ freq, at }) => {
      const osc = context!.createOscillator();
      const gain = context!.createGain();
      osc.type = "sine";
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, start + at);
      gain.gain.exponentialRampToValueAtTime(0.08, start + at + 0.015);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + at + 0.22);
      osc.connect(gain).connect(context!.destination);
      osc.start(start + at);
      osc.stop(start + at + 0.25);
    });
  } catch {
    // No audio device or a refused context: no sound.
  }
}
