import type { AdmissionDeps } from '../core/admin-roles/admit-administrator';
import type { AdminRoleDeps } from '../core/admin-roles/ports';
import type { ListAuditDeps } from '../core/admin-audit/list-audit-entries';
import { clock } from '../adapters/clock';
import { adminRoleStore } from '../adapters/db/admin-role-store';
import { auditLogReader } from '../adapters/db/audit-log-reader';
import { db } from '../adapters/db/service';
import { adminWallets } from '../lib/config';
import { auditLog } from './audit';

/** The admin role (decision 062): the role and roster in the table, the configured wallets, the audit log. */
export function adminRoleDeps(): AdminRoleDeps {
  return { roles: adminRoleStore(db()), configuredWallets: adminWallets(), audit: auditLog(), clock };
}

/** What a sign-in needs to admit configured administrators and audit administrators' sign-ins. */
export function admissionDeps(): AdmissionDeps {
  return { roles: adminRoleStore(db()), configuredWallets: adminWallets(), audit: auditLog() };
}

export function listAuditEntriesDeps(): ListAuditDeps {
  return { audit: auditLogReader(db()), roles: adminRoleStore(db()), clock };
}
