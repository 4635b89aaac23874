import type { RealtimeStore } from './ports';

/** $disconnect: the connection and its subscriptions go. */
export async function closeConnection(connectionId: string, deps: { store: Pick<RealtimeStore, 'removeConnection'> }) {
  await deps.store.removeConnection(connectionId);
}
