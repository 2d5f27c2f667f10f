import { ForageButton } from './actions/ForageButton.tsx';
import { LoadBar } from './actions/LoadBar.tsx';
import { PoiCard } from './actions/PoiCard.tsx';
import { WandererDialog } from './actions/WandererDialog.tsx';
import './actions/actions.css';

/** Actions: Forage, and the nearby POI card with Scavenge and Auto-Scavenge. */
export function ActionsPanel() {
  return (
    <div className="act-panel" data-slot="actions">
      <LoadBar compact />
      <ForageButton />
      <PoiCard />
      <WandererDialog />
    </div>
  );
}
