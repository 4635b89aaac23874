import type { CurrentUser } from '../../../shared/api/auth';
import { balances, saveSession, sessionRoutes, stubApi, type ApiAnswer, type ApiRequest } from './api-stub';
import { serverCart } from './cart-fixture';
import { page } from './listing-fixture';

/** What the shell of a signed-in page reads (search, notifications, wishlist, cart, wallet), answered empty. */
export function emptyShellReads(req: ApiRequest): ApiAnswer | undefined {
  const path = req.url.pathname;
  if (path === '/api/listings') return { body: page([]) };
  if (path === '/api/me/notifications/summary') return { body: { unreadCount: 0, latest: [] } };
  if (path === '/api/me/wishlist') return { body: { items: [], count: 0 } };
  if (path === '/api/me/cart') return { body: serverCart([]) };
  if (path === '/api/wallet/balances') return { body: balances([]) };
  return undefined;
}

/** A saved session of `current()`: the shell's reads answer empty (emptyShellReads), any other request `rest`. */
export function stubSignedIn(
  current: () => CurrentUser,
  rest: (req: ApiRequest) => ApiAnswer | undefined = () => undefined,
) {
  saveSession();
  return stubApi(sessionRoutes(current, (req) => emptyShellReads(req) ?? rest(req)));
}
