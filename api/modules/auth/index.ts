import { Elysia } from 'elysia';
import { AuthUser, DisplayNameBody, LoginBody, RegisterBody, SESSION_COOKIE } from '../../contract/auth.ts';
import { Close } from '../../contract/protocol.ts';
import { errorResponses, httpError } from '../../http/errors.ts';
import type { UserRow } from '../../../db/repos/accounts.ts';
import type { Services } from '../../services.ts';
import { clientAddress } from '../../http/client-address.ts';
import { PasswordHasher } from './passwords.ts';
import { login, NAME_TAKEN, register } from './service.ts';
import { currentUser, hashSessionToken, sessionPlugin, startSession, toAuthUser } from '../../http/session.ts';

/**
 * Accounts and sessions: register, sign in, who am I, sign out, display name. GET /api/login and /api/logout are
 * navigations (302 redirects, no body); the JSON calls declare their answers and errors below. `renamed` hears every
 * display-name change (the live layer relabels the survivor where it is present). `passwords` bounds the argon2id
 * work of sign-ups and sign-ins (one per app when not given).
 */
export function authModule(services: Services, hooks: { renamed?: (user: UserRow) => void; passwords?: PasswordHasher } = {}) {
  const passwords =
    hooks.passwords ??
    new PasswordHasher(
      services.config.passwordHashConcurrency,
      services.config.passwordHashQueue,
      services.config.passwordHashCost,
    );
  const addressOf = (server: { requestIP(r: Request): { address: string } | null } | null, request: Request) =>
    clientAddress(server?.requestIP(request)?.address, request.headers.get('x-forwarded-for'), services.config.trustProxyHops);
  return (
    new Elysia({ prefix: '/api' })
      .use(sessionPlugin(services))
      // ?signup (the landing page's "Enter the Wasteland"): a visitor is most likely new, so the form opens on sign-up.
      .get('/login', async ({ cookie, redirect, query }) => {
        const user = await currentUser(services, cookie as never);
        return redirect(user ? '/lobby' : 'signup' in query ? '/login?mode=register' : '/login', 302);
      })
      .get('/logout', async ({ cookie, redirect }) => {
        const user = await currentUser(services, cookie as never);
        const token = cookie[SESSION_COOKIE]?.value;
        if (typeof token === 'string' && token) await services.repos.accounts.deleteSession(hashSessionToken(token));
        // The session is gone: so is every live connection it opened, at once.
        if (user) await services.accessEnded.emit({ userId: user.id, code: Close.normal, reason: 'Logged out' });
        cookie[SESSION_COOKIE]?.remove();
        return redirect('/', 302);
      })
      .post(
        '/auth/register',
        async ({ body, cookie, status, set, server, request }) => {
          const outcome = await register(services, body, addressOf(server, request), passwords);
          if (!outcome.ok) {
            if (outcome.status !== 409) set.headers['retry-after'] = String(outcome.retryAfterSeconds);
            return httpError(outcome.status, outcome.message);
          }
          await startSession(services, cookie as never, outcome.user.id);
          return status(201, toAuthUser(outcome.user));
        },
        { body: RegisterBody, response: { 201: AuthUser, ...errorResponses(400, 409, 429, 503) } },
      )
      .post(
        '/auth/login',
        async ({ body, cookie, set, server, request }) => {
          const outcome = await login(services, body, addressOf(server, request), passwords);
          if (!outcome.ok) {
            if (outcome.status !== 401) set.headers['retry-after'] = String(outcome.retryAfterSeconds);
            return httpError(outcome.status, outcome.message);
          }
          await startSession(services, cookie as never, outcome.user.id);
          return toAuthUser(outcome.user);
        },
        { body: LoginBody, response: { 200: AuthUser, ...errorResponses(400, 401, 429, 503) } },
      )
      .get('/auth/user', ({ user }) => toAuthUser(user), { auth: true, response: { 200: AuthUser, ...errorResponses(401) } })
      .patch(
        '/user/display-name',
        async ({ user, body }) => {
          const renamed = await services.repos.accounts.updateDisplayName(user.id, body.displayName);
          if (!renamed.ok) {
            return renamed.taken === 'no-user'
              ? httpError(404, 'User not found')
              : httpError(409, NAME_TAKEN.display(body.displayName));
          }
          hooks.renamed?.(renamed.user);
          return toAuthUser(renamed.user);
        },
        { auth: true, body: DisplayNameBody, response: { 200: AuthUser, ...errorResponses(400, 401, 404, 409) } },
      )
  );
}
