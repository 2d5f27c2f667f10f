/**
 * The words of the equipment calls (spec section 8): successes show the server's sentence; failures the
 * 'Equipment Error' title with the server's reason, or the spec's fallback for that call. Pure.
 */
import { EQUIPMENT_TEXT, type EquipSource } from '../../../../api/game/equipment.ts';
import type { ToastInput } from '../../stores/toast.ts';

/** The server's reason without the "<status>: " the client puts in front (site/src/lib/api.ts unwrap). */
export function reasonOf(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err ?? '');
  return text.replace(/^\d{3}: ?/, '').trim();
}

export const equipmentError = (fallback: string, err?: unknown): ToastInput => ({
  title: EQUIPMENT_TEXT.errorTitle,
  description: reasonOf(err) || fallback,
  variant: 'destructive',
});

export const equipmentDone = (message: string): ToastInput => ({ title: message });

/** The fallback of an equip from this source; the plain one when the choice named none. */
export function equipFallback(source: EquipSource | null): string {
  if (source === 'inventory') return EQUIPMENT_TEXT.failedEquipInventory;
  if (source === 'settlement') return EQUIPMENT_TEXT.failedEquipSettlement;
  return EQUIPMENT_TEXT.failedEquip;
}
