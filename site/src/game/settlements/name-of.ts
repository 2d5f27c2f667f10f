import { $settlementNpcs } from '../../stores/npcs.ts';
import { $mine, $settlements } from '../../stores/settlements.ts';

/** A settlement's name from what the page holds (frames such as npc_condition and npc_returned carry only its id). */
export function settlementNameOf(id: string): string {
  const known = [...$mine.get().list, ...$settlements.get()].find((s) => s.id === id);
  const npcs = $settlementNpcs.get();
  return known?.name ?? npcs?.npcs.find((n) => n.settlementId === id)?.settlementName ?? 'your settlement';
}
