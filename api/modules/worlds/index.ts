import { Elysia } from 'elysia';
import { AdminWorldAnswerBody, AdminWorldParams, OpenWorldBody, RenameWorldBody } from '../../contract/admin.ts';
import { WorldsListBody } from '../../contract/lobby.ts';
import { errorResponses, HttpError, httpError } from '../../http/errors.ts';
import { bearerMatches } from '../../ops/observe.ts';
import type { Services } from '../../services.ts';
import { closeWorld, listWorlds, openWorld, renameWorld, type WorldOutcome } from './service.ts';

/**
 * The operator's world routes, the same calls as `bun run worlds`:
 *   GET  /api/admin/worlds                 every world, its seats and state
 *   POST /api/admin/worlds        {name?}  open a world (a closed one of that name again, else a new one)
 *   POST /api/admin/worlds/:world/close    nobody new is admitted; seated players finish their session
 *   POST /api/admin/worlds/:world/rename {name}
 * `:world` is an id or a name. Only with `Authorization: Bearer <ADMIN_TOKEN>` (401 otherwise); with ADMIN_TOKEN unset
 * every one answers 404, as a path that does not exist. The check runs on arrival, before the body is read, so a
 * caller without the token learns nothing from a 400 either.
 */
const PREFIX = '/api/admin/worlds';
const changeErrors = errorResponses(400, 401, 404, 409);

export function adminWorldsModule(services: Services) {
  const token = services.config.adminToken;
  const guard = ({ request, set }: { request: Request; set: { headers: Record<string, string | number> } }) => {
    const path = new URL(request.url).pathname;
    if (path !== PREFIX && !path.startsWith(`${PREFIX}/`)) return;
    if (token === undefined) throw new HttpError(404, `Not found: ${path}`);
    if (!bearerMatches(request.headers.get('authorization'), token)) {
      set.headers['www-authenticate'] = 'Bearer';
      throw new HttpError(401, 'Unauthorized');
    }
  };
  const answer = (outcome: WorldOutcome) => (outcome.ok ? { world: outcome.world } : httpError(outcome.status, outcome.message));

  return (
    new Elysia({ prefix: PREFIX })
      // On arrival, before the body is parsed: without the token a malformed body says nothing either.
      .onRequest(guard)
      .get('', () => listWorlds(services), { response: { 200: WorldsListBody, ...errorResponses(401, 404) } })
      .post('', async ({ body }) => answer(await openWorld(services, body?.name)), {
        body: OpenWorldBody.or('undefined'),
        response: { 200: AdminWorldAnswerBody, ...changeErrors },
      })
      .post('/:world/close', async ({ params }) => answer(await closeWorld(services, params.world)), {
        params: AdminWorldParams,
        response: { 200: AdminWorldAnswerBody, ...changeErrors },
      })
      .post('/:world/rename', async ({ params, body }) => answer(await renameWorld(services, params.world, body.name)), {
        params: AdminWorldParams,
        body: RenameWorldBody,
        response: { 200: AdminWorldAnswerBody, ...changeErrors },
      })
  );
}
