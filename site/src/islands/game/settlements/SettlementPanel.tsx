import { useStore } from '@nanostores/react';
import { $hereSettlement } from '../../../stores/settlements.ts';
import { ManageSettlement } from './ManageSettlement.tsx';
import { UnsettledArea } from './UnsettledArea.tsx';
import { VisibleSettlement } from './VisibleSettlement.tsx';
import '../actions/actions.css';
import './settlements.css';

/** The Settlement section: the settlement you stand at (yours to manage, or someone else's), or an unsettled area. */
export function SettlementPanel() {
  const here = useStore($hereSettlement);
  return (
    <div className="stl-panel" data-slot="settlement" data-testid="settlement-panel">
      {!here ? (
        <UnsettledArea />
      ) : here.status === 'manageable' ? (
        <ManageSettlement settlement={here} />
      ) : (
        <VisibleSettlement settlement={here} />
      )}
    </div>
  );
}
