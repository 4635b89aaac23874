import type { PayAuctionOrderDeps } from '../core/orders/pay-auction-order';
import { orderStore } from './db/order-store';
import { db } from './db/service';
import { checkoutDeps } from './order-deps';

export async function payAuctionOrderDeps(): Promise<PayAuctionOrderDeps> {
  return { ...(await checkoutDeps()), orders: orderStore(db()) };
}
