import { expect, test } from 'bun:test';
import type { LivePlayer } from '../../../../api/contract/protocol.ts';
import { type InviteesInput, inviteeLabel, invitees } from './invitees.ts';

const p = (id: string, name: string, displayName: string | null = null): LivePlayer => ({ id, name, displayName, color: '#fff' });
const byId = (...ps: LivePlayer[]) => new Map(ps.map((x) => [x.id, x]));

const bea = p('b', 'bea_12', 'Bea');
const impostor = p('i', 'imp_99', 'bea_12');
const cal = p('c', 'cal_3');
const me = p('m', 'me_1', 'Me');
const held = p('h', 'hal_4', 'Hal');
const gone = p('g', 'gus_5', 'Gus');

const input = (over: Partial<InviteesInput> = {}): InviteesInput => ({
  online: byId(bea, impostor, cal, me, held),
  seen: byId(bea, impostor, cal, me, held, gone),
  meId: 'm',
  exclude: new Set(['h']),
  query: '',
  ...over,
});

test('online survivors first, then those seen earlier; never the player or a bed holder here', () => {
  expect(invitees(input()).map((i) => [i.id, i.online])).toEqual([
    ['b', true],
    ['i', true],
    ['c', true],
    ['g', false],
  ]);
});

test('typing filters by display name or username, regardless of case and width; exact names come first', () => {
  expect(invitees(input({ query: 'BEA_12' })).map((i) => i.id)).toEqual(['b', 'i']);
  expect(invitees(input({ query: '  ｃａｌ ' })).map((i) => i.id)).toEqual(['c']);
  expect(invitees(input({ query: 'gus' })).map((i) => i.id)).toEqual(['g']);
  expect(invitees(input({ query: 'nobody' }))).toEqual([]);
});

test('each is shown with both names, so an impostor who took a username as display name is told apart', () => {
  const [real, fake] = invitees(input({ query: 'bea_12' }));
  expect(inviteeLabel(real!)).toBe('Bea (@bea_12)');
  expect(inviteeLabel(fake!)).toBe('bea_12 (@imp_99)');
  expect(inviteeLabel({ displayName: null, username: 'cal_3' })).toBe('@cal_3');
});
