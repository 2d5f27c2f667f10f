import { Elysia } from 'elysia';
import { Close } from '../../contract/protocol.ts';
import { DisplayNameBody, LoginBody, RegisterBody, SESSION_COOKIE } from '../../contract/auth.ts';
import type { Services } from '../../services.ts';
import { clientAddress } from './client-address.ts';
import { login, register } from './service.ts';
import { currentUser, hashSessionToken, sessionPlugin, startSession, toAuthUser } from './session.ts';

/** Accounts and sessions: register, sign in, who am I, sign out, display name. */
export function authModule(services: Services) {
  return new Elysia({ prefix: '/api' })
    .use(sessionPlugin(services))
    .get('/login', async ({ cookie, redirect }) => {
      const user = await currentUser(services, cookie as never);
      return redirect(user ? '/lobby' : '/login', 302);
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
      async ({ body, cookie, status }) => {
        const outcome = await register(services, body);
        if (!outcome.ok) return status(outcome.status, { message: outcome.message });
        await startSession(services, cookie as never, outcome.user.id);
        return status(201, toAuthUser(outcome.user));
      },
      { body: RegisterBody },
    )
    .post(
      '/auth/login',
      async ({ body, cookie, status, set, server, request }) => {
        const address = clientAddress(
          server?.requestIP(request)?.address,
          request.headers.get('x-forwarded-for'),
          services.config.trustProxyHops,
        );
        const outcome = await login(services, body, address);
        if (!outcome.ok) {
          if (outcome.status === 429) set.headers['retry-after'] = String(outcome.retryAfterSeconds);
          return status(outcome.status, { message: outcome.message });
        }
        await startSession(services, cookie as never, outcome.user.id);
        return toAuthUser(outcome.user);
      },
      { body: LoginBody },
    )
    .get('/auth/user', ({ user }) => toAuthUser(user), { auth: true })
    .patch(
      '/user/display-name',
      async ({ user, body, status }) => {
        const updated = await services.repos.accounts.updateDisplayName(user.id, body.displayName);
        if (!updated) return status(404, { message: 'User not found' });
        return toAuthUser(updated);
      },
      { auth: true, body: DisplayNameBody },
    );
}
