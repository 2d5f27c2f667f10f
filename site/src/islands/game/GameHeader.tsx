import type { ReactNode } from 'react';

/**
 * Title, audio settings, day/night and time, who is online, the wiki, logout. The title is there from the loading
 * screen on; the tools (HeaderTools.tsx) come with the panels once the map has drawn, in a header whose height does not
 * change (game.css).
 */
export function GameHeader({ tools }: { tools?: ReactNode }) {
  return (
    <header className="game-header">
      <h1 className="game-header__title wl-stencil">Wasteland</h1>
      {tools}
    </header>
  );
}
