/**
 * The player's sound settings (master, effects and ambience volumes, mute), kept in localStorage under
 * wasteland:audio:* so they outlive a reload, and checked when read back: anything that is not a volume from 0 to 1
 * (or 'true'/'false' for mute) falls back to the default. The numbers live in lib/audio-rules.ts.
 */
import { persistentAtom } from '@nanostores/persistent';
import { computed } from 'nanostores';
import {
  AUDIO_DEFAULTS,
  AUDIO_STORAGE_KEYS,
  type AudioSettings,
  parseMuted,
  parseVolume,
  snapVolume,
  type Volume,
} from '../lib/audio-rules.ts';

const volumeAtom = (v: Volume) =>
  persistentAtom<number>(AUDIO_STORAGE_KEYS[v], AUDIO_DEFAULTS[v], {
    encode: (n) => String(snapVolume(n)),
    decode: (raw) => parseVolume(raw, AUDIO_DEFAULTS[v]),
  });

export const $volumes = { master: volumeAtom('master'), sfx: volumeAtom('sfx'), music: volumeAtom('music') } as const;

export const $muted = persistentAtom<boolean>(AUDIO_STORAGE_KEYS.muted, AUDIO_DEFAULTS.muted, {
  encode: (b) => String(b),
  decode: (raw) => parseMuted(raw, AUDIO_DEFAULTS.muted),
});

export const $audioSettings = computed(
  [$volumes.master, $volumes.sfx, $volumes.music, $muted],
  (master, sfx, music, muted): AudioSettings => ({ master, sfx, music, muted }),
);

export function setVolume(v: Volume, value: number): void {
  $volumes[v].set(snapVolume(value));
}

export function setMuted(muted: boolean): void {
  $muted.set(muted);
}
