import type { RealtimeStore } from '../../core/realtime/ports';
import type { Db } from './service';

export function realtimeStore(db: Db): RealtimeStore {
  const { connection, subscription } = db.entities;
  return {
    async saveConnection(c) {
      await connection.put({ ...c, topics: undefined }).go();
    },
    async removeConnection(connectionId) {
      const found = await connection.get({ connectionId }).go();
      const topics = found.data?.topics ?? [];
      if (topics.length > 0) {
        await subscription.delete(topics.map((topic) => ({ topic, connectionId }))).go();
      }
      await connection.delete({ connectionId }).go();
    },
    async getConnection(connectionId) {
      const found = await connection.get({ connectionId }).go();
      if (!found.data) return undefined;
      return {
        ...(found.data.userId && { userId: found.data.userId }),
        ...(found.data.sessionId && { sessionId: found.data.sessionId }),
        topics: found.data.topics ?? [],
      };
    },
    async subscribe(connectionId, topic, ttl, sessionId) {
      // Both or neither: a subscription always has its topic recorded on a connection that still exists.
      await db.transaction
        .write(({ connection: c, subscription: s }) => [
          c
            .update({ connectionId })
            .add({ topics: [topic] })
            .where((attr, op) => op.exists(attr.connectedAt))
            .commit(),
          s.put({ topic, connectionId, ttl, sessionId }).commit(),
        ])
        .go();
    },
    async unsubscribe(connectionId, topic) {
      await db.transaction
        .write(({ connection: c, subscription: s }) => [
          c
            .update({ connectionId })
            .delete({ topics: [topic] })
            .where((attr, op) => op.exists(attr.connectedAt))
            .commit(),
          s.delete({ topic, connectionId }).commit(),
        ])
        .go();
    },
    async subscribersOf(topic, nowEpochSeconds) {
      const result = await subscription.query
        .byTopic({ topic })
        .where((attr, op) => op.gt(attr.ttl, nowEpochSeconds))
        .go({ pages: 'all' });
      return result.data.map((s) => ({
        connectionId: s.connectionId,
        ...(s.sessionId && { sessionId: s.sessionId }),
      }));
    },
  };
}
