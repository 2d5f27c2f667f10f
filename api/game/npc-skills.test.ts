import { describe, expect, test } from 'bun:test';
import { generateNpc } from './npc-names.ts';
import {
  bioFor,
  crafterWeight,
  drawSkills,
  GUARD_DEFENCE_FACTOR,
  NPC_SKILLS,
  SKILL_LABELS,
  skilledFinds,
  skillsOf,
} from './npc-skills.ts';
import { freshRng, seededRng } from './random.ts';
import { defence, NPC_DEFENDER_STRENGTH } from './raids.ts';

describe('NPC skills', () => {
  test('one or two skills, never twice the same; about one survivor in three has two', () => {
    const rng = seededRng(7);
    let two = 0;
    for (let i = 0; i < 3000; i++) {
      const s = drawSkills(rng);
      expect(s.length === 1 || s.length === 2).toBe(true);
      expect(new Set(s).size).toBe(s.length);
      for (const k of s) expect(NPC_SKILLS).toContain(k);
      if (s.length === 2) two++;
    }
    expect(two / 3000).toBeGreaterThan(0.28);
    expect(two / 3000).toBeLessThan(0.39);
  });

  test('the bio is written from the skills: the first as the past, the second named', () => {
    const rng = seededRng(3);
    expect(bioFor(['mechanic'], rng)).toMatch(/mechanic|machinist/);
    expect(bioFor(['medic', 'hauler'], rng)).toMatch(/nurse|paramedic/);
    expect(bioFor(['medic', 'hauler'], rng)).toContain('also a fair hauler');
    const npc = generateNpc(freshRng());
    expect(npc.skills.length).toBeGreaterThan(0);
    expect(npc.description).toStartWith('A survivor seeking shelter: ');
    expect(SKILL_LABELS[npc.skills[0]!]).toBeTruthy();
  });

  test('stored skills win; an NPC from before skills gets the same ones from its seed every time', () => {
    expect(skillsOf(['guard'], 1)).toEqual(['guard']);
    expect(skillsOf(['nonsense', 'medic'], 1)).toEqual(['medic']);
    expect(skillsOf([], 4242)).toEqual(skillsOf(null, 4242));
    expect(skillsOf([], 4242).length).toBeGreaterThan(0);
  });

  test('a scout finds ×1.5 of every stack, a farmer ×1.5 of food; others find what they find', () => {
    const found = [
      { itemName: 'Wild Berries', itemType: 'food', quantity: 2 },
      { itemName: 'Rope', itemType: 'material', quantity: 3 },
    ];
    expect(skilledFinds(found, ['scout']).map((f) => f.quantity)).toEqual([3, 5]);
    expect(skilledFinds(found, ['farmer']).map((f) => f.quantity)).toEqual([3, 3]);
    expect(skilledFinds(found, ['guard'])).toEqual(found);
  });

  test('a guard defends ×1.5; a mechanic counts ×1.5 at the bench', () => {
    const plain = defence({ npcs: [{ id: '1', gear: 0 }], players: 0, containers: [], ammo: 10 });
    const guard = defence({ npcs: [{ id: '1', gear: 0, guard: true }], players: 0, containers: [], ammo: 10 });
    expect(plain.rating).toBe(NPC_DEFENDER_STRENGTH);
    expect(guard.rating).toBe(Math.round(NPC_DEFENDER_STRENGTH * GUARD_DEFENCE_FACTOR));
    expect(crafterWeight(['mechanic'])).toBe(1.5);
    expect(crafterWeight(['scout'])).toBe(1);
  });
});
