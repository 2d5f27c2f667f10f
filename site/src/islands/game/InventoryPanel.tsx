/** Slot for the inventory (filled by the scavenging issue). */
export function InventoryPanel() {
  return <p className="wl-muted game-slot" data-slot="inventory">Your pack is empty.</p>;
}
