// Short tones when a turn is done and when a match ends, for the "Sound" setting. Without audio
// (no device, a blocked context) it stays silent.
/** @type {Record<string, [number, number] | undefined>} */
const TONES = { turn: [660, 0.12], end: [440, 0.35] };
/** @type {AudioContext | null} */
let audio = null;

/** @param {'turn' | 'end'} kind */
export function playSound(kind) {
  try {
    // Older WebKit (the app window on some Linux systems) names it webkitAudioContext.
    const Context = globalThis.AudioContext
      ?? /** @type {{ webkitAudioContext?: typeof AudioContext }} */ (/** @type {unknown} */ (globalThis)).webkitAudioContext;
    if (!Context) return;
    audio ??= new Context();
    const [frequency, seconds] = TONES[kind] ?? [660, 0.12];
    const now = audio.currentTime;
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.frequency.value = frequency;
    gain.gain.setValueAtTime(0.08, now);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + seconds);
    osc.connect(gain).connect(audio.destination);
    osc.start(now);
    osc.stop(now + seconds + 0.02);
  } catch { /* no audio here: silence */ }
}
