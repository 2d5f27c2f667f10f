import { afterEach, describe, expect, test } from 'bun:test';
import { type PersistentListener, setPersistentEngine } from '@nanostores/persistent';
import { AUDIO_DEFAULTS, AUDIO_STORAGE_KEYS } from '../lib/audio-rules.ts';

/** localStorage and its 'storage' events (another tab writing), in memory. */
const storage: Record<string, string> = {};
let listeners: PersistentListener[] = [];
setPersistentEngine(storage, {
  addEventListener: (_key, fn) => listeners.push(fn),
  removeEventListener: (_key, fn) => {
    listeners = listeners.filter((l) => l !== fn);
  },
});
function fromOtherTab(key: string, value: string): void {
  storage[key] = value;
  for (const fn of [...listeners]) fn({ key, newValue: value });
}

// The store reads localStorage when it is made: the engine, with garbage in it, must be in place first.
Object.assign(storage, {
  [AUDIO_STORAGE_KEYS.master]: 'very loud',
  [AUDIO_STORAGE_KEYS.sfx]: '0.4',
  [AUDIO_STORAGE_KEYS.music]: '7',
  [AUDIO_STORAGE_KEYS.muted]: 'maybe',
});
const { $audioSettings, $muted, $volumes, setMuted, setVolume } = await import('./audio.ts');

describe('audio settings store', () => {
  let stop: (() => void) | null = null;
  afterEach(() => {
    stop?.();
    stop = null;
  });

  test('garbage in storage reads as the defaults; a valid value is kept', () => {
    stop = $audioSettings.listen(() => {});
    expect($audioSettings.get()).toEqual({ master: AUDIO_DEFAULTS.master, sfx: 0.4, music: AUDIO_DEFAULTS.music, muted: false });
  });

  test('settings are written under wasteland:audio:*, snapped to the 0.1 grid', () => {
    stop = $audioSettings.listen(() => {});
    setVolume('master', 0.1 + 0.2);
    setVolume('music', 3);
    setMuted(true);
    expect(storage).toMatchObject({
      'wasteland:audio:master': '0.3',
      'wasteland:audio:music': '1',
      'wasteland:audio:muted': 'true',
    });
    expect($audioSettings.get()).toMatchObject({ master: 0.3, music: 1, muted: true });
  });

  test('a change from another tab is checked too: garbage falls back to the default', () => {
    stop = $audioSettings.listen(() => {});
    fromOtherTab(AUDIO_STORAGE_KEYS.sfx, '0.2');
    expect($volumes.sfx.get()).toBe(0.2);
    fromOtherTab(AUDIO_STORAGE_KEYS.sfx, '"0.2"');
    expect($volumes.sfx.get()).toBe(AUDIO_DEFAULTS.sfx);
    fromOtherTab(AUDIO_STORAGE_KEYS.muted, 'true');
    expect($muted.get()).toBe(true);
    fromOtherTab(AUDIO_STORAGE_KEYS.muted, '1');
    expect($muted.get()).toBe(AUDIO_DEFAULTS.muted);
  });
});
