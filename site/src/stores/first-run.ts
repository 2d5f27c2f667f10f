/**
 * Whether this browser has dismissed the first-run guide (localStorage, so it shows once per browser, and every tab
 * and both of the guide's places — sidebar and phone map — agree).
 */
import { persistentAtom } from '@nanostores/persistent';

export const FIRST_RUN_STORAGE_KEY = 'wasteland:first-run-guide:dismissed';

export const $firstRunDismissed = persistentAtom<boolean>(FIRST_RUN_STORAGE_KEY, false, {
  encode: (b) => String(b),
  decode: (raw) => raw === 'true',
});
