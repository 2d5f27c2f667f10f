import { ContextualAction } from './actions/ContextualAction.tsx';
import { AwayReport } from './AwayReport.tsx';
import { TakenOverNotice, UpdateBanner } from './ConnectionNotice.tsx';
import { ChatOverlay } from './chat/ChatOverlay.tsx';
import { RaidBanner } from './raids/RaidBanner.tsx';
import { StakesHint } from './StakesHint.tsx';

/**
 * What sits over the map besides the map itself and the first-run guide (MapView): the update banner, the raid
 * warning (which a phone shows above its bottom bar instead), on a phone the guide's later hint on raids, and the
 * contextual action under the survivor.
 */
export function MapExtras() {
  return (
    <>
      <UpdateBanner />
      <RaidBanner />
      <StakesHint placement="map" />
      <ContextualAction />
    </>
  );
}

/** Over the map and the sidebar: the radio overlay, the taken-over notice and the away report. */
export function Overlays() {
  return (
    <>
      <ChatOverlay />
      <TakenOverNotice />
      <AwayReport />
    </>
  );
}
