/**
 * The bell's request (unread count and the 5 latest) with 1,000 notifications for the user: a local stack with no seed
 * data, a session opened for a user, 1,000 notifications stored through the app's notify (its store and transactions),
 * then sequential GET /api/me/notifications/summary requests through the gateway. Run on its own
 * (`tsx tests/bench/notifications-bell.ts`) it prints the result as JSON.
 */
import { ulid } from 'ulid';
import { sessionDeps } from '../../functions/wiring/auth';
import { notificationStore } from '../../functions/adapters/db/notification-store';
import { db } from '../../functions/adapters/db/service';
import { openSession } from '../../functions/core/auth/sessions';
import { notify } from '../../functions/core/notifications/notify';
import { DEFAULT_SELLER_SETTINGS } from '../../shared/domain/seller-settings';
import { startBareStack } from './bare-stack';
import { sequentialLatency } from './percentile';

export const BELL_NOTIFICATIONS = 1_000;
const WARM_UP = 30;
const TIMED = 300;

export interface BellResult {
  notifications: number;
  p50: number;
  p95: number;
  n: number;
}

export async function notificationsBell(): Promise<BellResult> {
  const stack = await startBareStack('bell');
  try {
    // The handlers run in this process, so db() is theirs (created after the stack set the env).
    const userId = ulid();
    const { token } = await openSession(userId, sessionDeps());
    const store = notificationStore(db());
    const start = Date.now() - BELL_NOTIFICATIONS * 1000;
    for (let i = 0; i < BELL_NOTIFICATIONS; i += 20) {
      await Promise.all(
        Array.from({ length: Math.min(20, BELL_NOTIFICATIONS - i) }, (_, j) => {
          const at = new Date(start + (i + j) * 1000);
          return notify(
            {
              userId,
              type: 'bid',
              title: 'New Bid Placed',
              message: `Someone bid $${i + j}.00`,
              relatedId: null,
              dedupeKey: `bench:${i + j}`,
            },
            {
              store,
              events: { publish: async () => undefined },
              clock: { now: () => at },
              newId: (t) => ulid(t.getTime()),
              preferences: { toggles: async () => DEFAULT_SELLER_SETTINGS.notifications, sellerOf: async () => null },
            },
          );
        }),
      );
    }
    const get = async () => {
      const res = await fetch(`${stack.url}/api/me/notifications/summary`, {
        headers: { authorization: `Bearer ${token}` },
      });
      if (res.status !== 200) throw new Error(`GET /api/me/notifications/summary -> ${res.status}`);
      return (await res.json()) as { unreadCount: number; latest: unknown[] };
    };
    const check = await get();
    if (check.unreadCount !== BELL_NOTIFICATIONS || check.latest.length !== 5) {
      throw new Error(`unexpected bell: ${check.unreadCount} unread, ${check.latest.length} latest`);
    }
    return { notifications: BELL_NOTIFICATIONS, ...(await sequentialLatency(get, WARM_UP, TIMED)) };
  } finally {
    await stack.dispose();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await notificationsBell()));
  process.exit(0);
}
