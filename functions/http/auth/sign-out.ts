import { signOut } from '../../core/auth/sign-out';
import { signOutDeps } from '../../wiring/auth';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.signOut, async (req) => ok(await signOut(principalOf(req), signOutDeps())));
