import type { Order } from '../../../shared/api/orders';
import { routes } from '../../../web/src/app/router';
import { balances, saveSession, sessionRoutes, stubApi, user, type ApiAnswer, type ApiRequest } from './api-stub';
import { serverCart } from './cart-fixture';
import { listingDetail, page } from './listing-fixture';
import { renderRoutes } from './render';

/**
 * /purchased/P1 signed in as alice_1, with bob's Oak Desk (DESK1) as its item: GET /api/orders/P1 answers `read()`,
 * any other request `more` (the page's own actions); the header's reads answer empty.
 */
export function showPurchase(read: () => Order, more: (req: ApiRequest) => ApiAnswer | undefined = () => undefined) {
  saveSession();
  const api = stubApi(
    sessionRoutes(
      () => user(),
      (req) => {
        const path = req.url.pathname;
        if (path === '/api/listings') return { body: page([]) };
        if (path === '/api/listings/DESK1') return { body: listingDetail({ id: 'DESK1', title: 'Oak Desk' }) };
        if (path === '/api/me/notifications/summary') return { body: { unreadCount: 0, latest: [] } };
        if (path === '/api/me/messages/unread') return { body: { unreadCount: 0 } };
        if (path === '/api/me/wishlist') return { body: { items: [], count: 0 } };
        if (path === '/api/me/cart') return { body: serverCart([]) };
        if (path === '/api/wallet/balances') return { body: balances([]) };
        if (path === '/api/orders/P1' && req.method === 'GET') return { body: read() };
        return more(req);
      },
    ),
  );
  renderRoutes(routes, '/purchased/P1');
  return api;
}
