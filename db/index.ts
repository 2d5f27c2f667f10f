import type { Db } from './client.ts';
import { accountsRepo } from './repos/accounts.ts';
import { playersRepo } from './repos/players.ts';

export { openDatabase, DataDirLockedError } from './client.ts';
export type { Database, DatabaseKind, Db } from './client.ts';

/** Every repository over one database handle; handlers reach persistence only through these. */
export function repositories(db: Db) {
  return { accounts: accountsRepo(db), players: playersRepo(db) };
}
export type Repositories = ReturnType<typeof repositories>;
