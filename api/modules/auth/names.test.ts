import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { nameClaims, users } from '../../../db/schema/index.ts';
import { NAME_TEXT } from '../../game/names.ts';
import { TestClient, uniqueName } from '../../testing/client.ts';
import { backends } from '../../testing/databases.ts';
import { startTestServer, type TestServer } from '../../testing/server.ts';

/**
 * Display names are normalised and refused when invisible, reversed or stacked with
 * accents, and no survivor may be called like another, by display name or username, case-insensitively and
 * across look-alike letters; the rule holds against renames in flight at the same time.
 */
describe.each(backends())('display names: the name rules and one survivor per name on %s', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(backend);
  });
  afterAll(() => server.stop());

  async function player(extra: Record<string, string> = {}) {
    const c = new TestClient(server.url) as TestClient & { id: string; username: string };
    c.username = uniqueName('nm');
    c.id = (await c.register(c.username, extra)).id;
    return c;
  }
  const rename = (c: TestClient, displayName: string) => c.patch('/api/user/display-name', { displayName });
  const shown = async (c: TestClient) => (await c.json(c.get('/api/auth/user'))).displayName as string | null;
  const tag = () => Math.random().toString(36).slice(2, 7).replace(/[0-9]/g, 'x');

  test('invisible, format, bidi and stacked-accent names are refused with 400 and the reason; NFKC is applied', async () => {
    const c = await player();
    for (const bad of [
      '\u200b',
      '\u200b\u200b\u200b',
      '\u3164',
      '\u3164\u3164',
      '\ufeffadmin',
      'adm\u202eni',
      `a${'\u0301'.repeat(31)}`,
    ]) {
      const res = await rename(c, bad);
      expect(res.status).toBe(400);
      expect((await res.json()).message).toMatch(/^Display names /);
      const reg = await new TestClient(server.url).post('/api/auth/register', {
        username: uniqueName('nm'),
        password: 'correct horse battery',
        displayName: bad,
      });
      expect(reg.status).toBe(400);
    }
    expect(await shown(c)).toBeNull();
    const bom = await rename(c, '\ufeffadmin');
    expect((await bom.json()).message).toBe(`Display names ${NAME_TEXT.invisible}`);
    const t = tag();
    expect((await rename(c, `Ｄｕｓｔｙ\u3000Pete ${t}`)).status).toBe(200);
    expect(await shown(c)).toBe(`Dusty Pete ${t}`);
  });

  test("a display name may not be another survivor's username or display name, regardless of case or look-alikes", async () => {
    const victim = await player();
    const impostor = await player();
    // The impostor's attack: the impostor takes the victim's username as display name.
    for (const alias of [victim.username, victim.username.toUpperCase(), victim.username.replace(/o/g, 'о')]) {
      const res = await rename(impostor, alias);
      expect(res.status).toBe(409);
      expect((await res.json()).message).toMatch(/Another survivor is already called/);
    }
    const t = tag();
    expect((await rename(victim, `Marshal ${t}`)).status).toBe(200);
    for (const alias of [`marshal ${t}`, `MARSHAL ${t}`, `Mаrshal ${t}` /* Cyrillic а */, `Marshal  ${t}`]) {
      expect((await rename(impostor, alias)).status).toBe(409);
    }
    expect(await shown(impostor)).toBeNull();
    // Registering with it is refused too, and creates nothing.
    const username = uniqueName('nm');
    const reg = await new TestClient(server.url).post('/api/auth/register', {
      username,
      password: 'correct horse battery',
      displayName: `MARSHAL ${t}`,
    });
    expect(reg.status).toBe(409);
    expect(await server.database.db.select().from(users).where(eq(users.username, username))).toEqual([]);
    // Nor may a new username be (or look like) someone's display name.
    const sheriff = await player({ displayName: `Sheriff_${t}` });
    const taken = await new TestClient(server.url).post('/api/auth/register', {
      username: `SHERIFF_${t.toUpperCase()}`,
      password: 'correct horse battery',
    });
    expect(taken.status).toBe(409);
    expect((await taken.json()).message).toMatch(/looks like another survivor/);
    expect(await shown(sheriff)).toBe(`Sheriff_${t}`);

    // One's own username is fine as display name, in any case; giving a name up frees it for others.
    expect((await rename(victim, victim.username.toUpperCase())).status).toBe(200);
    expect((await rename(impostor, `Marshal ${t}`)).status).toBe(200);
    expect(await shown(impostor)).toBe(`Marshal ${t}`);
    const claims = await server.database.db.select().from(nameClaims).where(eq(nameClaims.userId, victim.id));
    expect(claims.map((c) => c.kind)).toEqual(['username']);
  });

  test('twenty survivors renaming to one name at once: exactly one gets it', async () => {
    const racers = await Promise.all(Array.from({ length: 20 }, () => player()));
    const name = `Lone Star ${tag()}`;
    const answers = await Promise.all(racers.map((r, i) => rename(r, i % 2 ? name : name.toUpperCase())));
    expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array(19).fill(409)]);
    const holders = (await Promise.all(racers.map(shown))).filter((n) => n !== null);
    expect(holders).toHaveLength(1);
  });
});
