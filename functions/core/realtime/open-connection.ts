import { CONNECTION_LIFETIME_SECONDS } from '../../../shared/events';
import type { Clock } from '../clock/clock';
import { epochSeconds } from './connections';
import type { RealtimeStore } from './ports';

/**
 * A new connection; `user` is the user and session the $connect authorizer found by the socket's ticket (none:
 * anonymous). The session is kept so private events stop when it ends (decision 078).
 */
export async function openConnection(
  connectionId: string,
  user: { userId: string; sessionId: string } | undefined,
  deps: { store: RealtimeStore; clock: Clock },
): Promise<void> {
  const at = deps.clock.now();
  await deps.store.saveConnection({
    connectionId,
    userId: user?.userId,
    sessionId: user?.sessionId,
    connectedAt: at.toISOString(),
    ttl: epochSeconds(at) + CONNECTION_LIFETIME_SECONDS,
  });
}
