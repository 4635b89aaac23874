/**
 * The simulation's returns (decision 054): the buyer asks, the seller answers, the buyer sends the parcel back at the
 * carrier stand-in, the returns schedule follows it, and after release the seller signs the refund Payment on the
 * Xaman stand-in's sign page. Everything is the production core with the production wiring (DynamoDB Local, the
 * carrier's Track API, the Xaman stand-in); only the schedule's runs are called here, some with their clock a little
 * ahead (the time a parcel is next looked at).
 */
import { clock } from '../../../functions/adapters/clock';
import type { Clock } from '../../../functions/core/clock/clock';
import { decideReturn } from '../../../functions/core/returns/decide-return';
import { followReturns, type FollowReturnsRun } from '../../../functions/core/returns/follow-returns';
import type { ReturnRecord } from '../../../functions/core/returns/ports';
import { requestReturn } from '../../../functions/core/returns/request-return';
import { requestReturnRefund } from '../../../functions/core/returns/request-return-refund';
import { settleReturnRefund } from '../../../functions/core/returns/settle-return-refund';
import { shipReturn } from '../../../functions/core/returns/ship-return';
import {
  decideReturnDeps,
  followReturnsDeps,
  requestReturnDeps,
  returnRefundDeps,
  shipReturnDeps,
} from '../../../functions/wiring/returns';
import type { SimLog } from './faults';
import { signPage, type Party } from './world';

const RETURN = { reason: 'not_as_described' as const, description: 'Not what the listing showed.' };

type Carrier = {
  parcel(fromZip: string, toZip: string): Promise<string>;
  move(trackingNumber: string, status: string): Promise<void>;
};

const ahead = (ms: number): Clock => ({ now: () => new Date(clock.now().getTime() + ms) });

export function returnSteps(carrier: Carrier, log: SimLog) {
  const get = (orderId: string): Promise<ReturnRecord | null> => requestReturnDeps().returns.get(orderId);
  /** One run of the returns schedule (`copies` at once, as a redelivered job), its clock `aheadMs` on. */
  const follow = async (aheadMs = 0, copies = 1): Promise<FollowReturnsRun[]> =>
    Promise.all(
      Array.from({ length: copies }, () =>
        followReturns({ ...followReturnsDeps(log), ...(aheadMs > 0 && { clock: ahead(aheadMs) }) }),
      ),
    );
  return {
    get,
    follow,
    request: (buyer: Party, orderId: string) => requestReturn(buyer.userId, orderId, RETURN, requestReturnDeps()),
    approve: (seller: Party, orderId: string) =>
      decideReturn(seller.userId, orderId, { decision: 'approve', note: '' }, decideReturnDeps()),
    /**
     * The buyer sends it back: a parcel from their ZIP to the seller's return ZIP, its number given on the order. The
     * carrier moves it on to `until` before the number is given (`moved: 'before'`), or after, and then the returns
     * schedule finds it at its next look (two runs at once), 10 minutes on (RETURN_TRACK_INTERVAL_MS).
     */
    async shipBack(
      buyer: Party,
      seller: Party,
      orderId: string,
      until: readonly string[],
      moved: 'before' | 'after',
    ): Promise<string> {
      const n = await carrier.parcel(buyer.zip.zip, seller.zip.zip);
      if (moved === 'before') for (const status of until) await carrier.move(n, status);
      await shipReturn(buyer.userId, orderId, n, shipReturnDeps());
      if (moved === 'after') {
        for (const status of until) await carrier.move(n, status);
        // The schedule's next look at this parcel, its clock at the return's due time. Another return's look may
        // have come first (its runs follow every return due by then) and put this one's off again: look once more.
        for (let look = 0; look < 5; look++) {
          const ret = await get(orderId);
          if (ret?.stage !== 'shipped') break;
          await follow(Math.max(0, Date.parse(ret.dueAt) - clock.now().getTime()) + 1_000, 2);
        }
      }
      return n;
    },
    /**
     * After release, the return delivered back: the seller asks for the refund's signing request and approves it on
     * the Xaman stand-in's sign page with their wallet; the stand-in's webhook has the app settle it (verified,
     * submitted, completed from a validated ledger). If that has not happened after 4 s, the settling is run here too,
     * as the signing queue's next check would. The refund's hash once the return is completed.
     */
    async refund(seller: Party, orderId: string): Promise<string> {
      const deps = await returnRefundDeps(log);
      const asked = await requestReturnRefund(seller.userId, orderId, deps);
      if (asked.status !== 'signing') throw new Error(`return of ${orderId}: refund ${asked.status} before signing`);
      await signPage(asked.signUrl, 'approve', seller.wallet.classicAddress);
      const start = performance.now();
      let settled = false;
      for (;;) {
        const ret = await get(orderId);
        if (ret?.stage === 'completed' && ret.refundTxid) return ret.refundTxid;
        const waited = performance.now() - start;
        if (waited > 4_000 && !settled) {
          settled = true;
          await settleReturnRefund(
            { uuid: asked.uuid, purpose: 'return-refund', subjectId: orderId, status: 'signed' },
            deps,
          );
        }
        if (waited > 30_000) throw new Error(`return refund of ${orderId} not completed within 30 s (${ret?.stage})`);
        await new Promise((r) => setTimeout(r, 150));
      }
    },
  };
}

export type ReturnSteps = ReturnType<typeof returnSteps>;
