/** An NPC as the lists answer it, for the NPC tests. */
import type { NpcView } from '../../../../api/contract/npcs.ts';

export const npcView = (id: string, over: Partial<NpcView> = {}): NpcView => ({
  id,
  name: `NPC ${id}`,
  description: 'A survivor.',
  x: 0,
  y: 0,
  targetX: null,
  targetY: null,
  isMoving: false,
  isRecruited: true,
  assignment: 'defend',
  assignmentStatus: 'resting',
  buildingId: '9',
  settlementId: 's1',
  settlementName: 'Haven',
  journey: null,
  condition: 'fit',
  skills: ['scout'],
  ...over,
});
