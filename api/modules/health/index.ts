import { type } from 'arktype';
import { Elysia } from 'elysia';
import type { Services } from '../../services.ts';

/** GET /api/health: whether the database answers, and which kind it is. */
const Health = type({ ok: 'boolean', database: "'pglite' | 'postgres'" });
const HealthDown = Health.and({ message: 'string' });

export function healthModule(services: Services) {
  return new Elysia({ prefix: '/api' }).get(
    '/health',
    async ({ status }) => {
      const ok = await services.database.ping();
      const body = { ok, database: services.database.kind };
      return ok ? body : status(503, { ...body, message: 'The database does not answer' });
    },
    { response: { 200: Health, 503: HealthDown } },
  );
}
