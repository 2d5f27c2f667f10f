/** The away report of this visit (GET /api/player/report) and whether its screen is open. */
import type { AwayReportView } from '../../../api/contract/report.ts';
import { atom } from 'nanostores';

export const $awayReport = atom<AwayReportView | null>(null);
export const $awayReportOpen = atom(false);
