/**
 * The admin audit log (decision 061): every administrator action, who, when, what, the value before and after, kept
 * append-only. A secret's value never enters it: its before and after are `SECRET_CHANGED`.
 */
export interface AuditRecord {
  /** The administrator's user id (or the user signing in, for `admin.sign_in`). */
  actorId: string;
  /** What was done, dotted: `settings.update`, `role.grant`, `listing.hide`, `dispute.resolve`, ... */
  action: string;
  /** What it was done to: a setting key, a user, listing or order id; null when nothing in particular. */
  subject: string | null;
  /** The value before and after, as JSON-safe values (null where there is none). */
  before: unknown;
  after: unknown;
}

export interface AuditLog {
  /** Appends one entry (never overwritten: each has its own time-ordered id). */
  record(entry: AuditRecord, at: Date): Promise<void>;
}

/** What the log shows for a secret's before and after: that it changed, never the value. */
export const SECRET_CHANGED = 'changed';
