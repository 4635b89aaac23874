/** One audit entry as stored (decision 061), its before and after parsed back from JSON. */
export interface AuditEntryRecord {
  entryId: string;
  at: string;
  actorId: string;
  action: string;
  subject: string | null;
  before: unknown;
  after: unknown;
}

/** Where to read and what to keep: entries older than `before` (an entry id; null = from the newest). */
export interface AuditSlice {
  before: string | null;
  /** At most this many, newest first. */
  limit: number;
  /** Only actions starting with this; null = all. */
  actionPrefix: string | null;
}

/** Reads of the audit log (decision 062): by UTC month partition, or one actor's across months. */
export interface AuditReader {
  ofMonth(month: string, slice: AuditSlice): Promise<AuditEntryRecord[]>;
  ofActor(actorId: string, slice: AuditSlice): Promise<AuditEntryRecord[]>;
}
