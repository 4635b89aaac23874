import { userTopic } from '../../../../../shared/events';
import { useMyOrders } from '../../../domains/orders/api';
import { OrderList } from '../../../domains/orders/order-list';
import { useTopic } from '../../../lib/realtime/use-topic';

/** The portal's Orders tab: the seller's sales with their actions, the same list My Activity's Sales tab shows. */
export function PortalOrders({ userId, token }: { userId: string; token: string }) {
  const sales = useMyOrders(userId, token, 'seller');
  const refresh = () => void sales.mutate();
  // Sales move (funded, shipped, released) on the seller's topic; after a reconnect too.
  useTopic(
    userTopic(userId),
    (event) => {
      if (event.type === 'order.updated') refresh();
    },
    { onSubscribed: refresh },
  );
  return <OrderList role="seller" orders={sales} onChanged={refresh} />;
}
