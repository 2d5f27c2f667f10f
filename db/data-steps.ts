/**
 * Data steps: changes to existing rows that SQL alone cannot compute, run once after the SQL migrations by
 * openDatabase. Each runs in one transaction under an advisory lock and is recorded in `data_steps`, so of several
 * processes starting on one database exactly one carries it out, and a failure leaves nothing half done (the next
 * start tries again).
 *
 * `name-keys` (with migration 0015): fills the look-alike keys of names (api/contract/name-key.ts) and settles the
 * names stored before the name rules (api/game/names.ts):
 * - usernames claim their key in name_claims, oldest account first; a later username that looks like an earlier
 *   one keeps signing in but has no claim (an invitation by it is refused as ambiguous);
 * - display names are normalised and lose invisible, formatting and text-direction characters and stacked
 *   accents; one left without a letter or too long, or one that looks like another survivor's username or an
 *   older display name, is removed: that survivor is shown by their username until they choose another;
 * - settlement names are normalised (invisible and formatting characters dropped; a name left without a letter
 *   becomes "Settlement <id>"), and a name that looks like an older settlement's in the same world gets " 2",
 *   " 3", … so every settlement has a unique key.
 */
import { asc, eq, sql } from 'drizzle-orm';
import { nameKey } from '../api/contract/name-key.ts';
import { IGNORED_IN_KEYS, MAX_MARKS_IN_A_ROW, nameProblem, normaliseName } from '../api/game/names.ts';
import { DISPLAY_NAME_MAX } from '../api/game/accounts.ts';
import { SETTLEMENT_NAME_MAX } from '../api/game/settlements.ts';
import type { Db } from './client.ts';
import { dataSteps, nameClaims, settlements, users } from './schema/index.ts';

/** Advisory-lock key of the data steps (any constant no other lock uses). */
const DATA_STEPS_LOCK = 0x57_4c_44_53; // "WLDS"

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

interface DataStep {
  name: string;
  run(tx: Tx): Promise<void>;
}

const STEPS: DataStep[] = [{ name: 'name-keys', run: nameKeys }];

/** Runs every step not yet recorded, in order. */
export async function runDataSteps(db: Db): Promise<void> {
  const done = new Set((await db.select({ name: dataSteps.name }).from(dataSteps)).map((r) => r.name));
  for (const step of STEPS) {
    if (done.has(step.name)) continue;
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${DATA_STEPS_LOCK})`);
      const [already] = await tx.select().from(dataSteps).where(eq(dataSteps.name, step.name));
      if (already) return;
      await step.run(tx);
      await tx.insert(dataSteps).values({ name: step.name });
    });
  }
}

/** A stored name without what the name rules refuse to see: invisible and formatting characters, stacked accents. */
export function withoutInvisibles(name: string): string {
  const visible = normaliseName(name.replace(IGNORED_IN_KEYS, '').replace(/[\p{Cc}\p{Co}\p{Cn}\p{Zl}\p{Zp}\u2800]/gu, ''));
  return normaliseName(
    visible.replace(new RegExp(`(\\p{M}{${MAX_MARKS_IN_A_ROW}})\\p{M}+`, 'gu'), '$1').replace(/(^| )\p{M}+/gu, '$1'),
  );
}

/** A stored settlement name made acceptable: visible characters only, accents capped, 1..max, with a letter. */
export function legacySettlementName(name: string, id: number): string {
  const cleaned = normaliseName(withoutInvisibles(name).slice(0, SETTLEMENT_NAME_MAX));
  return cleaned && !nameProblem(cleaned) ? cleaned : `Settlement ${id}`;
}

/** `base`, else `base 2`, `base 3`, … (the base shortened to fit `max`), whichever key `free` accepts first. */
export function firstFreeName(base: string, max: number, free: (key: string) => boolean): string {
  if (free(nameKey(base))) return base;
  for (let n = 2; ; n++) {
    const suffix = ` ${n}`;
    const name = `${normaliseName(base.slice(0, max - suffix.length))}${suffix}`;
    if (free(nameKey(name))) return name;
  }
}

async function nameKeys(tx: Tx): Promise<void> {
  // Keys claimed by processes already running the new code (a rolling start) stay theirs.
  const holder = new Map((await tx.select().from(nameClaims)).map((c) => [c.key, c.userId]));
  const claim = async (key: string, userId: string, kind: 'username' | 'display') => {
    holder.set(key, userId);
    await tx.insert(nameClaims).values({ key, userId, kind }).onConflictDoNothing();
  };

  const people = await tx
    .select({ id: users.id, username: users.username, displayName: users.displayName })
    .from(users)
    .orderBy(asc(users.createdAt), asc(users.id));
  // Usernames first: they cannot change, display names can.
  for (const u of people) {
    const key = nameKey(u.username);
    if (!holder.has(key)) await claim(key, u.id, 'username');
  }
  for (const u of people) {
    if (u.displayName === null) continue;
    const name = withoutInvisibles(u.displayName);
    const key = nameKey(name);
    const acceptable = name !== '' && name.length <= DISPLAY_NAME_MAX && !nameProblem(name);
    const owner = holder.get(key);
    // Written back whatever was read: a driver may hide a leading byte-order mark that the row still holds.
    const keep = acceptable && (owner === undefined || owner === u.id);
    if (keep && owner === undefined) await claim(key, u.id, 'display');
    await tx
      .update(users)
      .set({ displayName: keep ? name : null })
      .where(eq(users.id, u.id));
  }

  const places = await tx
    .select({ id: settlements.id, worldId: settlements.worldId, name: settlements.name, nameKey: settlements.nameKey })
    .from(settlements)
    .orderBy(asc(settlements.id));
  const taken = new Set(places.filter((s) => s.nameKey !== null).map((s) => `${s.worldId}\u0000${s.nameKey}`));
  for (const s of places) {
    if (s.nameKey !== null) continue;
    const name = firstFreeName(
      legacySettlementName(s.name, s.id),
      SETTLEMENT_NAME_MAX,
      (key) => !taken.has(`${s.worldId}\u0000${key}`),
    );
    const key = nameKey(name);
    taken.add(`${s.worldId}\u0000${key}`);
    await tx.update(settlements).set({ name, nameKey: key }).where(eq(settlements.id, s.id));
  }
}
