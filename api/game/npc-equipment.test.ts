import { describe, expect, test } from 'bun:test';
import { NO_TOOLS } from '../contract/actions.ts';
import { bestForEmptySlots, EQUIPMENT_REACH } from './equipment.ts';
import {
  carriesRadio,
  NPC_BATCH_MAX,
  NPC_EQUIPMENT_REACH,
  npcEquipOrder,
  npcGearHasEffect,
  npcGearHelps,
  npcTools,
} from './npc-equipment.ts';
import { NPC_ASSIGNMENTS, type NpcAssignment } from './npcs.ts';

const worn = (...names: string[]) => names.map((itemName) => ({ itemName }));

test('npcTools: only worn Crowbar, Multitool and Scanner count', () => {
  expect(npcTools([])).toEqual(NO_TOOLS);
  expect(npcTools(worn('Crowbar'))).toEqual({ crowbar: true, multitool: false, scanner: false });
  expect(npcTools(worn('Multitool', 'Scanner', 'Binoculars'))).toEqual({ crowbar: false, multitool: true, scanner: true });
  expect(npcTools(worn('Lockpick Set', 'Portable Radio', 'Crowbar Handle'))).toEqual(NO_TOOLS);
});

test('carriesRadio: a worn Portable Radio, nothing else', () => {
  expect(carriesRadio([])).toBe(false);
  expect(carriesRadio(worn('Binoculars', 'Crowbar'))).toBe(false);
  expect(carriesRadio(worn('Crowbar', 'Portable Radio'))).toBe(true);
});

test('NPC gear is changed where player gear is, and the batch call is capped', () => {
  expect(NPC_EQUIPMENT_REACH).toBe(EQUIPMENT_REACH);
  expect(NPC_BATCH_MAX).toBe(100);
});

describe("equip all's choice for an NPC's job", () => {
  const at = (id: number, itemName: string, quality: number) => ({ id, itemName, quality, quantity: 1 });
  const stock = [at(1, 'Lockpick Set', 95), at(2, 'Crowbar', 40), at(3, 'Multitool', 30), at(4, 'Scanner', 20)];
  const pick = (assignment: NpcAssignment, candidates = stock) =>
    bestForEmptySlots(candidates, [], npcEquipOrder(assignment)).map((p) => [p.slot, p.item.itemName]);

  test('what helps the job most: a scavenger takes the Multitool (−5) over the Crowbar (−3), and the Scanner', () => {
    expect(npcGearHelps('Multitool', 'scavenge')).toBeGreaterThan(npcGearHelps('Crowbar', 'scavenge'));
    expect(pick('scavenge')).toEqual([
      ['tool', 'Multitool'],
      ['device', 'Scanner'],
    ]);
  });

  test('items without an effect come last: a Lockpick Set only when nothing else fits the slot', () => {
    expect(npcGearHasEffect('Lockpick Set')).toBe(false);
    for (const a of NPC_ASSIGNMENTS) expect(npcGearHelps('Lockpick Set', a)).toBe(0);
    expect(pick('defend', [at(1, 'Lockpick Set', 95), at(2, 'Crowbar', 40)])).toEqual([['tool', 'Crowbar']]);
    expect(pick('craft', [at(1, 'Lockpick Set', 95)])).toEqual([['tool', 'Lockpick Set']]);
  });

  test('the radio helps an NPC working away (trackable by radio), equal effects fall back to quality', () => {
    expect(npcGearHelps('Portable Radio', 'foraging')).toBe(1);
    expect(npcGearHelps('Portable Radio', 'defend')).toBe(0);
    expect(pick('defend', [at(1, 'Crowbar', 40), at(2, 'Multitool', 30)])).toEqual([['tool', 'Crowbar']]);
  });
});
