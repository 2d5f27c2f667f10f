/** Everything later.ts loads after the map's first frame, in one chunk. */
export { HeaderTools } from './HeaderTools.tsx';
export { MapExtras, Overlays } from './MapExtras.tsx';
export { MobileBar } from './MobileBar.tsx';
export { Sidebar } from './Sidebar.tsx';
