import { expect, test } from 'bun:test';
import type { BedInvitation } from '../../../../api/contract/beds.ts';
import type { BuildingView } from '../../../../api/contract/settlements.ts';
import type { BedAssignmentView } from '../../stores/settlements.ts';
import { type BedsInput, bedRows, managesAfterLeaving, shownOccupant } from './beds.ts';

const bed = (id: string, name = `Bed ${id}`, occupant: string | null = null): BuildingView => ({
  id,
  settlementId: '7',
  type: 'bed',
  subtype: null,
  name,
  capacity: null,
  level: 0,
  occupant,
  createdAt: '2025-08-01T10:00:00.000Z',
});
const food: BuildingView = { ...bed('9', 'Food Storage'), type: 'container', subtype: 'food', capacity: 100 };
const vacant = (bedId: string): BedAssignmentView => ({
  bedId,
  state: 'vacant',
  invitationId: null,
  playerId: null,
  playerName: null,
  npcName: null,
  isActive: false,
});
const held = (bedId: string, playerId: string, playerName: string): BedAssignmentView => ({
  ...vacant(bedId),
  state: 'occupied',
  playerId,
  playerName,
  isActive: true,
});
const pendingBed = (bedId: string, invitationId: string): BedAssignmentView => ({
  ...vacant(bedId),
  state: 'pending',
  invitationId,
});
const invitation = (id: string, bedId: string, invitee: string): BedInvitation => ({
  id,
  settlement: { id: '7', name: 'Haven', x: 0, y: 0 },
  fromPlayerName: 'Fay',
  buildingId: bedId,
  invitee,
  createdAt: '2025-08-01T10:00:00.000Z',
});

const input = (over: Partial<BedsInput> = {}): BedsInput => ({
  settlement: { status: 'manageable', founderId: 'fay' },
  buildings: [bed('1'), bed('2'), bed('3'), bed('4'), food],
  assignments: [held('1', 'fay', 'Fay'), held('2', 'otto', 'Otto'), pendingBed('3', '55'), vacant('4')],
  pending: [invitation('55', '3', 'Bea')],
  meId: 'otto',
  ...over,
});
const offers = (i: BedsInput) => bedRows(i).map((r) => [r.name, r.state, r.who, r.offer]);

test('each bed with its state, who is in it or invited, and what a member may do; containers are not beds', () => {
  expect(offers(input())).toEqual([
    ['Bed 1', 'occupied', 'Fay', null], // the founder cannot be kicked
    ['Bed 2', 'occupied', 'Otto', 'leave'], // your own bed
    ['Bed 3', 'pending', 'Bea', 'withdraw'],
    ['Bed 4', 'vacant', null, 'invite'],
  ]);
  expect(bedRows(input())[1]!.mine).toBe(true);
});

test('the founder may kick any other member and leave their own bed', () => {
  expect(offers(input({ meId: 'fay' })).map((r) => r[3])).toEqual(['leave', 'kick', 'withdraw', 'invite']);
});

test('someone who does not manage the settlement is offered nothing', () => {
  const i = input({ meId: 'stranger', settlement: { status: 'visible', founderId: 'fay' } });
  expect(offers(i).map((r) => r[3])).toEqual([null, null, null, null]);
});

test('the founder is known by id: a namesake of the founder may be kicked, the founder may not', () => {
  const i = input({
    assignments: [held('1', 'fay', 'Fay'), held('2', 'otto', 'Otto'), held('3', 'fay2', 'Fay'), vacant('4')],
    pending: [],
  });
  expect(offers(i).map((r) => r[3])).toEqual([null, 'leave', 'kick', 'invite']);
});

test('a founder who gave up their bed still manages while nobody holds one, and is recognised as the founder', () => {
  const i = input({
    meId: 'fay',
    settlement: { status: 'manageable', founderId: 'fay' },
    assignments: [vacant('1'), vacant('2'), vacant('3'), vacant('4')],
    pending: [],
  });
  expect(offers(i).map((r) => r[3])).toEqual(['invite', 'invite', 'invite', 'invite']);
});

test('NPCs show by name (the NPC: prefix dropped); their bed offers no Kick (an NPC is dismissed from the NPC list)', () => {
  expect(shownOccupant({ playerName: 'NPC:Rook', npcName: null })).toBe('Rook');
  expect(shownOccupant({ playerName: null, npcName: 'Rook' })).toBe('Rook');
  const i = input({
    assignments: [
      held('1', 'fay', 'Fay'),
      held('2', 'otto', 'Otto'),
      { ...vacant('3'), state: 'occupied', npcName: 'Rook' },
      vacant('4'),
    ],
  });
  expect(offers(i)[2]).toEqual(['Bed 3', 'occupied', 'Rook', null]);
  expect(bedRows(i)[2]!.npc).toBe(true);
});

test('until the assignments load, the buildings say who sleeps where and nothing is offered', () => {
  const i = input({ assignments: null, pending: [], buildings: [bed('1', 'Bed', 'Fay'), bed('2')] });
  expect(offers(i)).toEqual([
    ['Bed', 'occupied', 'Fay', null],
    ['Bed 2', 'vacant', null, null],
  ]);
});

test('leaving: the founder keeps managing once nobody else holds a bed; anyone else does not', () => {
  const alone = input({ meId: 'fay', assignments: [held('1', 'fay', 'Fay'), vacant('2')], pending: [] });
  expect(managesAfterLeaving(alone)).toBe(true);
  expect(managesAfterLeaving(input({ meId: 'fay' }))).toBe(false); // Otto still holds a bed
  expect(managesAfterLeaving(input({ meId: 'otto' }))).toBe(false);
});
