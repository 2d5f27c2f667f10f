import { describe, expect, test } from 'bun:test';
import { asc, eq } from 'drizzle-orm';
import { nameKey } from '../api/contract/name-key.ts';
import { backends, openTestDatabase } from '../api/testing/databases.ts';
import { firstFreeName, legacySettlementName, runDataSteps } from './data-steps.ts';
import { dataSteps, nameClaims, settlements, shelters, users } from './schema/index.ts';

/**
 * Migration 0015 and its data step `name-keys`: names stored before the name rules get
 * their look-alike keys, and the duplicates among them are settled, oldest first.
 */
describe.each(backends())('the name-keys data step on %s', (backend) => {
  test('fills the keys of stored names; refused and look-alike display names go, look-alike settlements are renamed', async () => {
    const database = await openTestDatabase(backend);
    const { db } = database;
    try {
      // Rows as an older server wrote them: no claims, no settlement keys.
      const at = (n: number) => new Date(Date.UTC(2026, 0, 1, 0, n));
      const people = [
        ['alice', 'Boss'],
        ['bob', 'ALICE'], // another survivor's username: goes
        ['carol', 'Воss'], // Cyrillic В and о: looks like alice's Boss, which is older: goes
        ['dave', '\u200b\u200b'], // nothing visible: goes
        ['eve', 'Ｅｖｅ\u3000Ｒ'], // full width: normalised to "Eve R"
        ['b0b', null], // a username that looks like bob's: kept, but unclaimed
        ['frank', 'FRANK'], // their own username: kept, no second claim
        ['gina', '\ufeffGina\u202e'], // a byte-order mark and an override: dropped, the name stays
        ['hal', `Hal${'\u0301'.repeat(30)}`], // stacked accents: capped (at 3 after NFKC composes the first)
      ] as const;
      for (const [i, [username, displayName]] of people.entries()) {
        await db
          .insert(users)
          .values({ id: username, username, usernameKey: username, passwordHash: 'x', displayName, createdAt: at(i) });
      }
      const shelter = async (world: string, n: number) =>
        (
          await db
            .insert(shelters)
            .values({ worldId: world, tileX: n, tileY: 0, x: n * 5, y: 0, chunkX: 0, chunkY: 0, builtBy: 'alice' })
            .returning()
        )[0]!.id;
      const place = async (world: string, name: string, n: number, key: string | null = null) =>
        (
          await db
            .insert(settlements)
            .values({
              worldId: world,
              name,
              nameKey: key,
              shelterId: await shelter(world, n),
              x: n * 5,
              y: 0,
              chunkX: 0,
              chunkY: 0,
              biome: 'plains',
              founderId: 'alice',
            })
            .returning()
        )[0]!.id;
      const ids = {
        outpostLegacy: await place('w', 'OUTPOST', 1),
        haven: await place('w', 'Haven', 2),
        cyrillic: await place('w', 'Hаven', 3),
        zeroWidth: await place('w', 'Haven\u200b', 4),
        elsewhere: await place('w2', 'Haven', 5),
        blank: await place('w', '\u200b\u3164', 6),
        // Written by a process already on the new code (a rolling start): its key stands.
        outpostNew: await place('w', 'Outpost', 7, nameKey('Outpost')),
      };
      await db.delete(dataSteps);

      await runDataSteps(db);

      const shown = Object.fromEntries(
        (await db.select({ u: users.username, d: users.displayName }).from(users)).map((r) => [r.u, r.d]),
      );
      expect(shown).toEqual({
        alice: 'Boss',
        bob: null,
        carol: null,
        dave: null,
        eve: 'Eve R',
        b0b: null,
        frank: 'FRANK',
        gina: 'Gina',
        hal: `Hal${'\u0301'.repeat(4)}`.normalize('NFKC'),
      });
      const claims = await db.select().from(nameClaims).orderBy(asc(nameClaims.key));
      expect(claims.map((c) => [c.key, c.userId, c.kind])).toEqual(
        [
          [nameKey('alice'), 'alice', 'username'],
          [nameKey('bob'), 'bob', 'username'],
          [nameKey('carol'), 'carol', 'username'],
          [nameKey('dave'), 'dave', 'username'],
          [nameKey('eve'), 'eve', 'username'],
          [nameKey('frank'), 'frank', 'username'],
          [nameKey('gina'), 'gina', 'username'],
          [nameKey('hal'), 'hal', 'username'],
          [nameKey(`Hal${'\u0301'.repeat(4)}`), 'hal', 'display'],
          [nameKey('Boss'), 'alice', 'display'],
          [nameKey('Eve R'), 'eve', 'display'],
        ].sort((a, b) => (a[0]! < b[0]! ? -1 : 1)),
      );

      const names = Object.fromEntries(
        (await db.select().from(settlements)).map((s) => [s.id, { name: s.name, key: s.nameKey }]),
      );
      expect(names[ids.outpostNew]).toEqual({ name: 'Outpost', key: nameKey('outpost') });
      expect(names[ids.outpostLegacy]).toEqual({ name: 'OUTPOST 2', key: nameKey('outpost 2') });
      expect(names[ids.haven]).toEqual({ name: 'Haven', key: nameKey('haven') });
      expect(names[ids.cyrillic]).toEqual({ name: 'Hаven 2', key: nameKey('haven 2') });
      expect(names[ids.zeroWidth]).toEqual({ name: 'Haven 3', key: nameKey('haven 3') });
      expect(names[ids.elsewhere]).toEqual({ name: 'Haven', key: nameKey('haven') });
      expect(names[ids.blank]).toEqual({ name: `Settlement ${ids.blank}`, key: nameKey(`settlement ${ids.blank}`) });

      // Recorded: it never runs again, even if names were to collide later.
      expect((await db.select().from(dataSteps)).map((s) => s.name)).toEqual(['name-keys']);
      await db.update(users).set({ displayName: 'ALICE' }).where(eq(users.id, 'bob'));
      await runDataSteps(db);
      expect((await db.select().from(users).where(eq(users.id, 'bob')))[0]!.displayName).toBe('ALICE');
    } finally {
      await database.close();
    }
  });
});

describe('legacy names', () => {
  test('a settlement name is cleaned of invisible characters and stacked accents, or replaced', () => {
    expect(legacySettlementName('  Rust\u200b  Town\u202e ', 7)).toBe('Rust Town');
    expect(legacySettlementName(`Zalgo${'\u0301'.repeat(20)}`, 7)).toBe(`Zalgó${'\u0301'.repeat(3)}`);
    expect(legacySettlementName('\u3164', 7)).toBe('Settlement 7');
    expect(legacySettlementName('x'.repeat(60), 7)).toBe('x'.repeat(40));
  });

  test('a free name is found by numbering, the base shortened to fit', () => {
    const taken = new Set([nameKey('Haven'), nameKey('Haven 2')]);
    expect(firstFreeName('Haven', 40, (k) => !taken.has(k))).toBe('Haven 3');
    const long = 'y'.repeat(40);
    expect(firstFreeName(long, 40, (k) => k !== nameKey(long))).toBe(`${'y'.repeat(38)} 2`);
  });
});
