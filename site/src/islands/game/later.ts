/**
 * The game screen's panels, tools and notices: one chunk, fetched once the map has drawn ($mapDrawn), so the page's
 * first JavaScript is only what it takes to show the map. Each is a React.lazy over the same import.
 */
import { lazy } from 'react';

const panels = () => import('./panels.ts');

export const Sidebar = lazy(() => panels().then((m) => ({ default: m.Sidebar })));
export const MobileBar = lazy(() => panels().then((m) => ({ default: m.MobileBar })));
export const HeaderTools = lazy(() => panels().then((m) => ({ default: m.HeaderTools })));
export const MapExtras = lazy(() => panels().then((m) => ({ default: m.MapExtras })));
export const Overlays = lazy(() => panels().then((m) => ({ default: m.Overlays })));
