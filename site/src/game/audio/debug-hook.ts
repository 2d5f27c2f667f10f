/**
 * What Playwright can see of the sound (Web Audio cannot be listened to from a test): `window.__wastelandAudio`
 * with the names of the sounds synthesised so far and the buses' gains as the nodes hold them (null before the
 * player's first touch).
 */
import type { AudioEngine } from './engine.ts';
import type { SoundName } from './sounds.ts';

export interface WastelandAudioHook {
  played(): SoundName[];
  gains(): { master: number; sfx: number; music: number } | null;
}

declare global {
  interface Window {
    __wastelandAudio?: WastelandAudioHook;
  }
}

export function installAudioHook(audio: AudioEngine): () => void {
  const hook: WastelandAudioHook = Object.freeze({ played: () => [...audio.played], gains: () => audio.gains() });
  window.__wastelandAudio = hook;
  return () => {
    if (window.__wastelandAudio === hook) delete window.__wastelandAudio;
  };
}
