import { type } from 'arktype';

/**
 * Every error response body, REST and socket alike: `{ message }`. Each route declares it per status in its
 * response schema (api/http/errors.ts errorResponses) and builds it with httpError, the one helper that makes errors.
 */
export const ErrorBody = type({ message: 'string' });
export type ApiErrorBody = typeof ErrorBody.infer;
/** A plain `{ message }` success answer (e.g. POST /api/player/logout): the same shape as an error body. */
export const MessageBody = ErrorBody;

export { errorFromResponse, isUnauthorizedError, UNAUTHORIZED, UNKNOWN_WORLD } from './errors.ts';
