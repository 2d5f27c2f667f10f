import { TakenOverNotice, UpdateBanner } from './ConnectionNotice.tsx';
import { ChatOverlay } from './chat/ChatOverlay.tsx';

/** What sits over the map besides the map itself and the first-run guide (MapView): the update banner. */
export function MapExtras() {
  return <UpdateBanner />;
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
