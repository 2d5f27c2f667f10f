import { beforeEach, expect, test } from 'bun:test';
import { $raidWarnings, resetRaidStores } from '../../stores/raids.ts';
import { plainView, recordingContext } from '../map/test-canvas.ts';
import { RAID_COLOUR, RaidLayer } from './layer.ts';
import { warn } from './warnings.ts';

const T = Date.parse('2026-03-01T20:00:00.000Z');
const haven = { settlementId: '7', settlementName: 'Haven', x: 100, y: 100, strength: 40 };

beforeEach(() => resetRaidStores());

test('no raid: nothing drawn and no redraw; a warning draws the marker with its countdown and a minimap dot', () => {
  let now = T;
  const layer = new RaidLayer(() => now);
  const calls: string[] = [];
  layer.draw(recordingContext(calls), plainView(0));
  expect(calls).toEqual([]);
  expect(layer.needsDraw()).toBe(false);
  warn({ ...haven, arriveAt: T + 90_000 }, T);
  expect(layer.needsDraw()).toBe(true);
  layer.draw(recordingContext(calls), plainView(16));
  expect(calls).toContain('fillText(Raiders 01:30,100,54)');
  expect(layer.minimapDots()).toEqual([{ x: 100, y: 100, colour: RAID_COLOUR }]);
  expect(layer.needsDraw()).toBe(true); // on screen: it pulses
  now = T + 90_000;
  expect(layer.minimapDots()).toEqual([]); // arrived
});

test('off screen it redraws only when the countdown’s second changes', () => {
  let now = T;
  const layer = new RaidLayer(() => now);
  warn({ ...haven, arriveAt: T + 90_000 }, T);
  const calls: string[] = [];
  layer.draw(recordingContext(calls), plainView(0, { onScreen: () => false }));
  expect(calls).toEqual([]);
  now = T + 500;
  expect(layer.needsDraw()).toBe(false);
  now = T + 1000;
  expect(layer.needsDraw()).toBe(true);
  $raidWarnings.set([]);
  expect(layer.needsDraw()).toBe(true);
});
