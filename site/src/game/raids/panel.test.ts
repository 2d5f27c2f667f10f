import { beforeEach, expect, test } from 'bun:test';
import { $defence, $raidHistory, resetRaidStores } from '../../stores/raids.ts';
import { $hereIds, $settlements, resetSettlementStores } from '../../stores/settlements.ts';
import { flush } from '../actions/test-timers.ts';
import { settlementView } from '../settlements/test-settlements.ts';
import { trackRaidPanel } from './panel.ts';
import { defenceView, raidView } from './test-raids.ts';

beforeEach(() => {
  resetSettlementStores();
  resetRaidStores();
  $settlements.set([settlementView({ id: '7' }), settlementView({ id: '8', name: 'Theirs', status: 'visible' })]);
});

const stand = (settlementId: string | null) => $hereIds.set({ settlementId, shelterId: null });

test('Defence and raids load for a settlement you manage, not for someone else’s, and clear when you walk off', async () => {
  const asked: string[] = [];
  stand('7');
  const p = trackRaidPanel(
    {
      defence: async (id) => {
        asked.push(`defence ${id}`);
        return defenceView();
      },
      raids: async (id) => {
        asked.push(`raids ${id}`);
        return [raidView()];
      },
    },
    () => {},
  );
  await flush();
  expect($defence.get()).toEqual({ settlementId: '7', status: 'ready', value: defenceView() });
  expect($raidHistory.get()).toEqual({ settlementId: '7', status: 'ready', value: [raidView()] });
  stand('8');
  await flush();
  expect($defence.get()).toBeNull();
  expect($raidHistory.get()).toBeNull();
  expect(asked).toEqual(['defence 7', 'raids 7']);
  p.stop();
});

test('a refused load is an error in its section; an answer for a settlement already left is dropped', async () => {
  const failures: string[] = [];
  let release: () => void = () => {};
  stand('7');
  const p = trackRaidPanel(
    {
      defence: () => Promise.reject(Object.assign(new Error('403: Not a member'), { status: 403 })),
      raids: () => new Promise((r) => (release = () => r([raidView()]))),
    },
    (what) => failures.push(what),
  );
  await flush();
  expect($defence.get()).toEqual({ settlementId: '7', status: 'error', message: 'Not a member' });
  expect(failures).toEqual(['defence']);
  stand(null);
  release();
  await flush();
  expect($raidHistory.get()).toBeNull();
  p.stop();
});
