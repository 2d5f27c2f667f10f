import { expect, test } from 'bun:test';
import { NO_TOOLS } from '../contract/actions.ts';
import { EQUIPMENT_REACH } from './equipment.ts';
import { carriesRadio, NPC_BATCH_MAX, NPC_EQUIPMENT_REACH, npcTools } from './npc-equipment.ts';

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
