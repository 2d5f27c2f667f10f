import type { Db } from './client.ts';
import { accountsRepo } from './repos/accounts.ts';
import { actionsRepo } from './repos/actions.ts';
import { awayReportRepo } from './repos/away-report.ts';
import { lobbyRepo } from './repos/lobby.ts';
import { playersRepo } from './repos/players.ts';
import { rateBucketsRepo } from './repos/rate-buckets.ts';
import { bedsRepo } from './repos/beds.ts';
import { chatRepo } from './repos/chat.ts';
import { craftingRepo } from './repos/crafting.ts';
import { npcsRepo } from './repos/npcs.ts';
import { equipmentRepo } from './repos/equipment.ts';
import { npcEquipmentRepo } from './repos/npc-equipment.ts';
import { settlementsRepo } from './repos/settlements.ts';
import { worldRepo } from './repos/world.ts';

export { openDatabase, DataDirLockedError } from './client.ts';
export type { Database, DatabaseKind, Db } from './client.ts';

/** Every repository over one database handle; handlers reach persistence only through these. */
export function repositories(db: Db) {
  return {
    accounts: accountsRepo(db),
    players: playersRepo(db),
    lobby: lobbyRepo(db),
    world: worldRepo(db),
    actions: actionsRepo(db),
    settlements: settlementsRepo(db),
    beds: bedsRepo(db),
    npcs: npcsRepo(db),
    equipment: equipmentRepo(db),
    npcEquipment: npcEquipmentRepo(db),
    chat: chatRepo(db),
    crafting: craftingRepo(db),
    rateBuckets: rateBucketsRepo(db),
    awayReport: awayReportRepo(db),
  };
}
export type Repositories = ReturnType<typeof repositories>;
