import { Elysia } from 'elysia';
import { ChatHistory, ChatPostBody, ChatPosted, MuteList, MuteParams } from '../../contract/chat.ts';
import { WorldParams } from '../../contract/world.ts';
import { errorResponses, httpError } from '../../http/errors.ts';
import { rateLimited } from '../../http/rate-limit.ts';
import type { Services } from '../../services.ts';
import { sessionPlugin } from '../../http/session.ts';
import { gameAccessPlugin } from '../game-access.ts';
import type { ChatService } from './service.ts';

/**
 * Chat (spec: chat) and the mute list. The world's chat needs a lobby seat (the `game` guard: 401 signed out, 403
 * without a seat) and answers 404 for an unknown world; sending on the radio (the default channel) also needs a
 * Portable Radio worn there (403), nearby voice needs nothing; both keep to slow mode (429 with Retry-After). Mutes
 * belong to the account: signing in is enough.
 */
export function chatModule(services: Services, chat: ChatService) {
  return new Elysia({ prefix: '/api' })
    .use(sessionPlugin(services))
    .use(gameAccessPlugin(services))
    .get('/world/:worldId/chat', ({ user, params }) => chat.history(user, params.worldId), {
      game: true,
      params: WorldParams,
      response: { 200: ChatHistory, ...errorResponses(400, 401, 403, 404) },
    })
    .post(
      '/world/:worldId/chat',
      async ({ user, params, body, set, status }) => {
        const sent = await chat.post(user, params.worldId, body.message, body.channel);
        if (!sent.ok) {
          const limited = rateLimited(sent.waitMs, 'messages');
          Object.assign(set.headers, limited.headers);
          return httpError(429, limited.body.message);
        }
        return status(201, { message: sent.message });
      },
      {
        game: true,
        params: WorldParams,
        body: ChatPostBody,
        response: { 201: ChatPosted, ...errorResponses(400, 401, 403, 404, 429) },
      },
    )
    .get('/player/mutes', ({ user }) => chat.mutes(user.id), {
      auth: true,
      response: { 200: MuteList, ...errorResponses(401) },
    })
    .put('/player/mutes/:playerId', ({ user, params }) => chat.mute(user.id, params.playerId), {
      auth: true,
      params: MuteParams,
      response: { 200: MuteList, ...errorResponses(400, 401, 404, 409) },
    })
    .delete('/player/mutes/:playerId', ({ user, params }) => chat.unmute(user.id, params.playerId), {
      auth: true,
      params: MuteParams,
      response: { 200: MuteList, ...errorResponses(400, 401) },
    });
}
