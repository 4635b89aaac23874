import { eachLimited } from '../../lib/each-limited';
import type { OrderRecord } from '../orders/order';
import type { ProfileStore } from '../profile/profile';
import { TRACK_BATCH_MAX, type Carrier } from '../shipping/carrier-port';
import { NEVER, type ReturnDeps, type ReturnRecord } from './ports';
import { followReturnParcel } from './follow-return-parcel';
import { approval, orderOf, returnAddressOf } from './return-rules';

export type FollowReturnsDeps = ReturnDeps & {
  carrier: Pick<Carrier, 'track'>;
  profiles: Pick<ProfileStore, 'get'>;
  log: { warn(message: string, fields: Record<string, unknown>): void };
};

export interface FollowReturnsRun {
  /** Pending returns the seller did not answer in time: approved for them. */
  approved: number;
  /** Approved returns not sent back in time (before release, the release goes ahead). */
  lapsed: number;
  /** Parcels on their way back looked at, and returns they moved on (refund decided, delivered back, lost). */
  tracked: number;
  advanced: number;
  /** Returns sent to an administrator: a refund not made in time after the return was delivered. */
  escalated: number;
}

const BATCH = 100;

/**
 * The returns schedule (decision 054). Each step is a conditional write on the stage as read, so a second run, or a
 * seller's answer in the same moment, changes each return once.
 */
export async function followReturns(deps: FollowReturnsDeps): Promise<FollowReturnsRun> {
  const run: FollowReturnsRun = { approved: 0, lapsed: 0, tracked: 0, advanced: 0, escalated: 0 };
  const now = deps.clock.now();
  const at = now.toISOString();
  const changed = async (ret: ReturnRecord) =>
    deps.returnEvents.returnChanged((await deps.returns.get(ret.orderId))!, now);

  for (const ret of await deps.returns.due('pending', at, BATCH)) {
    const order = await orderOf(deps.orders, ret.orderId);
    if ((await heldElsewhere(ret, order, now, deps)) || (await answerForSeller(ret, order, now, deps))) {
      run.approved++;
      await changed(ret);
    }
  }
  for (const ret of await deps.returns.due('approved', at, BATCH)) {
    const order = await orderOf(deps.orders, ret.orderId);
    if (await heldElsewhere(ret, order, now, deps)) {
      await changed(ret);
      continue;
    }
    const lapse = { stage: 'lapsed' as const, dueAt: NEVER, updatedAt: at };
    const done =
      ret.case === 'before_release'
        ? await deps.returns.endHold(order, ret, lapse, { kind: 'release', deadline: at })
        : await deps.returns.advance(ret, lapse);
    if (done) {
      run.lapsed++;
      await changed(ret);
    }
  }
  const shipped = await deps.returns.due('shipped', at, BATCH);
  for (let i = 0; i < shipped.length; i += TRACK_BATCH_MAX) {
    const batch = shipped.slice(i, i + TRACK_BATCH_MAX);
    let results;
    try {
      results = await deps.carrier.track(batch.map((r) => r.trackingNumber!));
    } catch (error) {
      deps.log.warn('return tracking failed, next run tries again', { error: String(error) });
      continue;
    }
    await eachLimited(
      batch.map((ret, j) => [ret, results[j]] as const),
      5,
      async ([ret, result]) => {
        run.tracked++;
        const order = await orderOf(deps.orders, ret.orderId);
        if ((await heldElsewhere(ret, order, now, deps)) || (await followReturnParcel(ret, order, result, now, deps))) {
          run.advanced++;
          await changed(ret);
        }
      },
    );
  }
  for (const ret of await deps.returns.due('refund_due', at, BATCH)) {
    if (
      await deps.returns.advance(ret, {
        stage: 'escalated',
        escalatedAt: at,
        dueAt: NEVER,
        updatedAt: at,
      })
    ) {
      run.escalated++;
      await changed(ret);
    }
  }
  return run;
}

/**
 * A return asked before release whose order no longer holds for it: the settlement schedule ended the hold at the
 * release deadline as a refund (only if this schedule fell behind). The return follows what happened to the money.
 */
async function heldElsewhere(
  ret: ReturnRecord,
  order: OrderRecord,
  now: Date,
  deps: FollowReturnsDeps,
): Promise<boolean> {
  if (ret.case !== 'before_release') return false;
  if (order.releaseHold === 'return' && order.status === 'delivered') return false;
  const refunded = order.status === 'refunding' || order.status === 'refunded';
  const at = now.toISOString();
  await deps.returns.advance(ret, {
    stage: refunded ? 'completed' : 'lapsed',
    dueAt: NEVER,
    updatedAt: at,
  });
  return true;
}

/**
 * The seller did not answer in time: the return is approved for them. A seller with no return address can't be sent
 * it back: before release the hold ends as a refund (what the ledger gives at CancelAfter anyway), after release an
 * administrator decides.
 */
async function answerForSeller(
  ret: ReturnRecord,
  order: OrderRecord,
  now: Date,
  deps: FollowReturnsDeps,
): Promise<boolean> {
  const returnTo = returnAddressOf(await deps.profiles.get(ret.sellerId));
  const at = now.toISOString();
  if (returnTo) return deps.returns.advance(ret, approval(ret, order, returnTo, null, now, deps.protection));
  if (ret.case === 'before_release') {
    return deps.returns.endHold(order, ret, { stage: 'completed', dueAt: NEVER, updatedAt: at }, { kind: 'refund' });
  }
  return deps.returns.advance(ret, {
    stage: 'escalated',
    escalatedAt: at,
    dueAt: NEVER,
    updatedAt: at,
  });
}
