import { ulid } from 'ulid';
import type { AuditLog } from '../../core/admin/audit';
import type { Db } from './service';

/** The audit log in the table: each entry created once (a create fails rather than overwrite). */
export function auditLogStore(db: Db): AuditLog {
  return {
    async record(entry, at) {
      await db.entities.auditEntry
        .create({
          month: at.toISOString().slice(0, 7),
          entryId: ulid(at.getTime()),
          actorId: entry.actorId,
          action: entry.action,
          subject: entry.subject ?? undefined,
          before: JSON.stringify(entry.before ?? null),
          after: JSON.stringify(entry.after ?? null),
          at: at.toISOString(),
        })
        .go();
    },
  };
}
