import type { ReactNode } from 'react';
import { GameHeader } from './GameHeader.tsx';

/**
 * The one box every state of /game is drawn in, from the static page (game.astro's fallback) to the map: a fixed,
 * full-window grid of header, body and (phones) bottom bar. Loading, access and init messages sit in the body where
 * the map will be, and the header keeps its height throughout, so nothing moves when one state replaces another.
 */
export function GameFrame({
  children,
  tools,
  bar,
  guide,
}: {
  children: ReactNode;
  tools?: ReactNode;
  bar?: ReactNode;
  /** The phone's first-run guide: the body's first child in every state, so it stays one element from loading on. */
  guide?: ReactNode;
}) {
  return (
    <div className="game">
      <GameHeader tools={tools} />
      <div className="game-body">
        {guide}
        {children}
      </div>
      {bar}
    </div>
  );
}

/** A message in the frame's body: where the map will be, at the same place whatever the message. */
export function GameStatus({
  children,
  kind = 'status',
  panel = false,
  loading = false,
}: {
  children: ReactNode;
  /** A wait (loading, checking, initializing): on a phone it sits low, clear of the first-run guide. */
  loading?: boolean;
  /** 'status' (the default) is announced politely, 'alert' at once; 'page' is a page of its own (Access Denied). */
  kind?: 'status' | 'alert' | 'page';
  panel?: boolean;
}) {
  const className = `game-status${panel ? ' wl-panel' : ''}${loading ? ' game-status--loading' : ''}`;
  if (kind === 'page') return <div className={className}>{children}</div>;
  return (
    <div className={className} role={kind} aria-live={kind === 'status' ? 'polite' : undefined}>
      {children}
    </div>
  );
}
