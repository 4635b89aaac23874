import { CONNECTION_LIFETIME_SECONDS } from '../../../shared/events';
import type { Clock } from '../clock/clock';
import { epochSeconds } from './connections';
import type { RealtimeStore } from './ports';

/** A new connection; `userId` is the user the $connect authorizer found in the session token (none: anonymous). */
export async function openConnection(
  connectionId: string,
  userId: string | undefined,
  deps: { store: RealtimeStore; clock: Clock },
): Promise<void> {
  const at = deps.clock.now();
  await deps.store.saveConnection({
    connectionId,
    userId,
    connectedAt: at.toISOString(),
    ttl: epochSeconds(at) + CONNECTION_LIFETIME_SECONDS,
  });
}
