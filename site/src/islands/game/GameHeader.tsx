import { useStore } from '@nanostores/react';
import type { ReactNode } from 'react';
import { $world } from '../../stores/game.ts';

/**
 * Title and the world's name (a deployment runs many worlds), audio settings, day/night and time, who is
 * online, the wiki, logout. The title is there from the loading screen on, the world's name once it has loaded; the
 * tools (HeaderTools.tsx) come with the panels once the map has drawn, in a header whose height does not change
 * (game.css).
 */
export function GameHeader({ tools }: { tools?: ReactNode }) {
  const world = useStore($world);
  return (
    <header className="game-header">
      <div className="game-header__brand">
        <h1 className="game-header__title wl-stencil">Wasteland</h1>
        {world && (
          <p className="game-header__world" data-testid="game-world">
            <span className="wl-visually-hidden">World: </span>
            {world.name}
          </p>
        )}
      </div>
      {tools}
    </header>
  );
}
