import { beforeEach, describe, expect, test } from 'bun:test';
import type { SettlementView } from '../../../../api/contract/settlements.ts';
import type { ToastInput } from '../../stores/toast.ts';
import { $wanderer } from '../../stores/actions.ts';
import { $recruit, $recruitPending, resetNpcStores } from '../../stores/npcs.ts';
import { createRecruiter, type RecruitCalls, withEmptyBeds } from './recruit.ts';

const httpError = (status: number, message: string) => Object.assign(new Error(`${status}: ${message}`), { status });

const haven = { id: '4', name: 'Haven', emptyBeds: 1, x: 10, y: 10 };
const mara = { name: 'Mara Quell', description: 'A medic from the coast.' };

const settlement = (id: string, over: Partial<SettlementView> = {}) =>
  ({ id, name: `S${id}`, x: 1, y: 2, emptyBeds: 1, status: 'manageable', ...over }) as SettlementView;

function harness(over: Partial<RecruitCalls> = {}) {
  const toasts: ToastInput[] = [];
  const sent: { recruit: unknown[]; dismiss: string[] } = { recruit: [], dismiss: [] };
  const recruited: string[] = [];
  let unauthorized = 0;
  const calls: RecruitCalls = {
    options: async () => ({ npc: mara, settlements: [haven] }),
    mySettlements: async () => [],
    generateRandom: async () => ({ name: 'Ash Rook', description: 'Quiet.' }),
    recruit: async (b) => {
      sent.recruit.push(b);
      return { message: 'Mara Quell joined Haven' };
    },
    dismiss: async (name) => {
      sent.dismiss.push(name);
      return { message: 'Mara Quell went on their way' };
    },
    ...over,
  };
  const r = createRecruiter({
    calls,
    toast: (t) => toasts.push(t),
    unauthorized: () => unauthorized++,
    recruited: (id) => recruited.push(id),
  });
  return { r, toasts, sent, recruited, unauthorized: () => unauthorized };
}

const drawn = { ...mara, named: true };

beforeEach(() => {
  resetNpcStores();
  $wanderer.set(drawn);
});

describe('the Wanderer dialog', () => {
  test('loads the offer and the settlements with an empty bed; no toast when there is a bed', async () => {
    const h = harness({ options: async () => ({ npc: mara, settlements: [haven, { ...haven, id: '5', emptyBeds: 0 }] }) });
    const loading = h.r.load(drawn);
    expect($recruit.get()).toEqual({ status: 'loading' });
    await loading;
    expect($recruit.get()).toEqual({ status: 'ready', npc: mara, settlements: [haven] });
    expect(h.toasts).toEqual([]);
  });

  test("options without a settlement or without a survivor: 'No Available Beds'", async () => {
    const none = harness({ options: async () => ({ npc: mara, settlements: [] }) });
    await none.r.load(drawn);
    expect($recruit.get()).toMatchObject({ status: 'ready', settlements: [] });
    expect(none.toasts).toEqual([
      {
        title: 'No Available Beds',
        description: 'You need an empty bed in a settlement to recruit survivors.',
        variant: 'destructive',
      },
    ]);
    const gone = harness({ options: async () => ({ npc: null, settlements: [haven] }) });
    await gone.r.load(drawn);
    expect($recruit.get()).toEqual({ status: 'ready', npc: mara, settlements: [haven] }); // the one the scavenge named
    expect(gone.toasts.map((t) => t.title)).toEqual(['No Available Beds']);
  });

  test('when the options call fails: your settlements with emptyBeds > 0, and a generated survivor (or the defaults)', async () => {
    const mine = [
      settlement('1'),
      settlement('2', { emptyBeds: 0 }),
      settlement('3', { status: 'visible' as SettlementView['status'] }),
    ];
    const h = harness({ options: async () => Promise.reject(httpError(500, 'down')), mySettlements: async () => mine });
    await h.r.load({ name: 'Unknown Survivor', description: 'x', named: false });
    expect($recruit.get()).toEqual({
      status: 'ready',
      npc: { name: 'Ash Rook', description: 'Quiet.' },
      settlements: [{ id: '1', name: 'S1', emptyBeds: 1, x: 1, y: 2 }],
    });
    expect(h.toasts).toEqual([]);

    const d = harness({
      options: async () => Promise.reject(httpError(500, 'down')),
      generateRandom: async () => Promise.reject(httpError(500, 'down')),
      mySettlements: async () => Promise.reject(httpError(500, 'down')),
    });
    await d.r.load({ name: 'Unknown Survivor', description: 'x', named: false });
    expect($recruit.get()).toEqual({
      status: 'ready',
      npc: { name: 'Unknown Survivor', description: 'A survivor seeking shelter and safety.' },
      settlements: [],
    });
    expect(d.toasts.map((t) => t.title)).toEqual(['No Available Beds']);

    // A survivor the scavenge named keeps their name (it is the server's offer), no generated one.
    let generated = 0;
    const n = harness({
      options: async () => Promise.reject(httpError(500, 'down')),
      generateRandom: async () => {
        generated++;
        return { name: 'Other', description: '' };
      },
    });
    await n.r.load(drawn);
    expect($recruit.get()).toMatchObject({ npc: mara });
    expect(generated).toBe(0);
    expect(withEmptyBeds([])).toEqual([]);
  });

  test('Unauthorized while loading goes to the login', async () => {
    const h = harness({ options: async () => Promise.reject(httpError(401, 'Unauthorized')) });
    await h.r.load(drawn);
    expect(h.unauthorized()).toBe(1);
    expect(h.toasts).toEqual([]);
  });

  test("Recruit: 'NPC Recruited!' with the server's sentence, the dialog closes, the lists reload", async () => {
    const h = harness();
    await h.r.load(drawn);
    const going = h.r.recruit('4');
    expect($recruitPending.get()).toBe('recruit');
    expect(await h.r.recruit('4')).toBe(false); // one at a time
    expect(await going).toBe(true);
    expect(h.sent.recruit).toEqual([{ npcName: 'Mara Quell', npcDescription: 'A medic from the coast.', settlementId: '4' }]);
    expect(h.toasts).toEqual([{ title: 'NPC Recruited!', description: 'Mara Quell joined Haven' }]);
    expect($wanderer.get()).toBeNull();
    expect($recruitPending.get()).toBeNull();
    expect(h.recruited).toEqual(['4']);
  });

  test("Recruit without a settlement: 'No Settlement Selected'; refused: 'Recruitment Failed' with the reason or the default", async () => {
    const h = harness({ recruit: async () => Promise.reject(httpError(409, 'Haven has no empty bed: build one first')) });
    await h.r.load(drawn);
    expect(await h.r.recruit(null)).toBe(false);
    expect(h.toasts.at(-1)).toEqual({
      title: 'No Settlement Selected',
      description: 'Please select a settlement for the NPC',
      variant: 'destructive',
    });
    expect(await h.r.recruit('4')).toBe(false);
    expect(h.toasts.at(-1)).toEqual({
      title: 'Recruitment Failed',
      description: 'Haven has no empty bed: build one first',
      variant: 'destructive',
    });
    expect($wanderer.get()).toEqual(drawn); // still open: choose another, or dismiss
    const bare = harness({ recruit: async () => Promise.reject(new Error('')) });
    await bare.r.recruit('4');
    expect(bare.toasts.at(-1)).toEqual({
      title: 'Recruitment Failed',
      description: 'Failed to recruit NPC',
      variant: 'destructive',
    });
  });

  test("Dismiss: 'NPC Dismissed', or 'Dismissal Failed' (reason or default); the dialog closes either way", async () => {
    const h = harness();
    await h.r.load(drawn);
    expect(await h.r.dismiss()).toBe(true);
    expect(h.sent.dismiss).toEqual(['Mara Quell']);
    expect(h.toasts).toEqual([{ title: 'NPC Dismissed', description: 'Mara Quell went on their way' }]);
    expect($wanderer.get()).toBeNull();

    $wanderer.set(drawn);
    const f = harness({ dismiss: async () => Promise.reject(new Error('500: ')) });
    expect(await f.r.dismiss()).toBe(false);
    expect(f.toasts).toEqual([{ title: 'Dismissal Failed', description: 'Failed to dismiss NPC', variant: 'destructive' }]);
    expect($wanderer.get()).toBeNull();
  });

  test('a load that finishes after the dialog closed changes nothing', async () => {
    let release: () => void = () => {};
    const h = harness({
      options: () =>
        new Promise((res) => {
          release = () => res({ npc: mara, settlements: [] });
        }),
    });
    const loading = h.r.load(drawn);
    $wanderer.set(null);
    release();
    await loading;
    expect($recruit.get()).toEqual({ status: 'loading' });
    expect(h.toasts).toEqual([]);
  });
});
