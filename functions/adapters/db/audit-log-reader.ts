import type { AuditEntryRecord, AuditReader, AuditSlice } from '../../core/admin-audit/ports';
import type { Db } from './service';

interface StoredEntry {
  entryId: string;
  at: string;
  actorId: string;
  action: string;
  subject?: string;
  before: string;
  after: string;
}

const toRecord = (e: StoredEntry): AuditEntryRecord => ({
  entryId: e.entryId,
  at: e.at,
  actorId: e.actorId,
  action: e.action,
  subject: e.subject ?? null,
  before: JSON.parse(e.before) as unknown,
  after: JSON.parse(e.after) as unknown,
});

/** The audit log's reads: newest first below an entry id, the action prefix as a filter (ElectroDB's count pages on). */
export function auditLogReader(db: Db): AuditReader {
  const { auditEntry } = db.entities;

  type Query = ReturnType<typeof auditEntry.query.byMonth>;
  async function read(query: Query, slice: AuditSlice): Promise<AuditEntryRecord[]> {
    const bounded = slice.before ? query.lt({ entryId: slice.before }) : query;
    const filtered = slice.actionPrefix ? bounded.where((a, op) => op.begins(a.action, slice.actionPrefix!)) : bounded;
    const { data } = await filtered.go({ order: 'desc', count: slice.limit, pages: 'all' });
    return (data as StoredEntry[]).map(toRecord);
  }

  return {
    ofMonth: (month, slice) => read(auditEntry.query.byMonth({ month }), slice),
    ofActor: (actorId, slice) => read(auditEntry.query.byActor({ actorId }) as unknown as Query, slice),
  };
}
