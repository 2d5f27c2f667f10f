import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { withUnread } from '../../game/chat/text.ts';
import { withNews } from '../../game/notices/notices.ts';
import { $manageBadge } from '../../game/notices/wire.ts';
import { $chatUnread, setChatInView } from '../../stores/chat.ts';
import { $mobilePanel, type MobilePanel } from '../../stores/game.ts';
import { ActionsPanel } from './ActionsPanel.tsx';
import { ActivityLog } from './ActivityLog.tsx';
import { CharacterPanel } from './CharacterPanel.tsx';
import { ChatPanel } from './chat/ChatPanel.tsx';
import { InventoryPanel } from './InventoryPanel.tsx';
import { OnlinePlayersList } from './OnlinePlayers.tsx';
import { SettlementPanel } from './settlements/SettlementPanel.tsx';
import { YourSettlements } from './settlements/YourSettlements.tsx';
import './mobile.css';

type Panel = Exclude<MobilePanel, null>;

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

const PANELS: Record<Panel, { title: string; body: () => ReactNode }> = {
  items: { title: 'Inventory', body: () => <InventoryPanel /> },
  actions: { title: 'Actions', body: () => <ActionsPanel /> },
  manage: { title: 'Management', body: () => <ManagePanel /> },
  chat: { title: 'Chat', body: () => <ChatPanel /> },
  players: { title: 'Online Players', body: () => <OnlinePlayersList /> },
  character: { title: 'Character', body: () => <CharacterPanel /> },
  log: { title: 'Game Log', body: () => <ActivityLog /> },
};

/** The bottom bar (spec section 6): four panels and the wiki. */
const BAR: { id: Panel; label: string }[] = [
  { id: 'items', label: 'Items' },
  { id: 'actions', label: 'Actions' },
  { id: 'manage', label: 'Manage' },
  { id: 'chat', label: 'Chat' },
];
/** The switcher inside an open panel: the spec's five, then Character and Game Log, which have no bar button. */
const SWITCHER: Panel[] = ['items', 'actions', 'manage', 'chat', 'players', 'character', 'log'];

/**
 * Mobile (under 768 px): a bottom bar whose buttons slide up one panel at a time, and the wiki. An open panel has a
 * switcher to every other panel; the header's players button opens Online Players.
 */
export function MobileBar() {
  const open = useStore($mobilePanel);
  const unread = useStore($chatUnread);
  const news = useStore($manageBadge);
  /** The count a bar button carries, and its accessible name with it ("Chat, 2 unread", "Manage, 1 new"). */
  const counted = (id: Panel, label: string): { n: number; name?: string } =>
    id === 'chat'
      ? { n: unread, name: withUnread(label, unread) }
      : id === 'manage'
        ? { n: news, name: withNews(label, news) }
        : { n: 0 };
  // The Chat sheet open is the messages read (chat/wire.ts clears the count).
  useEffect(() => setChatInView('phone', open === 'chat'), [open]);
  const panel = open ? PANELS[open] : null;
  const titleId = useId();
  const switcher = useRef<HTMLElement>(null);
  // The switcher scrolls sideways on a narrow phone: keep the open panel's entry in view.
  useEffect(() => {
    if (open) switcher.current?.querySelector('[aria-pressed="true"]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [open]);
  return (
    <>
      {panel && (
        <div className="game-sheet wl-panel" role="dialog" aria-labelledby={titleId}>
          <div className="game-sheet__head">
            <h2 id={titleId}>{panel.title}</h2>
            <button type="button" className="wl-button wl-button--ghost wl-button--sm" onClick={() => $mobilePanel.set(null)}>
              Close
            </button>
          </div>
          <nav ref={switcher} className="game-switcher" aria-label="Switch panel">
            {SWITCHER.map((id) => (
              <button key={id} type="button" aria-pressed={open === id} onClick={() => $mobilePanel.set(id)}>
                {PANELS[id].title}
              </button>
            ))}
          </nav>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the sheet's body scrolls, so the keyboard must reach it to scroll it (axe scrollable-region-focusable) */}
          <section className="game-sheet__body" aria-labelledby={titleId} tabIndex={0}>
            {panel.body()}
          </section>
        </div>
      )}
      <nav className="game-mobilebar" aria-label="Game panels">
        {BAR.map((p) => (
          <button
            key={p.id}
            type="button"
            aria-pressed={open === p.id}
            aria-label={counted(p.id, p.label).name}
            onClick={() => $mobilePanel.set(open === p.id ? null : p.id)}
          >
            {p.label}
            {counted(p.id, p.label).n > 0 && (
              <span className="chat-unread" aria-hidden="true" data-testid={`${p.id}-badge`}>
                {counted(p.id, p.label).n}
              </span>
            )}
          </button>
        ))}
        <a href="/wiki" target="_blank" rel="noopener">
          Wiki
        </a>
      </nav>
    </>
  );
}
