/** Slot for actions: Forage, the nearby POI card, auto-scavenge (filled by the scavenging issue). */
export function ActionsPanel() {
  return <p className="wl-muted game-slot" data-slot="actions">Walk the wasteland; actions come with scavenging.</p>;
}
