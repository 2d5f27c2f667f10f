import { useStore } from '@nanostores/react';
import { useId } from 'react';
import type { SettlementView } from '../../../../../api/contract/settlements.ts';
import { $buildings } from '../../../stores/settlements.ts';
import { CraftingSection } from '../crafting/CraftingSection.tsx';
import { DefenceSection } from '../raids/DefenceSection.tsx';
import { RaidHistory } from '../raids/RaidHistory.tsx';
import { BedsList } from './BedsList.tsx';
import { BuildMenu } from './BuildMenu.tsx';
import { NpcList } from './NpcList.tsx';
import { SettlementLevel } from './SettlementLevel.tsx';
import { StoragePanel } from './StoragePanel.tsx';

/**
 * Your settlement, where you stand: its beds (and who is in them), its NPCs, its defence and raids, its bench (crafting),
 * what to build next, and its storage.
 */
export function ManageSettlement({ settlement: s }: { settlement: SettlementView }) {
  const buildings = useStore($buildings);
  const titleId = useId();
  const list = buildings?.settlementId === s.id ? buildings.list : null;
  return (
    <article
      className="stl-card stl-card--own"
      aria-labelledby={titleId}
      data-testid="settlement-manage"
      data-settlement-id={s.id}
    >
      <h3 id={titleId} className="stl-card__title">
        {s.name}
      </h3>
      <p className="act-hint wl-muted">
        <span className="stl-level-badge">{s.levelName}</span> · Founded by {s.founderName} ·{' '}
        <span className="stl-facts__cap">{s.biome}</span> · {s.beds - s.emptyBeds}/{s.beds} beds taken
      </p>
      {list ? (
        <>
          <BedsList settlement={s} buildings={list} />
          <NpcList settlement={s} />
          <DefenceSection settlement={s} />
          <RaidHistory settlement={s} />
          <CraftingSection settlement={s} />
          <SettlementLevel settlement={s} buildings={list} />
          <BuildMenu settlementId={s.id} level={s.level} buildings={list} />
          <StoragePanel settlementId={s.id} />
        </>
      ) : (
        <p className="act-hint wl-muted">Loading the settlement...</p>
      )}
    </article>
  );
}
