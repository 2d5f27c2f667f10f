import { useStore } from '@nanostores/react';
import { shownName } from '../../../../api/contract/auth.ts';
import { chunkOfWorld } from '../../game/map/geometry.ts';
import { $me, $readout } from '../../stores/game.ts';
import { EquipmentPanel } from './equipment/EquipmentPanel.tsx';

/** Who you are and where, and what you wear (display name editing comes with a later issue). */
export function CharacterPanel() {
  const me = useStore($me);
  const r = useStore($readout);
  if (!me) return null;
  return (
    <>
      <dl className="game-character">
        <div>
          <dt>Name</dt>
          <dd>
            <span className="game-swatch" style={{ background: me.color }} aria-hidden="true" />
            <span data-testid="character-name">{shownName(me)}</span>
          </dd>
        </div>
        <div>
          <dt>Sector</dt>
          <dd>
            {chunkOfWorld(r.x)}, {chunkOfWorld(r.y)}
          </dd>
        </div>
      </dl>
      <EquipmentPanel />
    </>
  );
}
