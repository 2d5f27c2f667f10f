import { FirstRunGuide } from './FirstRunGuide.tsx';
import { TakenOverNotice, UpdateBanner } from './ConnectionNotice.tsx';
import { ChatOverlay } from './chat/ChatOverlay.tsx';

/** What sits over the map besides the map itself (MapView): the update banner and the first-run guide. */
export function MapExtras() {
  return (
    <>
      <UpdateBanner />
      <FirstRunGuide placement="map" />
    </>
  );
}

/** Over the map and the sidebar: the radio overlay and the taken-over notice. */
export function Overlays() {
  return (
    <>
      <ChatOverlay />
      <TakenOverNotice />
    </>
  );
}
