import type { RealtimeStore, Subscriber } from './ports';

/**
 * The batch's view of the socket table: a topic's subscribers are read once per batch (a hot auction's bids, each an
 * event on the listing's topic, often arrive together). A subscription made meanwhile misses at most this batch, as it
 * would have missed an event read a moment earlier; a page reads the state again when it subscribes.
 */
export function subscribersOncePerBatch(store: RealtimeStore): RealtimeStore {
  const read = new Map<string, Promise<Subscriber[]>>();
  return {
    ...store,
    subscribersOf(topic, nowEpochSeconds) {
      let found = read.get(topic);
      if (!found) {
        found = store.subscribersOf(topic, nowEpochSeconds);
        found.catch(() => read.delete(topic));
        read.set(topic, found);
      }
      return found;
    },
  };
}
