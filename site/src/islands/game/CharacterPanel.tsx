import { useStore } from '@nanostores/react';
import { chunkOfWorld } from '../../game/map/geometry.ts';
import { $me, $readout } from '../../stores/game.ts';
import { DisplayNameEditor } from './character/DisplayNameEditor.tsx';
import { EquipmentPanel } from './equipment/EquipmentPanel.tsx';

/** Who you are (the display name, editable) and where, and what you wear. */
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
            <DisplayNameEditor />
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
