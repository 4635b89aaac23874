import useSWR from 'swr';
import useSWRInfinite from 'swr/infinite';
import type { ResponseOf } from '../../../../shared/api/contract';
import * as contracts from '../../../../shared/api/admin-roles';
import * as audit from '../../../../shared/api/admin-audit';
import { apiGet, apiSend } from '../../lib/api';
import { keys } from '../keys';

/**
 * The admin portal's Roles and Audit tabs (decision 062). Grant and revoke are PUT and DELETE by username: sent again,
 * they change nothing more; each answers the administrators after it.
 */

export type Admins = ResponseOf<typeof contracts.listAdmins>;
export type AuditPage = ResponseOf<typeof audit.listAuditEntries>;
export interface AuditFilter {
  /** An action or its start ('role.'); '' for all. */
  action: string;
  /** A username; '' for everyone. */
  actor: string;
}
type AuditKey = ReturnType<typeof keys.auditEntries>;

export function useAdmins(userId: string, token: string) {
  return useSWR(keys.adminRoles(userId), () => apiGet(contracts.listAdmins, { token }));
}

export function grantAdminRole(token: string, username: string) {
  return apiSend(contracts.grantAdminRole, { token, params: { username } });
}

export function revokeAdminRole(token: string, username: string) {
  return apiSend(contracts.revokeAdminRole, { token, params: { username } });
}

function listAuditEntries(token: string, filter: AuditFilter, cursor: string | null) {
  return apiGet(audit.listAuditEntries, {
    token,
    query: {
      ...(cursor && { cursor }),
      ...(filter.action && { action: filter.action }),
      ...(filter.actor && { actor: filter.actor }),
    },
  });
}

/** The audit log, newest first, a page at a time (`nextCursor`), for one filter. */
export function useAuditEntries(userId: string, token: string, filter: AuditFilter) {
  return useSWRInfinite<AuditPage, Error, (i: number, prev: AuditPage | null) => AuditKey | null>(
    (_, prev) => (prev && !prev.nextCursor ? null : keys.auditEntries(userId, filter, prev?.nextCursor ?? null)),
    ([, , action, actor, cursor]) => listAuditEntries(token, { action, actor }, cursor),
  );
}
