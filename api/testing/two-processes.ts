import { afterAll, beforeAll } from 'bun:test';
import { type Database, openDatabase } from '../../db/index.ts';
import { settlements } from '../../db/schema/index.ts';
import { LEASE_TAKEN_LINE } from '../modules/npcs/lease.ts';
import { freshPostgresUrl } from './databases.ts';
import { type NpcSeed, seedNpcs } from './npcs.ts';
import { type ServerProcess, spawnServer } from './process.ts';
import { RaidSetup } from './raids.ts';

export interface TwoProcesses {
  p1: ServerProcess;
  p2: ServerProcess;
  /** The suite's own connection to the processes' database. */
  database: Database;
  /** The seeded settlement's storage and ledger (testing/raids.ts). */
  setup: RaidSetup;
  /** The process that logged taking the NPC lease (it simulates), and the other one. */
  simulating(): { leader: ServerProcess; other: ServerProcess };
}

/**
 * Two server processes on a fresh Postgres database holding one seeded settlement in `default` (testing/npcs.ts), for
 * the suites that kill the simulating process mid-way (crafting, raids). Call inside a describe: the processes start
 * before its tests and stop after them, failed or not; the fields are there once its beforeAll ran.
 */
export function twoProcessesWithSettlement(
  env: Record<string, string>,
  npcs: Pick<NpcSeed, 'npcsPerSettlement' | 'spreadMs' | 'assignment'>,
): TwoProcesses {
  const suite = {
    simulating() {
      const leader = suite.p1.output().includes(LEASE_TAKEN_LINE) ? suite.p1 : suite.p2;
      return { leader, other: leader === suite.p1 ? suite.p2 : suite.p1 };
    },
  } as TwoProcesses;
  beforeAll(async () => {
    const url = await freshPostgresUrl();
    const processEnv = { ...env, DATABASE_URL: url };
    suite.p1 = await spawnServer(processEnv);
    suite.p2 = await spawnServer(processEnv);
    suite.database = await openDatabase({ url });
    await seedNpcs(suite.database.db, { worldIds: ['default'], settlementsPerWorld: 1, start: new Date(), ...npcs });
    const [s] = await suite.database.db.select().from(settlements);
    suite.setup = new RaidSetup(suite.database.db, s!.id);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([suite.p1?.stop(), suite.p2?.stop()]);
    await suite.database?.close();
  });
  return suite;
}
