import type { AuditEntryView } from '../../../shared/api/admin-audit';
import type { Clock } from '../clock/clock';
import type { AdminRoleStore } from '../admin-roles/ports';
import { cursorAboveMonth, decodeAuditCursor, monthOfId, previousMonth } from './audit-cursor';
import type { AuditEntryRecord, AuditReader } from './ports';

/** The log began with decision 061: no month partition before it holds entries, so paging back ends there. */
export const AUDIT_LOG_FIRST_MONTH = '2026-11';
/** Month partitions one page reads at most; past them the cursor goes on where it stopped. */
export const MONTHS_PER_PAGE = 12;

export interface ListAuditDeps {
  audit: AuditReader;
  roles: Pick<AdminRoleStore, 'userByUsername' | 'usernames'>;
  clock: Clock;
}

export interface AuditQuery {
  limit: number;
  cursor?: string;
  action?: string;
  /** A username. */
  actor?: string;
}

/**
 * The audit log for the admin portal's Audit tab (decision 062), newest first: one actor's entries from their index,
 * or else month partitions walked backwards from the cursor's (or this) month. One more than a page is read to know
 * whether another follows.
 */
export async function listAuditEntries(
  query: AuditQuery,
  deps: ListAuditDeps,
): Promise<{ items: AuditEntryView[]; nextCursor: string | null }> {
  const before = decodeAuditCursor(query.cursor);
  const actionPrefix = query.action ?? null;
  let found: AuditEntryRecord[] = [];
  let stoppedAbove: string | null = null;
  if (query.actor !== undefined) {
    const actor = await deps.roles.userByUsername(query.actor);
    if (!actor) return { items: [], nextCursor: null };
    found = await deps.audit.ofActor(actor.userId, { before, limit: query.limit + 1, actionPrefix });
  } else {
    let month = before ? monthOfId(before) : deps.clock.now().toISOString().slice(0, 7);
    let bound = before;
    for (let read = 0; found.length <= query.limit && month >= AUDIT_LOG_FIRST_MONTH; read++) {
      if (read === MONTHS_PER_PAGE) {
        stoppedAbove = cursorAboveMonth(month);
        break;
      }
      found.push(
        ...(await deps.audit.ofMonth(month, { before: bound, limit: query.limit + 1 - found.length, actionPrefix })),
      );
      month = previousMonth(month);
      bound = null;
    }
  }
  const page = found.slice(0, query.limit);
  const nextCursor = found.length > query.limit ? page[page.length - 1]!.entryId : stoppedAbove;
  const names = await deps.roles.usernames(page.map((e) => e.actorId));
  return {
    items: page.map((e) => ({
      id: e.entryId,
      at: e.at,
      actorId: e.actorId,
      actorUsername: names.get(e.actorId) ?? null,
      action: e.action,
      subject: e.subject,
      before: e.before,
      after: e.after,
    })),
    nextCursor,
  };
}
