import { Elysia } from 'elysia';
import { AwayReportAnswer } from '../../contract/report.ts';
import { WorldIdQuery } from '../../contract/world.ts';
import { errorResponses } from '../../http/errors.ts';
import type { Services } from '../../services.ts';
import { gameAccessPlugin } from '../game-access.ts';
import type { ReportService } from './service.ts';

/** GET /api/player/report?worldId=: what happened at the survivor's settlements while they were away. */
export function reportModule(services: Services, reports: ReportService) {
  return new Elysia({ prefix: '/api/player' })
    .use(gameAccessPlugin(services))
    .get('/report', ({ user, query }) => reports.report(user.id, query.worldId), {
      game: true,
      query: WorldIdQuery,
      response: { 200: AwayReportAnswer, ...errorResponses(400, 401, 403, 404) },
    });
}
