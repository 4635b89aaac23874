import type { ReturnEvents, ReturnRecord } from '../core/returns/ports';
import { returnNotices } from '../core/returns/return-notices';
import { eventQueue } from './event-queue';
import { partyChangeEvents } from './party-change-events';

/** The order's status after the return's step: a return before release holds a delivered order until it is refunded. */
const orderStatusOf = (ret: ReturnRecord) =>
  ret.case === 'after_release' ? 'completed' : ret.stage === 'completed' ? 'refunding' : 'delivered';

/** A return's change (decision 054): both parties told, the conversation noted, their pages updated. */
export const returnEvents: ReturnEvents = {
  async returnChanged(ret, at) {
    await eventQueue.publish(
      partyChangeEvents(
        {
          ...ret,
          status: orderStatusOf(ret),
          fact: `return:${ret.orderId}:${ret.stage}`,
          ...returnNotices(ret),
        },
        at,
      ),
    );
  },
};
