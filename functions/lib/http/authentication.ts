import { bearerToken, type Auth, type Authenticator } from '../session-auth';
import { stateOf, type HttpMiddleware } from './state';

/**
 * The route's auth level: `user` and `admin` routes need a bearer session token that is a live session (and the admin
 * role); anything else is 401 (403 for a non-admin). Public routes pass with no principal.
 */
export function authentication(level: Auth, authenticate: Authenticator): HttpMiddleware {
  return {
    before: async (request) => {
      if (level === 'public') return;
      const state = stateOf(request.event);
      state.auth = await authenticate(bearerToken(request.event.headers), level, request.event);
      state.log = state.log.child({ userId: state.auth.userId });
    },
  };
}
