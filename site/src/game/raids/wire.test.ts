import { afterEach, beforeEach, expect, test } from 'bun:test';
import { RAID_TEXT } from '../../../../api/contract/raids.ts';
import { $toast } from '../../stores/toast.ts';
import { $gameLog, resetGameStores } from '../../stores/game.ts';
import { $raidWarnings } from '../../stores/raids.ts';
import { $mine, resetSettlementStores } from '../../stores/settlements.ts';
import { LiveEvents } from '../live/events.ts';
import type { GameSession } from '../session/context.ts';
import { settlementView } from '../settlements/test-settlements.ts';
import { raidView } from './test-raids.ts';
import { wireRaids } from './wire.ts';

const stops: (() => void)[] = [];
let layers = 0;

function session(): LiveEvents {
  const live = new LiveEvents();
  const s = {
    worldId: 'default',
    live,
    engine: {
      addLayer: () => {
        layers++;
        return () => layers--;
      },
    },
    interval: () => {},
    onStop: (fn: () => void) => stops.push(fn),
    failed: () => {},
  } as unknown as GameSession;
  wireRaids(s);
  return live;
}

beforeEach(() => {
  resetGameStores();
  resetSettlementStores();
  $toast.set(null);
  layers = 0;
});
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

const soon = (ms: number) => new Date(Date.now() + ms).toISOString();
const lines = () => $gameLog.get().map((e) => [e.type, e.message]);

test('a warning puts up the banner and the map marker, with a red toast and a log line; its result takes them down', () => {
  const live = session();
  expect(layers).toBe(1);
  live.emit('raidWarning', { settlementId: '7', settlementName: 'Haven', x: 10, y: 20, arriveAt: soon(90_000), strength: 42 });
  expect($raidWarnings.get().map((w) => [w.settlementId, w.strength])).toEqual([['7', 42]]);
  expect($toast.get()).toMatchObject({ title: RAID_TEXT.warning('Haven'), variant: 'destructive' });
  expect(lines()[0]?.[0]).toBe('raid');
  expect(lines()[0]?.[1]).toMatch(/^Raiders are coming to Haven! They arrive in 01:(30|29)\.$/);

  const raid = raidView({ outcome: 'breached', losses: [{ itemName: 'Canned Beans', quality: 40, quantity: 5 }] });
  live.emit('raidResult', { settlementId: '7', settlementName: 'Haven', raid });
  expect($raidWarnings.get()).toEqual([]);
  expect($toast.get()).toMatchObject({ title: RAID_TEXT.breached('Haven'), variant: 'destructive' });
  expect(lines()[1]).toEqual([
    'raid',
    'Raiders breached Haven: Raiders 40 vs defence 52 · 6 rounds spent. Lost 5 units: 5 Canned Beans',
  ]);
});

test('an NPC’s condition is a log line, named by its settlement; one gone hungry or left unfed is a notice too', () => {
  $mine.set({ status: 'loading', list: [settlementView({ id: '7', name: 'Haven' })] });
  const live = session();
  live.emit('npcCondition', { settlementId: '7', npcId: '1', npcName: 'Ada', condition: 'hungry' });
  expect($toast.get()).toMatchObject({ title: 'Ada of Haven is hungry', variant: 'destructive' });
  expect($toast.get()?.description).toContain('Put food in a food container');
  live.emit('npcCondition', { settlementId: '7', npcId: '1', npcName: 'Ada', condition: 'left' });
  expect($toast.get()).toMatchObject({ title: RAID_TEXT.left('Ada', 'Haven') });
  expect(lines()).toEqual([
    ['npc', 'Ada of Haven is hungry: no food in storage'],
    ['npc', 'Ada left Haven: nobody fed them'],
  ]);
});

test('a warning goes by itself at arrival, result or not', async () => {
  const live = session();
  live.emit('raidWarning', { settlementId: '7', settlementName: 'Haven', x: 10, y: 20, arriveAt: soon(30), strength: 42 });
  expect($raidWarnings.get()).toHaveLength(1);
  await new Promise((r) => setTimeout(r, 80));
  expect($raidWarnings.get()).toEqual([]);
});
