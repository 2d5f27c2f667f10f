import { ActionsPanel } from './ActionsPanel.tsx';
import { ActivityLog } from './ActivityLog.tsx';
import { AudioSettings } from './audio/AudioSettings.tsx';
import { CharacterPanel } from './CharacterPanel.tsx';
import { ChatPanel } from './chat/ChatPanel.tsx';
import { FirstRunGuide } from './FirstRunGuide.tsx';
import { InventoryPanel } from './InventoryPanel.tsx';
import { OnlinePlayersList } from './OnlinePlayers.tsx';
import { ScavengeResultsPanel } from './ScavengeResultsPanel.tsx';
import { Section } from './Section.tsx';
import { SettlementPanel } from './settlements/SettlementPanel.tsx';
import { YourSettlements } from './settlements/YourSettlements.tsx';

/** The desktop sidebar: who you are, what you carry, what you can do here, your settlements, the world's log. */
export function Sidebar() {
  return (
    <aside className="game-sidebar" aria-label="Survivor">
      <FirstRunGuide placement="sidebar" />
      <Section title="Character">
        <CharacterPanel />
      </Section>
      <Section title="Inventory" toggleSound="inventory">
        <InventoryPanel />
      </Section>
      <Section title="Actions">
        <ActionsPanel />
      </Section>
      <Section title="Settlement">
        <SettlementPanel />
      </Section>
      <Section title="Your Settlements">
        <YourSettlements />
      </Section>
      <Section title="Scavenge Results" defaultOpen={false}>
        <ScavengeResultsPanel />
      </Section>
      <Section title="Radio" defaultOpen={false}>
        <ChatPanel />
      </Section>
      <Section title="Game Log">
        <ActivityLog />
      </Section>
      <Section title="Online Players">
        <OnlinePlayersList />
      </Section>
      <Section title="Audio Settings" defaultOpen={false}>
        <AudioSettings />
      </Section>
    </aside>
  );
}
