/**
 * Every sound of the game as a short recipe for the synthesiser (engine.ts): no audio files. A sound is a few voices,
 * each a tone (an oscillator, its pitch gliding from `freq` to `to`) or filtered white noise, shaped by a quick
 * attack and an exponential release. Levels are relative: the buses (rules.ts) set the loudness.
 */
import type { Bus } from '../../lib/audio-rules.ts';

export interface Voice {
  /** 'noise', or an oscillator's wave. */
  wave: 'sine' | 'square' | 'sawtooth' | 'triangle' | 'noise';
  /** Hz: the tone's pitch, or the noise filter's centre. */
  freq: number;
  /** Hz at the end of the voice (a glide); default `freq`. */
  to?: number;
  /** Seconds after the sound starts. */
  at?: number;
  /** Seconds from the start of the voice to silence. */
  dur: number;
  /** Peak level, 0–1. */
  gain: number;
  /** Seconds to reach the peak; default 5 ms (a click without a pop). */
  attack?: number;
  /** Noise only: the filter shaping it; default bandpass. */
  filter?: BiquadFilterType;
  q?: number;
}

export interface SoundDef {
  bus: Bus;
  voices: readonly Voice[];
}

const notes = (freqs: readonly number[], step: number, v: Omit<Voice, 'freq' | 'at'>): Voice[] =>
  freqs.map((freq, i) => ({ ...v, freq, at: i * step }));

export const SOUNDS = {
  click: { bus: 'sfx', voices: [{ wave: 'square', freq: 1400, to: 900, dur: 0.04, gain: 0.12 }] },
  hover: { bus: 'sfx', voices: [{ wave: 'sine', freq: 1100, dur: 0.035, gain: 0.05 }] },
  success: { bus: 'sfx', voices: notes([660, 990], 0.08, { wave: 'triangle', dur: 0.14, gain: 0.22 }) },
  error: {
    bus: 'sfx',
    voices: [
      { wave: 'sawtooth', freq: 220, to: 150, dur: 0.22, gain: 0.18 },
      { wave: 'sawtooth', freq: 165, to: 110, at: 0.12, dur: 0.25, gain: 0.15 },
    ],
  },
  scavenge: {
    bus: 'sfx',
    voices: [
      { wave: 'noise', freq: 1800, dur: 0.3, gain: 0.3, filter: 'bandpass', q: 0.8, attack: 0.03 },
      { wave: 'triangle', freq: 320, to: 260, at: 0.08, dur: 0.09, gain: 0.2 },
      { wave: 'triangle', freq: 470, to: 400, at: 0.2, dur: 0.08, gain: 0.16 },
    ],
  },
  pickup: { bus: 'sfx', voices: [{ wave: 'triangle', freq: 520, to: 1040, dur: 0.12, gain: 0.22 }] },
  inventoryOpen: {
    bus: 'sfx',
    voices: [
      { wave: 'noise', freq: 3000, to: 6000, dur: 0.12, gain: 0.14, filter: 'highpass' },
      { wave: 'sine', freq: 300, to: 520, dur: 0.1, gain: 0.12 },
    ],
  },
  inventoryClose: {
    bus: 'sfx',
    voices: [
      { wave: 'noise', freq: 6000, to: 3000, dur: 0.12, gain: 0.14, filter: 'highpass' },
      { wave: 'sine', freq: 520, to: 300, dur: 0.1, gain: 0.12 },
    ],
  },
  build: {
    bus: 'sfx',
    voices: [0, 0.16, 0.32].flatMap((at) => [
      { wave: 'noise', freq: 260, at, dur: 0.1, gain: 0.5, filter: 'lowpass' } satisfies Voice,
      { wave: 'triangle', freq: 130, to: 90, at, dur: 0.1, gain: 0.25 } satisfies Voice,
    ]),
  },
  settlement: { bus: 'sfx', voices: notes([523, 659, 784, 1047], 0.11, { wave: 'triangle', dur: 0.3, gain: 0.2 }) },
  radio: {
    bus: 'sfx',
    voices: [
      { wave: 'noise', freq: 2200, dur: 0.35, gain: 0.22, filter: 'bandpass', q: 1.5 },
      { wave: 'square', freq: 1000, at: 0.3, dur: 0.05, gain: 0.06 },
    ],
  },
  message: { bus: 'sfx', voices: notes([880, 1320], 0.09, { wave: 'sine', dur: 0.12, gain: 0.2 }) },
  recruit: { bus: 'sfx', voices: notes([392, 523, 659], 0.1, { wave: 'triangle', dur: 0.22, gain: 0.2 }) },
  assign: { bus: 'sfx', voices: notes([440, 660], 0.07, { wave: 'square', dur: 0.08, gain: 0.08 }) },
  // News for the player (an invitation, an answer, an NPC home): a two-stroke bell, high then a fifth below.
  notice: { bus: 'sfx', voices: notes([1175, 784], 0.16, { wave: 'sine', dur: 0.45, gain: 0.18, attack: 0.005 }) },
  // Raids: a siren rising and falling three times; a brass-like rising call for a raid repelled; a crash
  // and a falling minor line for a breach.
  raidWarning: {
    bus: 'sfx',
    voices: [0, 0.42, 0.84].flatMap((at) => [
      { wave: 'sawtooth', freq: 520, to: 880, at, dur: 0.21, gain: 0.1, attack: 0.02 } satisfies Voice,
      { wave: 'sawtooth', freq: 880, to: 520, at: at + 0.21, dur: 0.21, gain: 0.1, attack: 0.01 } satisfies Voice,
      { wave: 'square', freq: 130, at, dur: 0.4, gain: 0.05, attack: 0.02 } satisfies Voice,
    ]),
  },
  raidRepelled: {
    bus: 'sfx',
    voices: [
      ...notes([392, 523, 659, 784], 0.12, { wave: 'square', dur: 0.2, gain: 0.07 }),
      ...notes([196, 262, 330, 392], 0.12, { wave: 'triangle', dur: 0.24, gain: 0.18 }),
    ],
  },
  raidBreached: {
    bus: 'sfx',
    voices: [
      { wave: 'noise', freq: 500, to: 140, dur: 0.6, gain: 0.45, filter: 'lowpass', attack: 0.005 },
      { wave: 'sawtooth', freq: 330, to: 311, at: 0.1, dur: 0.3, gain: 0.12 },
      { wave: 'sawtooth', freq: 262, to: 247, at: 0.38, dur: 0.3, gain: 0.12 },
      { wave: 'sawtooth', freq: 196, to: 147, at: 0.66, dur: 0.55, gain: 0.14 },
    ],
  },
  // Crafting: two hammer taps on metal, then a rising major arpeggio: a job is done at the bench.
  craftDone: {
    bus: 'sfx',
    voices: [
      ...[0, 0.13].flatMap((at) => [
        { wave: 'noise', freq: 3800, at, dur: 0.05, gain: 0.16, filter: 'highpass', attack: 0.002 } satisfies Voice,
        { wave: 'square', freq: 1760, to: 1640, at, dur: 0.09, gain: 0.05, attack: 0.002 } satisfies Voice,
      ]),
      ...[523, 659, 784, 1047].map(
        (freq, i) => ({ wave: 'triangle', freq, at: 0.3 + i * 0.07, dur: 0.18, gain: 0.16 }) satisfies Voice,
      ),
    ],
  },
  footstep: {
    bus: 'sfx',
    voices: [{ wave: 'noise', freq: 420, to: 250, dur: 0.07, gain: 0.16, filter: 'lowpass', attack: 0.004 }],
  },
  wind: {
    bus: 'music',
    voices: [
      { wave: 'noise', freq: 300, to: 900, dur: 3.2, gain: 0.28, filter: 'lowpass', q: 4, attack: 1.2 },
      { wave: 'noise', freq: 700, to: 350, at: 1.4, dur: 2.6, gain: 0.18, filter: 'bandpass', q: 6, attack: 0.8 },
    ],
  },
  tree: {
    bus: 'music',
    voices: [
      { wave: 'noise', freq: 900, dur: 1.6, gain: 0.16, filter: 'bandpass', q: 0.7, attack: 0.5, at: 0.6 },
      { wave: 'triangle', freq: 95, to: 70, at: 1, dur: 0.6, gain: 0.12, attack: 0.15 },
    ],
  },
  bird: {
    bus: 'music',
    voices: notes([2600, 3000, 2800], 0.13, { wave: 'sine', to: 3600, dur: 0.08, gain: 0.08, attack: 0.01 }),
  },
} as const satisfies Record<string, SoundDef>;

export type SoundName = keyof typeof SOUNDS;
