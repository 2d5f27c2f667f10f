/**
 * The map's first drawn frame, as a `performance.mark`: the line between what the page needs to show the map (the
 * JavaScript budget, the bench's "before the map draws") and what may wait until after it.
 */
export const MAP_DRAWN_MARK = 'wasteland:map-drawn';
