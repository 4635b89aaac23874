import { expect } from 'vitest';
import type { Order } from '../../shared/api/orders';
import { routes } from '../../functions/routes';
import { waitForOrder } from './checkout-support';
import { fundedSale, moveParcel, parcel, payFee, ship } from './order-support';
import { signedCarrierWebhook } from './route-fixtures';
import { rawRequestOf, sendRaw, type Account } from './route-support';

/**
 * A funded sale of `seller`'s shipped to `buyer` and delivered at the carrier stand-in, the carrier's webhook telling
 * the stack: a delivered order in its inspection period (decision 052).
 */
export async function deliveredSale(seller: Account, buyer: Account, from: string): Promise<Order> {
  const order = await fundedSale(seller, buyer, 'ship');
  await payFee(seller, order.id);
  const number = await parcel('78701', '78701');
  expect((await ship(seller, order.id, number)).status).toBe(200);
  await moveParcel(number, 'delivered');
  const request = signedCarrierWebhook([number]);
  expect((await sendRaw(rawRequestOf(routes.carrierWebhook, request, undefined, from))).status).toBe(200);
  return waitForOrder(buyer, order.id, ['shipped']);
}
