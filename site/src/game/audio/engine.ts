/**
 * The synthesiser, on the Web Audio API: effects → sfx bus, ambience → music bus, both → master → speakers. Browsers
 * let a page start sound only after the player has touched it, so the AudioContext is made on the first pointerdown
 * or keydown (unlock()); until then play() does nothing. A sound that would be silent (muted, or its bus at 0) is not
 * synthesised.
 *
 * Written on Web Audio directly rather than with a synth library: zzfx, the usual tiny one, makes its AudioContext
 * when it is imported and plays straight to the speakers, so it offers neither the first-touch rule nor buses, and
 * the recipes (sounds.ts) need only oscillators, one noise buffer, a filter and an envelope.
 */
import { AUDIO_DEFAULTS, type AudioSettings, audible, busGains, tooSoon } from '../../lib/audio-rules.ts';
import { SOUNDS, type SoundName, type Voice } from './sounds.ts';

/** How many played sounds the debug hook keeps. */
const LOG_KEPT = 200;

interface Graph {
  ctx: AudioContext;
  master: GainNode;
  sfx: GainNode;
  music: GainNode;
  noise: AudioBuffer;
}

export class AudioEngine {
  private graph: Graph | null = null;
  private settings: AudioSettings = { ...AUDIO_DEFAULTS };
  private readonly lastAt = new Map<SoundName, number>();
  /** Names of the sounds synthesised, oldest first (the debug hook reads it). */
  readonly played: SoundName[] = [];

  constructor(private readonly createContext: () => AudioContext = () => new AudioContext()) {}

  get unlocked(): boolean {
    return this.graph !== null;
  }

  /** Call from a user gesture: makes (or resumes) the AudioContext; false when the browser has no audio to give. */
  unlock(): boolean {
    if (!this.graph) {
      let ctx: AudioContext;
      try {
        ctx = this.createContext();
      } catch (err) {
        console.warn('[audio] no AudioContext', err);
        return false;
      }
      const gain = (to: AudioNode) => {
        const g = ctx.createGain();
        g.connect(to);
        return g;
      };
      const master = gain(ctx.destination);
      this.graph = { ctx, master, sfx: gain(master), music: gain(master), noise: noiseBuffer(ctx) };
      this.applyGains();
    }
    if (this.graph.ctx.state === 'suspended')
      this.graph.ctx.resume().catch((err) => console.warn('[audio] could not resume', err));
    return true;
  }

  setSettings(s: AudioSettings): void {
    this.settings = { ...s };
    this.applyGains();
  }

  /** The buses' gains as the nodes hold them; null before the first touch. */
  gains(): { master: number; sfx: number; music: number } | null {
    const g = this.graph;
    return g && { master: g.master.gain.value, sfx: g.sfx.gain.value, music: g.music.gain.value };
  }

  /** Plays `name`; false when it is not heard (before the first touch, silent, or the same sound a moment ago). */
  play(name: SoundName, now = performance.now()): boolean {
    const g = this.graph;
    const def = SOUNDS[name];
    if (!g || !audible(this.settings, def.bus) || tooSoon(this.lastAt.get(name), now)) return false;
    this.lastAt.set(name, now);
    const bus = def.bus === 'sfx' ? g.sfx : g.music;
    const start = g.ctx.currentTime + 0.005;
    for (const v of def.voices as readonly Voice[]) voice(g, v, bus, start + (v.at ?? 0));
    this.played.push(name);
    if (this.played.length > LOG_KEPT) this.played.splice(0, this.played.length - LOG_KEPT);
    return true;
  }

  private applyGains(): void {
    const g = this.graph;
    if (!g) return;
    const to = busGains(this.settings);
    g.master.gain.value = to.master;
    g.sfx.gain.value = to.sfx;
    g.music.gain.value = to.music;
  }
}

/** Two seconds of white noise, shared by every noise voice (each starts at a random offset). */
function noiseBuffer(ctx: AudioContext): AudioBuffer {
  const buffer = ctx.createBuffer(1, ctx.sampleRate * 2, ctx.sampleRate);
  const data = buffer.getChannelData(0);
  for (let i = 0; i < data.length; i++) data[i] = Math.random() * 2 - 1;
  return buffer;
}

function voice(g: Graph, v: Voice, bus: AudioNode, t: number): void {
  const { ctx } = g;
  const end = t + v.dur;
  const env = ctx.createGain();
  env.gain.setValueAtTime(0.0001, t);
  env.gain.exponentialRampToValueAtTime(v.gain, t + Math.min(v.attack ?? 0.005, v.dur / 2));
  env.gain.exponentialRampToValueAtTime(0.0001, end);
  env.connect(bus);

  let source: AudioScheduledSourceNode;
  let pitch: AudioParam;
  if (v.wave === 'noise') {
    const noise = ctx.createBufferSource();
    noise.buffer = g.noise;
    noise.loop = true;
    const filter = ctx.createBiquadFilter();
    filter.type = v.filter ?? 'bandpass';
    filter.Q.value = v.q ?? 1;
    noise.connect(filter).connect(env);
    source = noise;
    pitch = filter.frequency;
    noise.start(t, Math.random() * 1.5);
  } else {
    const osc = ctx.createOscillator();
    osc.type = v.wave;
    osc.connect(env);
    source = osc;
    pitch = osc.frequency;
    osc.start(t);
  }
  pitch.setValueAtTime(v.freq, t);
  if (v.to !== undefined && v.to !== v.freq) pitch.exponentialRampToValueAtTime(v.to, end);
  source.stop(end + 0.02);
  // Free the nodes once the voice is over.
  source.onended = () => env.disconnect();
}
