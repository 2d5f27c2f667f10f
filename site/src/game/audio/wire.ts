/**
 * Wires the sound to the live page, so no component or action calls the audio itself: the settings store sets the
 * buses; the first touch unlocks the AudioContext; the interface's clicks and hovers (ui.ts); the socket's chat,
 * inventory, settlement, raid and craft messages; the stores that actions fill (results, toasts, shelters, the settlement's NPCs,
 * the phone's Items panel); the survivor's steps; the ambience's wind, trees and birds.
 */
import { $mobilePanel, $time } from '../../stores/game.ts';
import { $results } from '../../stores/actions.ts';
import { $audioSettings } from '../../stores/audio.ts';
import { $settlementNpcs } from '../../stores/npcs.ts';
import { $shelters } from '../../stores/settlements.ts';
import { $toast } from '../../stores/toast.ts';
import { tileOf } from '../map/geometry.ts';
import type { GameSession } from '../session/context.ts';
import { builtHere, raidCue, reassigned, resultCue, toastCue } from './cues.ts';
import { installAudioHook } from './debug-hook.ts';
import { AudioEngine } from './engine.ts';
import { ambientDelay, ambientTick, CUE_SETTLE_MS, CueGate, type GameCue, Stride } from '../../lib/audio-rules.ts';
import { listenToUi, unlockOnFirstTouch } from './ui.ts';

let shared: AudioEngine | null = null;

/** One engine per page: a retried session keeps the AudioContext the first touch opened. */
export function pageAudio(): AudioEngine {
  shared ??= new AudioEngine();
  return shared;
}

export function wireAudio(s: GameSession): void {
  const audio = pageAudio();
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const later = (fn: () => void, ms: number) => {
    const t = setTimeout(() => {
      timers.delete(t);
      fn();
    }, ms);
    timers.add(t);
  };
  s.onStop(() => {
    for (const t of timers) clearTimeout(t);
  });

  s.onStop($audioSettings.subscribe((settings) => audio.setSettings(settings)));
  if (!audio.unlocked) s.onStop(unlockOnFirstTouch(document, () => audio.unlock()));
  s.onStop(listenToUi(document, (name) => audio.play(name)));
  s.onStop(installAudioHook(audio));

  const gate = new CueGate();
  const cue = (c: GameCue | null) => {
    if (!c || !gate.offer(c)) return;
    later(() => {
      const winner = gate.take();
      if (winner) audio.play(winner);
    }, CUE_SETTLE_MS);
  };

  s.onStop(s.live.on('chatMessage', (m) => audio.play(m.playerId === s.player.id ? 'radio' : 'message')));
  s.onStop(s.live.on('inventoryUpdated', () => cue('pickup')));
  s.onStop(s.live.on('settlementChanged', (_, created) => created && cue('settlement')));
  s.onStop(s.live.on('raidWarning', () => cue('raidWarning')));
  s.onStop(s.live.on('raidResult', (r) => cue(raidCue(r.raid.outcome))));
  s.onStop(s.live.on('craftDone', () => cue('craftDone')));

  let lastResult = $results.get()[0]?.id ?? 0;
  s.onStop(
    $results.listen((list) => {
      cue(resultCue(list[0], lastResult));
      lastResult = Math.max(lastResult, list[0]?.id ?? 0);
    }),
  );
  s.onStop($toast.listen((t) => t && cue(toastCue(t))));
  // The first list is the region as loaded: a shelter underfoot then was there before us.
  let shelters: Set<string> | null = null;
  s.onStop(
    $shelters.listen((list) => {
      const at = s.engine.position;
      if (shelters && builtHere(shelters, list, { tileX: tileOf(at.x), tileY: tileOf(at.y) })) cue('build');
      shelters = new Set(list.map((x) => x.id));
    }),
  );
  let npcs = $settlementNpcs.get();
  s.onStop(
    $settlementNpcs.listen((now) => {
      if (reassigned(npcs, now)) cue('assign');
      npcs = now;
    }),
  );
  let panel = $mobilePanel.get();
  s.onStop(
    $mobilePanel.listen((now) => {
      if (now === 'items' && panel !== 'items') audio.play('inventoryOpen');
      else if (panel === 'items' && now !== 'items') audio.play('inventoryClose');
      panel = now;
    }),
  );

  const stride = new Stride();
  s.onStop(s.engine.walk.onPosition((p) => stride.step(p.x, p.y, p.walking) && audio.play('footstep')));

  const ambient = () => {
    const { sounds, nextInMs } = ambientTick(Math.random, $time.get()?.isDay ?? true);
    for (const name of sounds) audio.play(name);
    later(ambient, nextInMs);
  };
  later(ambient, ambientDelay(Math.random));
}
