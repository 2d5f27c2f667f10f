/** A settlement as the lists answer it, for the settlement tests. */
import type { SettlementView } from '../../../../api/contract/settlements.ts';

export const settlementView = (over: Partial<SettlementView> = {}): SettlementView => ({
  id: '7',
  worldId: 'default',
  name: 'Haven',
  x: 100,
  y: 100,
  biome: 'plains',
  status: 'manageable',
  emptyBeds: 0,
  beds: 0,
  founderId: 'sal',
  founderName: 'Sal',
  poiId: null,
  createdAt: '2025-08-01T10:00:00.000Z',
  level: 0,
  levelName: 'Camp',
  ...over,
});
