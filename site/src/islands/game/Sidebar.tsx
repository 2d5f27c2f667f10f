import { ActionsPanel } from './ActionsPanel.tsx';
import { ActivityLog } from './ActivityLog.tsx';
import { AudioSettings } from './audio/AudioSettings.tsx';
import { CharacterPanel } from './CharacterPanel.tsx';
import { RadioSection } from './chat/RadioSection.tsx';
import { FirstRunGuide } from './FirstRunGuide.tsx';
import { InventoryPanel } from './InventoryPanel.tsx';
import { OnlinePlayersList } from './OnlinePlayers.tsx';
import { ScavengeResultsPanel } from './ScavengeResultsPanel.tsx';
import { Section } from './Section.tsx';
import { SettlementPanel } from './settlements/SettlementPanel.tsx';
import { StakesHint } from './StakesHint.tsx';
import { YourSettlementsSection } from './settlements/YourSettlementsSection.tsx';

/** The desktop sidebar: what you can do here first, then who you are, what you carry, your settlements, the world's log. */
export function Sidebar() {
  return (
    <aside className="game-sidebar" aria-label="Survivor">
      <FirstRunGuide placement="sidebar" />
      <StakesHint placement="sidebar" />
      <Section title="Actions">
        <ActionsPanel />
      </Section>
      <Section title="Character">
        <CharacterPanel />
      </Section>
      <Section title="Inventory" toggleSound="inventory">
        <InventoryPanel />
      </Section>
      <Section title="Settlement">
        <SettlementPanel />
      </Section>
      <YourSettlementsSection />
      <Section title="Scavenge Results" defaultOpen={false}>
        <ScavengeResultsPanel />
      </Section>
      <RadioSection />
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
