import type { Order } from '../../../shared/api/orders';
import { routes } from '../../../web/src/app/router';
import { user, type ApiAnswer, type ApiRequest } from './api-stub';
import { funded, order } from './cart-fixture';
import { listingDetail } from './listing-fixture';
import { renderRoutes } from './render';
import { stubSignedIn } from './signed-in';

/** bob's Oak Desk (P1) bought by alice_1 (01JUSER), delivered and in its inspection period (until Jan 5, 2026). */
export function deliveredPurchase(over: Partial<Order> = {}): Order {
  return {
    ...funded(order({ id: 'P1' })),
    status: 'delivered',
    shippingStatus: 'delivered',
    releaseDueAt: '2026-01-05T15:00:00.000Z',
    ...over,
  };
}

/**
 * /purchased/P1 signed in as alice_1, with bob's Oak Desk (DESK1) as its item: GET /api/orders/P1 answers `read()`,
 * any other request `more` (the page's own actions); the header's reads answer empty.
 */
export function showPurchase(read: () => Order, more: (req: ApiRequest) => ApiAnswer | undefined = () => undefined) {
  const api = stubSignedIn(
    () => user(),
    (req) => {
      const path = req.url.pathname;
      if (path === '/api/listings/DESK1') return { body: listingDetail({ id: 'DESK1', title: 'Oak Desk' }) };
      if (path === '/api/me/messages/unread') return { body: { unreadCount: 0 } };
      if (path === '/api/orders/P1' && req.method === 'GET') return { body: read() };
      return more(req);
    },
  );
  renderRoutes(routes, '/purchased/P1');
  return api;
}
