import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState } from 'react';
import { $awayReport, $awayReportOpen } from '../../stores/report.ts';
import { $notifications, $unread, markNotificationsRead } from '../../stores/toast.ts';
import './notifications.css';

const clock = (at: number) => new Date(at).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

/**
 * The notification centre: a bell in the header (desktop and phone) whose name says how many messages came since it
 * was last opened, and a popover with every message of the session, newest first, so a toast that closed unread
 * (a raid while you were in another panel, a building that lost a level) can still be read.
 */
export function NotificationBell() {
  const list = useStore($notifications);
  const unread = useStore($unread);
  const report = useStore($awayReport);
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    markNotificationsRead();
    const outside = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);
  // Seen while open: news arriving then counts as read.
  useEffect(() => {
    if (open && unread > 0) markNotificationsRead();
  }, [open, unread]);

  const label = unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape anywhere in the popover closes it, as in the button
    <div ref={root} className="game-bell" onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}>
      <button
        type="button"
        className="game-icon-button"
        aria-label={label}
        aria-expanded={open}
        aria-controls={id}
        title={label}
        onClick={() => setOpen((o) => !o)}
      >
        <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M6 16V11a6 6 0 0 1 12 0v5l2 2H4l2-2zM10 20a2 2 0 0 0 4 0" />
        </svg>
        {unread > 0 && (
          <span className="game-bell__count" aria-hidden="true">
            {unread > 9 ? '9+' : unread}
          </span>
        )}
      </button>
      <div id={id} className="game-bell__popover wl-panel" role="dialog" aria-label="Notifications" hidden={!open}>
        <h2>Notifications</h2>
        {report && (
          <button
            type="button"
            className="wl-button wl-button--sm wl-button--ghost game-bell__report"
            onClick={() => {
              setOpen(false);
              $awayReportOpen.set(true);
            }}
          >
            While you were away
          </button>
        )}
        {list.length === 0 ? (
          <p className="wl-muted">Nothing yet this session.</p>
        ) : (
          <ol className="game-bell__list" data-testid="notifications">
            {list.map((n) => (
              <li key={n.id} className={n.variant === 'destructive' ? 'game-bell__item game-bell__item--bad' : 'game-bell__item'}>
                <span className="game-bell__time">{clock(n.at)}</span>
                <strong>{n.title}</strong>
                {n.description && <span className="game-bell__text">{n.description}</span>}
              </li>
            ))}
          </ol>
        )}
      </div>
    </div>
  );
}
