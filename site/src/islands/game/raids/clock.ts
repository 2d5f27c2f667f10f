/** Wall-clock times as the raid panels show them: '20:15', or 'Tue 20:15' beyond the next 24 hours. */
const time = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });
const dayTime = new Intl.DateTimeFormat(undefined, { weekday: 'short', hour: '2-digit', minute: '2-digit' });
const date = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });

const DAY_MS = 24 * 60 * 60 * 1000;

/** A moment to come (or just past). */
export const clock = (ms: number, now = Date.now()): string => (Math.abs(ms - now) < DAY_MS ? time : dayTime).format(ms);

/** A moment in the history: the day, then the time. */
export const stamp = (iso: string): string => date.format(new Date(iso));
