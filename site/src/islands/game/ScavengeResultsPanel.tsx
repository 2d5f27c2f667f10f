/** Slot for scavenge and forage results (filled by the scavenging issue). */
export function ScavengeResultsPanel() {
  return <p className="wl-muted game-slot" data-slot="scavenge-results">Nothing scavenged yet.</p>;
}
