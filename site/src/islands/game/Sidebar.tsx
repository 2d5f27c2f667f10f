import { ActionsPanel } from './ActionsPanel.tsx';
import { ActivityLog } from './ActivityLog.tsx';
import { CharacterPanel } from './CharacterPanel.tsx';
import { InventoryPanel } from './InventoryPanel.tsx';
import { ScavengeResultsPanel } from './ScavengeResultsPanel.tsx';
import { Section } from './Section.tsx';

/**
 * The desktop sidebar. Inventory, Actions and Scavenge Results are empty slots the next issue fills
 * (their components are in place so it only has to change their insides).
 */
export function Sidebar() {
  return (
    <aside className="game-sidebar" aria-label="Survivor">
      <Section title="Character">
        <CharacterPanel />
      </Section>
      <Section title="Inventory">
        <InventoryPanel />
      </Section>
      <Section title="Actions">
        <ActionsPanel />
      </Section>
      <Section title="Scavenge Results" defaultOpen={false}>
        <ScavengeResultsPanel />
      </Section>
      <Section title="Game Log">
        <ActivityLog />
      </Section>
    </aside>
  );
}
