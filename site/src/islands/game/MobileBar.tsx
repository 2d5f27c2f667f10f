import { useStore } from '@nanostores/react';
import type { ReactNode } from 'react';
import { $mobilePanel, $onlineList, type MobilePanel } from '../../stores/game.ts';
import { ActionsPanel } from './ActionsPanel.tsx';
import { ActivityLog } from './ActivityLog.tsx';
import { CharacterPanel } from './CharacterPanel.tsx';
import { InventoryPanel } from './InventoryPanel.tsx';
import { SettlementPanel } from './settlements/SettlementPanel.tsx';
import { YourSettlements } from './settlements/YourSettlements.tsx';

const PANELS: { id: Exclude<MobilePanel, null>; label: string }[] = [
  { id: 'character', label: 'Me' },
  { id: 'items', label: 'Items' },
  { id: 'actions', label: 'Actions' },
  { id: 'manage', label: 'Manage' },
  { id: 'log', label: 'Log' },
  { id: 'players', label: 'Players' },
];

/** The Settlement section and Your Settlements, one under the other. */
function ManagePanel() {
  return (
    <div className="game-mobile-manage">
      <SettlementPanel />
      <h3 className="game-mobile-manage__title">Your Settlements</h3>
      <YourSettlements />
    </div>
  );
}

function PlayersPanel() {
  const list = useStore($onlineList);
  if (list.length === 0) return <p className="wl-muted">No survivors online</p>;
  return (
    <ul className="game-mobile-players">
      {list.map((p) => (
        <li key={p.id}>{p.name}</li>
      ))}
    </ul>
  );
}

const CONTENT: Record<Exclude<MobilePanel, null>, { title: string; body: () => ReactNode }> = {
  character: { title: 'Character', body: () => <CharacterPanel /> },
  items: { title: 'Inventory', body: () => <InventoryPanel /> },
  actions: { title: 'Actions', body: () => <ActionsPanel /> },
  manage: { title: 'Management', body: () => <ManagePanel /> },
  log: { title: 'Game Log', body: () => <ActivityLog /> },
  players: { title: 'Survivors Online', body: () => <PlayersPanel /> },
};

/** Mobile (under 768 px): a bottom bar whose buttons slide up one panel at a time, and the wiki. */
export function MobileBar() {
  const open = useStore($mobilePanel);
  const panel = open ? CONTENT[open] : null;
  return (
    <>
      {panel && (
        <div className="game-sheet wl-panel" role="dialog" aria-label={panel.title}>
          <div className="game-sheet__head">
            <h2>{panel.title}</h2>
            <button type="button" className="wl-button wl-button--ghost wl-button--sm" onClick={() => $mobilePanel.set(null)}>
              Close
            </button>
          </div>
          {panel.body()}
        </div>
      )}
      <nav className="game-mobilebar" aria-label="Game panels">
        {PANELS.map((p) => (
          <button
            key={p.id}
            type="button"
            aria-pressed={open === p.id}
            onClick={() => $mobilePanel.set(open === p.id ? null : p.id)}
          >
            {p.label}
          </button>
        ))}
        <a href="/wiki" target="_blank" rel="noopener">
          Wiki
        </a>
      </nav>
    </>
  );
}
