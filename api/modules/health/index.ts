import { Elysia } from 'elysia';
import type { Services } from '../../services.ts';

export function healthModule(services: Services) {
  return new Elysia({ prefix: '/api' }).get('/health', async ({ status }) => {
    const ok = await services.database.ping();
    const body = { ok, database: services.database.kind };
    return ok ? body : status(503, { ...body, message: 'The database does not answer' });
  });
}
