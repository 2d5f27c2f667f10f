/**
 * The numbers of the game's sound (spec section 9: master 0.7, sfx 0.8, music 0.5, sliders 0–1 in steps of 0.1, a
 * mute toggle, wind every 8–20 s with a 70% chance) and the pure decisions made from them: the gains the buses get,
 * whether a sound is heard at all, when the ambience speaks next, which of several near-simultaneous game cues is
 * played, when a footstep falls. Only the browser plays sound, so this lives with the site, not in api/.
 */
export const VOLUME_MIN = 0;
export const VOLUME_MAX = 1;
export const VOLUME_STEP = 0.1;

export interface AudioSettings {
  master: number;
  sfx: number;
  music: number;
  muted: boolean;
}
export type Volume = Exclude<keyof AudioSettings, 'muted'>;
export const VOLUMES: readonly Volume[] = ['master', 'sfx', 'music'];

export const AUDIO_DEFAULTS: Readonly<AudioSettings> = Object.freeze({ master: 0.7, sfx: 0.8, music: 0.5, muted: false });

/** Where each setting is kept in localStorage. */
export const AUDIO_STORAGE_KEYS: Readonly<Record<keyof AudioSettings, string>> = Object.freeze({
  master: 'wasteland:audio:master',
  sfx: 'wasteland:audio:sfx',
  music: 'wasteland:audio:music',
  muted: 'wasteland:audio:muted',
});

/** A slider's value: within 0–1 and on the 0.1 grid (so 0.30000000000000004 is stored and shown as 0.3). */
export function snapVolume(v: number): number {
  if (!Number.isFinite(v)) return VOLUME_MIN;
  // Steps per unit as an integer: dividing by 0.1 itself rounds 0.35 down (0.35 / 0.1 = 3.4999…).
  const perUnit = Math.round(1 / VOLUME_STEP);
  return Math.round(Math.min(VOLUME_MAX, Math.max(VOLUME_MIN, v)) * perUnit) / perUnit;
}

// localStorage is outside input: another tab, an old build or a hand edit may have written anything there. Checked
// by hand rather than with arktype: these two checks are a line each, and arktype stays off the page's main thread
// (the contract's validator runs in a worker: game/validate), since building it blocks a phone for a moment.
/** A decimal number as text ('0.3', '1', '-0.1'): how a volume is stored. */
const DECIMAL = /^-?(?:\d+(?:\.\d+)?|\.\d+)$/;

/** A stored volume, or `fallback` for anything that is not a number from 0 to 1. */
export function parseVolume(raw: string | null | undefined, fallback: number): number {
  if (typeof raw !== 'string' || !DECIMAL.test(raw)) return fallback;
  const v = Number(raw);
  return v >= VOLUME_MIN && v <= VOLUME_MAX ? snapVolume(v) : fallback;
}

/** A stored mute flag, or `fallback` for anything but 'true' / 'false'. */
export function parseMuted(raw: string | null | undefined, fallback: boolean): boolean {
  if (raw === 'true') return true;
  return raw === 'false' ? false : fallback;
}

/** The three gain nodes: effects and ambience each feed master; mute silences master (and so everything). */
export function busGains(s: AudioSettings): { master: number; sfx: number; music: number } {
  return { master: s.muted ? 0 : s.master, sfx: s.sfx, music: s.music };
}

/** Effects go through the sfx bus, the ambience (wind, birds, trees) through the music bus. */
export type Bus = 'sfx' | 'music';

/** Whether a sound on `bus` would reach the speakers at all (else it is not synthesised). */
export function audible(s: AudioSettings, bus: Bus): boolean {
  const g = busGains(s);
  return g.master * g[bus] > 0;
}

/** The same sound twice within this many ms is one sound (a burst of chat history, a double event). */
export const SAME_SOUND_GAP_MS = 60;

export function tooSoon(lastAt: number | undefined, now: number): boolean {
  return lastAt !== undefined && now - lastAt < SAME_SOUND_GAP_MS;
}

export const AMBIENT_MIN_MS = 8_000;
export const AMBIENT_MAX_MS = 20_000;
export const AMBIENT_WIND_CHANCE = 0.7;
/** Ours, not the spec's: trees creak in some of the gusts, and birds sing now and then, by day only. */
export const AMBIENT_TREE_CHANCE = 0.35;
export const AMBIENT_BIRD_CHANCE = 0.25;

export type AmbientSound = 'wind' | 'tree' | 'bird';

/** The wait before the ambience's next tick: uniform over 8–20 s. */
export function ambientDelay(random: () => number): number {
  return AMBIENT_MIN_MS + random() * (AMBIENT_MAX_MS - AMBIENT_MIN_MS);
}

/**
 * One tick of the ambience: what plays now, and the wait (uniform 8–20 s) before the next tick. `random` returns
 * [0, 1) like Math.random; each decision draws once, in a fixed order, so a test can script them.
 */
export function ambientTick(random: () => number, isDay: boolean): { sounds: AmbientSound[]; nextInMs: number } {
  const sounds: AmbientSound[] = [];
  if (random() < AMBIENT_WIND_CHANCE) {
    sounds.push('wind');
    if (random() < AMBIENT_TREE_CHANCE) sounds.push('tree');
  }
  if (isDay && random() < AMBIENT_BIRD_CHANCE) sounds.push('bird');
  return { sounds, nextInMs: ambientDelay(random) };
}

/** World units walked per footstep: two a second at the walking speed of 60 units/s. */
export const FOOTSTEP_STRIDE_UNITS = 30;

/** Counts the ground walked; says when a footstep falls. */
export class Stride {
  private walked = 0;
  private last: { x: number; y: number } | null = null;

  /** A new position; true when a stride's worth of ground has been walked since the last footstep. */
  step(x: number, y: number, walking: boolean): boolean {
    const last = this.last;
    this.last = { x, y };
    if (!walking || !last) {
      this.walked = 0;
      return false;
    }
    this.walked += Math.hypot(x - last.x, y - last.y);
    if (this.walked < FOOTSTEP_STRIDE_UNITS) return false;
    this.walked %= FOOTSTEP_STRIDE_UNITS;
    return true;
  }
}

/** Two hovers closer than this are one (sweeping the pointer over a row of buttons is not a drum roll). */
export const HOVER_GAP_MS = 120;

/**
 * Game cues heard from several places at once for one action (a scavenge answers over HTTP with a toast and a
 * result while the socket says the inventory changed): those offered within this window are one cue, the most
 * telling one.
 */
export const CUE_SETTLE_MS = 200;

export const CUE_PRIORITY = {
  pickup: 1,
  success: 2,
  assign: 3,
  scavenge: 3,
  recruit: 4,
  build: 4,
  settlement: 5,
  // A job done at the bench: its toast would chime and the pack's update pick up.
  craftDone: 5,
  // News that came to the player (notices/notices.ts): a bell rather than the chime of their own actions.
  notice: 5,
  error: 6,
  // A raid's toast (a red one for a warning) comes with its own sound, never the plain chime or buzz.
  raidRepelled: 7,
  raidBreached: 7,
  raidWarning: 8,
} as const;
export type GameCue = keyof typeof CUE_PRIORITY;

/** Collects the cues of one moment; the caller takes the winner CUE_SETTLE_MS after the first offer. */
export class CueGate {
  private pending: GameCue | null = null;

  /** True when this opens a new window (the caller schedules take()). */
  offer(cue: GameCue): boolean {
    const opens = this.pending === null;
    if (opens || CUE_PRIORITY[cue] > CUE_PRIORITY[this.pending as GameCue]) this.pending = cue;
    return opens;
  }

  take(): GameCue | null {
    const cue = this.pending;
    this.pending = null;
    return cue;
  }
}
