import { auditLogStore } from '../adapters/db/audit-log-store';
import { db } from '../adapters/db/service';
import type { AuditLog } from '../core/admin/audit';

/** The admin audit log every admin use case records to (decision 061). */
export function auditLog(): AuditLog {
  return auditLogStore(db());
}
