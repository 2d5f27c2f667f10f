import { type } from 'arktype';
import { type WorldSummary, WorldSummaryBody } from './lobby.ts';

/**
 * The operator's routes: /api/admin/worlds, behind `Authorization: Bearer <ADMIN_TOKEN>`; the same calls
 * as `bun run worlds` (api/worlds.ts). A name's length (1 to 40 once trimmed) is checked by the worlds service,
 * which answers 400 with the rule.
 */

const notArray = (v: object, ctx: { mustBe(what: string): false }) => !Array.isArray(v) || ctx.mustBe('an object');

/** POST /api/admin/worlds: a name (a closed world of that name opens again), or none for a generated one. */
export const OpenWorldBody = type({ 'name?': 'string <= 200' }).narrow(notArray);
export type OpenWorldBody = typeof OpenWorldBody.infer;

/** POST /api/admin/worlds/:world/rename */
export const RenameWorldBody = type({ name: 'string <= 200' }).narrow(notArray);
export type RenameWorldBody = typeof RenameWorldBody.infer;

/** `:world` in the admin paths: a world's id or its name (URL-encoded). */
export const AdminWorldParams = type({ world: '0 < string <= 200' });

/** POST /api/admin/worlds, …/close and …/rename answer the world after the change. */
export const AdminWorldAnswerBody = type({ world: WorldSummaryBody });
export interface AdminWorldAnswer {
  world: WorldSummary;
}
