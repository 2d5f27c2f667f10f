import { describe, expect, test } from 'bun:test';
import {
  AMBIENT_MAX_MS,
  AMBIENT_MIN_MS,
  AUDIO_DEFAULTS,
  ambientDelay,
  ambientTick,
  audible,
  busGains,
  CueGate,
  FOOTSTEP_STRIDE_UNITS,
  parseMuted,
  parseVolume,
  SAME_SOUND_GAP_MS,
  snapVolume,
  Stride,
  tooSoon,
} from './audio-rules.ts';

/** A random source that returns `values` in order (and fails the test if asked for more). */
const scripted =
  (...values: number[]) =>
  () => {
    const v = values.shift();
    if (v === undefined) throw new Error('asked for more random numbers than scripted');
    return v;
  };

describe('audio rules', () => {
  test('the spec defaults: master 0.7, effects 0.8, music 0.5, not muted', () => {
    expect(AUDIO_DEFAULTS).toEqual({ master: 0.7, sfx: 0.8, music: 0.5, muted: false });
  });

  test('a volume is clamped to 0–1 and snapped to the 0.1 grid', () => {
    expect(snapVolume(0.1 + 0.2)).toBe(0.3);
    expect(snapVolume(0.35)).toBe(0.4);
    expect(snapVolume(0.34)).toBe(0.3);
    expect(snapVolume(1.7)).toBe(1);
    expect(snapVolume(-2)).toBe(0);
    expect(snapVolume(Number.NaN)).toBe(0);
  });

  test('a stored volume is read when it is a number from 0 to 1, else the default stands', () => {
    expect(parseVolume('0.3', 0.7)).toBe(0.3);
    expect(parseVolume('0', 0.7)).toBe(0);
    expect(parseVolume('1', 0.7)).toBe(1);
    expect(parseVolume('0.33', 0.7)).toBe(0.3);
    for (const bad of ['', 'loud', '1.5', '-0.1', 'NaN', 'Infinity', '{"v":1}', 'null', ' 0.5x', null, undefined])
      expect(parseVolume(bad, 0.7)).toBe(0.7);
  });

  test("a stored mute flag is read when it is 'true' or 'false', else the default stands", () => {
    expect(parseMuted('true', false)).toBe(true);
    expect(parseMuted('false', true)).toBe(false);
    for (const bad of ['', 'yes', '1', 'TRUE', null, undefined]) expect(parseMuted(bad, false)).toBe(false);
  });

  test('the buses: effects and music keep their volumes, mute zeroes master', () => {
    const s = { master: 0.3, sfx: 0.8, music: 0.5, muted: false };
    expect(busGains(s)).toEqual({ master: 0.3, sfx: 0.8, music: 0.5 });
    expect(busGains({ ...s, muted: true })).toEqual({ master: 0, sfx: 0.8, music: 0.5 });
  });

  test('a sound is synthesised only when its bus reaches the speakers', () => {
    const s = { ...AUDIO_DEFAULTS };
    expect(audible(s, 'sfx')).toBe(true);
    expect(audible({ ...s, muted: true }, 'sfx')).toBe(false);
    expect(audible({ ...s, muted: true }, 'music')).toBe(false);
    expect(audible({ ...s, master: 0 }, 'sfx')).toBe(false);
    expect(audible({ ...s, sfx: 0 }, 'sfx')).toBe(false);
    expect(audible({ ...s, sfx: 0 }, 'music')).toBe(true);
    expect(audible({ ...s, music: 0 }, 'music')).toBe(false);
  });

  test('the same sound again within the gap is dropped', () => {
    expect(tooSoon(undefined, 0)).toBe(false);
    expect(tooSoon(1000, 1000 + SAME_SOUND_GAP_MS - 1)).toBe(true);
    expect(tooSoon(1000, 1000 + SAME_SOUND_GAP_MS)).toBe(false);
  });
});

describe('ambience', () => {
  test('the wait between ticks is uniform over 8–20 s', () => {
    expect(ambientDelay(() => 0)).toBe(AMBIENT_MIN_MS);
    expect(ambientDelay(() => 0.5)).toBe(14_000);
    expect(ambientDelay(() => 0.999999)).toBeLessThan(AMBIENT_MAX_MS);
    expect(AMBIENT_MIN_MS).toBe(8_000);
    expect(AMBIENT_MAX_MS).toBe(20_000);
  });

  test('wind blows on draws under 0.7 and not from 0.7 up', () => {
    // wind draw, tree draw, delay draw (night: no bird draw)
    expect(ambientTick(scripted(0.69, 0.9, 0), false)).toEqual({ sounds: ['wind'], nextInMs: 8_000 });
    expect(ambientTick(scripted(0.7, 0), false)).toEqual({ sounds: [], nextInMs: 8_000 });
  });

  test('a tree creaks only in a gust; birds sing only by day', () => {
    expect(ambientTick(scripted(0.1, 0.1, 0.1, 1 - 1e-9), true).sounds).toEqual(['wind', 'tree', 'bird']);
    expect(ambientTick(scripted(0.9, 0.1, 0), true).sounds).toEqual(['bird']);
    expect(ambientTick(scripted(0.9, 0), false).sounds).toEqual([]);
  });

  test('over many ticks, about 70% carry wind', () => {
    let seed = 42;
    const lcg = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    let windy = 0;
    for (let i = 0; i < 10_000; i++) if (ambientTick(lcg, true).sounds.includes('wind')) windy++;
    expect(windy / 10_000).toBeGreaterThan(0.67);
    expect(windy / 10_000).toBeLessThan(0.73);
  });
});

describe('footsteps', () => {
  test('one footstep per stride walked; standing still resets the count', () => {
    const stride = new Stride();
    const steps: boolean[] = [];
    for (let x = 0; x <= 3 * FOOTSTEP_STRIDE_UNITS; x += 5) steps.push(stride.step(x, 0, true));
    expect(steps.filter(Boolean)).toHaveLength(3);
    expect(steps[0]).toBe(false);
    expect(stride.step(100, 0, false)).toBe(false);
    expect(stride.step(100 + FOOTSTEP_STRIDE_UNITS - 1, 0, true)).toBe(false);
    expect(stride.step(100 + FOOTSTEP_STRIDE_UNITS, 0, true)).toBe(true);
  });
});

describe('cue gate', () => {
  test('cues of one moment are one: the most telling wins, whatever the order', () => {
    const gate = new CueGate();
    expect(gate.offer('pickup')).toBe(true);
    expect(gate.offer('success')).toBe(false);
    expect(gate.offer('scavenge')).toBe(false);
    expect(gate.offer('pickup')).toBe(false);
    expect(gate.take()).toBe('scavenge');
    expect(gate.take()).toBe(null);
    expect(gate.offer('success')).toBe(true);
    expect(gate.take()).toBe('success');
  });

  test('an error outranks every action’s cue; a settlement outranks its success toast and the inventory change', () => {
    const gate = new CueGate();
    gate.offer('settlement');
    gate.offer('success');
    gate.offer('pickup');
    expect(gate.take()).toBe('settlement');
    gate.offer('scavenge');
    gate.offer('error');
    expect(gate.take()).toBe('error');
  });

  test('a job done at the bench outranks its chime and the pack’s pickup, not an error', () => {
    const gate = new CueGate();
    gate.offer('pickup');
    gate.offer('craftDone');
    gate.offer('success');
    expect(gate.take()).toBe('craftDone');
    gate.offer('craftDone');
    gate.offer('error');
    expect(gate.take()).toBe('error');
  });

  test('a raid’s sound outranks the toast that comes with it (a warning’s red toast would buzz)', () => {
    const gate = new CueGate();
    gate.offer('error');
    gate.offer('raidWarning');
    expect(gate.take()).toBe('raidWarning');
    gate.offer('raidBreached');
    gate.offer('error');
    expect(gate.take()).toBe('raidBreached');
    gate.offer('success');
    gate.offer('raidRepelled');
    expect(gate.take()).toBe('raidRepelled');
  });
});
