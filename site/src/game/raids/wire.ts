/**
 * Wires raids to the live page: raid_warning puts up the banner and the map's marker (until arrival or the result),
 * with a toast and a game-log line; raid_result takes them down, toasts the outcome and logs it; npc_condition logs
 * the NPC's new condition (and an NPC that left unfed is a notice too). The Defence section and raid history of the
 * settlement here load as it is managed, again on its raid, storage or NPC frames, and the Defence every
 * SETTLEMENT_POLL_MS (its threat and times move with the clock). Raids announced before the page opened are read
 * back from each managed settlement's Defence. The sounds are the audio wiring's (audio/wire.ts).
 */
import { UPKEEP_TEXT } from '../../../../api/game/building-upkeep.ts';
import { toast } from '../../stores/toast.ts';
import { addPersonalLogLine } from '../../stores/game.ts';
import { $settlementNpcs, type NpcView } from '../../stores/npcs.ts';
import { $defence, $raidWarnings, resetRaidStores } from '../../stores/raids.ts';
import { $hereSettlement, $mine } from '../../stores/settlements.ts';
import { type GameSession, onReconnected } from '../session/context.ts';
import { settlementNameOf } from '../settlements/name-of.ts';
import { afterRegion, managedHereId } from '../settlements/panel.ts';
import { SETTLEMENT_POLL_MS } from '../settlements/wire.ts';
import { raidReads } from './calls.ts';
import { RaidLayer } from './layer.ts';
import { trackRaidPanel } from './panel.ts';
import { restoreWarnings, warnFromDefence } from './restore.ts';
import { conditionLine, hungryToast, leftToast, resultLine, resultToast, warningLine, warningToast } from './text.ts';
import { fromFrame, prune, settle, warn } from './warnings.ts';

/** What of a settlement's NPCs the Defence counts: who defends, who is home, who is fit. */
const defendersKey = (settlementId: string, npcs: readonly NpcView[]): string =>
  `${settlementId}|${npcs.map((n) => `${n.id}:${n.assignment}:${n.isMoving}:${n.condition}`).join(',')}`;

export function wireRaids(s: GameSession): void {
  resetRaidStores();
  s.onStop(s.engine.addLayer(new RaidLayer()));
  const panel = trackRaidPanel(raidReads, (what, err) => s.failed(what, err));
  s.onStop(panel.stop);
  const isHere = (settlementId: string) => managedHereId() === settlementId;

  // Each warning goes at its arrival, whether or not its result comes.
  let expiry: ReturnType<typeof setTimeout> | undefined;
  const schedule = () => {
    clearTimeout(expiry);
    const next = prune(Date.now());
    if (next !== null) expiry = setTimeout(schedule, Math.min(next - Date.now() + 20, 2 ** 31 - 1));
  };
  s.onStop($raidWarnings.listen(schedule));
  s.onStop(() => clearTimeout(expiry));

  s.onStop(
    s.live.on('raidWarning', (f) => {
      const now = Date.now();
      const w = fromFrame(f);
      if (!w) return;
      warn(w, now);
      toast(warningToast(f, w.arriveAt - now));
      addPersonalLogLine('raid', warningLine(f.settlementName, w.arriveAt - now));
      if (isHere(f.settlementId)) void panel.defence();
    }),
  );
  s.onStop(
    s.live.on('raidResult', (r) => {
      settle(r.settlementId);
      toast(resultToast(r.settlementName, r.raid));
      addPersonalLogLine('raid', resultLine(r.settlementName, r.raid));
      if (isHere(r.settlementId)) void panel.all();
    }),
  );
  s.onStop(
    s.live.on('npcCondition', (c) => {
      const where = settlementNameOf(c.settlementId);
      addPersonalLogLine('npc', conditionLine(c.npcName, where, c.condition));
      if (c.condition === 'left') toast(leftToast(c.npcName, where));
      if (c.condition === 'hungry') toast(hungryToast(c.npcName, where));
      if (isHere(c.settlementId)) void panel.defence();
    }),
  );
  s.onStop(
    s.live.on('buildingDecayed', (d) => {
      const line = UPKEEP_TEXT.lostLevel(d.buildingName, d.settlementName, d.level);
      toast({
        title: 'Upkeep unpaid',
        description: `${line}. Store its upkeep in ${d.settlementName} to keep it standing.`,
        variant: 'destructive',
      });
      addPersonalLogLine('raid', line);
      if (isHere(d.settlementId)) void panel.all();
    }),
  );
  s.onStop(
    s.live.on('settlementChanged', (changed) => {
      void afterRegion(changed.id, panel.defence);
    }),
  );
  // Defenders change with assignments, journeys and injuries: the settlement's NPC list shows each as it reloads.
  let defenders = '';
  s.onStop(
    $settlementNpcs.listen((list) => {
      const key = list ? defendersKey(list.settlementId, list.npcs) : '';
      if (key === defenders) return;
      defenders = key;
      if (list && isHere(list.settlementId)) void panel.defence();
    }),
  );
  // The Defence of the settlement here says whether a raid is on its way, too.
  s.onStop(
    $defence.listen((d) => {
      const here = $hereSettlement.get();
      if (d?.status === 'ready' && here?.id === d.settlementId) warnFromDefence(here, d.value, Date.now());
    }),
  );
  s.interval(() => void panel.defence(), SETTLEMENT_POLL_MS);

  // After a reload, and after the connection was down (frames may have been missed): what is on its way.
  const restore = () => {
    const mine = $mine.get();
    if (mine.status !== 'ready') return;
    const places = mine.list.filter((x) => x.status === 'manageable');
    void restoreWarnings(places, raidReads.defence, Date.now, (err) => s.failed('raid warnings', err));
  };
  let restored = false;
  s.onStop(
    $mine.subscribe((m) => {
      if (restored || m.status !== 'ready') return;
      restored = true;
      restore();
    }),
  );
  onReconnected(s, () => {
    restore();
    void panel.all();
  });
}
