import type { SocketTicketStore } from '../../core/realtime/ports';
import { isConditionalFailure } from './conditional';
import type { Db } from './service';

/** Kept by TTL a little past expiry when never used (DynamoDB removes expired items within hours, not at once). */
const ttlOf = (expiresAt: string) => Math.floor(Date.parse(expiresAt) / 1000) + 60;

export function socketTicketStore(db: Db): SocketTicketStore {
  const { socketTicket } = db.entities;
  return {
    async save(t) {
      await socketTicket.create({ ...t, ttl: ttlOf(t.expiresAt) }).go();
    },
    // One conditional delete: of two connections presenting one ticket, exactly one gets its record (decision 078).
    async take(ticketHash) {
      try {
        const deleted = await socketTicket
          .delete({ ticketHash })
          .where((a, op) => op.exists(a.userId))
          .go({ response: 'all_old' });
        const d = deleted.data;
        return d
          ? { ticketHash: d.ticketHash, userId: d.userId, sessionId: d.sessionId, expiresAt: d.expiresAt }
          : null;
      } catch (error) {
        if (isConditionalFailure(error)) return null;
        throw error;
      }
    },
  };
}
