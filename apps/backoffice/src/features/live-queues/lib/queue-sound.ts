/** Where the console keeps whether a new queue item beeps (off unless the member turns it on). */
export const SOUND_STORAGE_KEY = 'lc.backoffice.sound';

let audio: AudioContext | null = null;

export function isSoundOn(): boolean {
  try {
    return localStorage.getItem(SOUND_STORAGE_KEY) === 'on';
  } catch {
    return false;
  }
}

export function setSoundOn(isOn: boolean): void {
  try {
    if (isOn) localStorage.setItem(SOUND_STORAGE_KEY, 'on');
    else localStorage.removeItem(SOUND_STORAGE_KEY);
  } catch {
    // Storage refused (private mode): the choice lasts for this page only.
  }
  // Browsers start audio only after a gesture: the click that turns the sound on unlocks it, with a sample.
  if (isOn) beep();
}

/** A short two-tone beep made with Web Audio (no audio file to load). */
export function beep(): void {
  if (typeof AudioContext === 'undefined') return;
  audio ??= new AudioContext();
  void audio.resume();
  const start = audio.currentTime;
  for (const [offset, frequency] of [
    [0, 880],
    [0.18, 1320],
  ] as const) {
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, start + offset);
    gain.gain.exponentialRampToValueAtTime(0.2, start + offset + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.15);
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start(start + offset);
    oscillator.stop(start + offset + 0.16);
  }
}
