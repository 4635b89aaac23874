import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { listAuditEntries, MONTHS_PER_PAGE } from '../../../../functions/core/admin-audit/list-audit-entries';
import type { AuditEntryRecord, AuditReader, AuditSlice } from '../../../../functions/core/admin-audit/ports';
import { MemoryAdminRoles } from './memory-admin';

/** The reader over a list, with the table's semantics: month partitions and an actor index, ids below `before`. */
class MemoryAuditReader implements AuditReader {
  readonly monthsRead: string[] = [];
  constructor(readonly entries: AuditEntryRecord[]) {}
  private slice(rows: AuditEntryRecord[], s: AuditSlice) {
    return rows
      .filter((e) => (s.before === null || e.entryId < s.before) && e.action.startsWith(s.actionPrefix ?? ''))
      .sort((a, b) => (a.entryId < b.entryId ? 1 : -1))
      .slice(0, s.limit);
  }
  async ofMonth(month: string, s: AuditSlice) {
    this.monthsRead.push(month);
    return this.slice(
      this.entries.filter((e) => e.at.startsWith(month)),
      s,
    );
  }
  async ofActor(actorId: string, s: AuditSlice) {
    return this.slice(
      this.entries.filter((e) => e.actorId === actorId),
      s,
    );
  }
}

const entry = (at: string, actorId: string, action: string): AuditEntryRecord => ({
  entryId: ulid(Date.parse(at)),
  at,
  actorId,
  action,
  subject: null,
  before: null,
  after: 'changed',
});

function setup(entries: AuditEntryRecord[], now = '2027-02-10T00:00:00.000Z') {
  const roles = new MemoryAdminRoles();
  for (const id of ['A', 'B']) {
    roles.add({ userId: id, username: `admin${id}`, walletAddress: `r${id}`, role: 'admin', createdAt: now });
  }
  const audit = new MemoryAuditReader(entries);
  return { audit, deps: { audit, roles, clock: { now: () => new Date(now) } } };
}

/** Every page from the first, following the cursors. */
async function allPages(deps: ReturnType<typeof setup>['deps'], query: { action?: string; actor?: string } = {}) {
  const pages: string[][] = [];
  let cursor: string | undefined;
  do {
    const page = await listAuditEntries({ limit: 2, ...query, ...(cursor && { cursor }) }, deps);
    pages.push(page.items.map((i) => `${i.actorUsername} ${i.action} ${i.at.slice(0, 10)}`));
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return pages;
}

describe('the audit log, newest first, paged across months', () => {
  const log = [
    entry('2026-11-20T10:00:00.000Z', 'A', 'admin.sign_in'),
    entry('2026-12-01T10:00:00.000Z', 'B', 'role.grant'),
    entry('2026-12-24T10:00:00.000Z', 'A', 'settings.update'),
    // January is empty: paging goes on to December.
    entry('2027-02-03T10:00:00.000Z', 'B', 'role.revoke'),
    entry('2027-02-09T10:00:00.000Z', 'gone', 'admin.sign_in'),
  ];

  it('pages backwards from this month to the first, by cursor', async () => {
    expect(await allPages(setup(log).deps)).toEqual([
      ['null admin.sign_in 2027-02-09', 'adminB role.revoke 2027-02-03'],
      ['adminA settings.update 2026-12-24', 'adminB role.grant 2026-12-01'],
      ['adminA admin.sign_in 2026-11-20'],
    ]);
  });

  it('filters by action prefix and by actor (a username; unknown: nothing)', async () => {
    const { deps } = setup(log);
    expect(await allPages(deps, { action: 'role.' })).toEqual([
      ['adminB role.revoke 2027-02-03', 'adminB role.grant 2026-12-01'],
    ]);
    expect(await allPages(deps, { actor: 'adminA' })).toEqual([
      ['adminA settings.update 2026-12-24', 'adminA admin.sign_in 2026-11-20'],
    ]);
    expect(await allPages(deps, { actor: 'adminA', action: 'admin.' })).toEqual([['adminA admin.sign_in 2026-11-20']]);
    expect(await listAuditEntries({ limit: 2, actor: 'nobody' }, deps)).toEqual({ items: [], nextCursor: null });
  });

  it(`reads at most ${MONTHS_PER_PAGE} months a page and goes on from there`, async () => {
    const { audit, deps } = setup([entry('2026-11-20T10:00:00.000Z', 'A', 'admin.sign_in')], '2028-03-01T00:00:00Z');
    const first = await listAuditEntries({ limit: 2 }, deps);
    expect(first.items).toEqual([]);
    expect(audit.monthsRead).toEqual([
      '2028-03',
      '2028-02',
      '2028-01',
      ...'2027-12 2027-11 2027-10 2027-09 2027-08 2027-07 2027-06 2027-05 2027-04'.split(' '),
    ]);
    const second = await listAuditEntries({ limit: 2, cursor: first.nextCursor! }, deps);
    expect(audit.monthsRead.slice(MONTHS_PER_PAGE)).toEqual(['2027-03', '2027-02', '2027-01', '2026-12', '2026-11']);
    expect(second).toMatchObject({ items: [{ action: 'admin.sign_in' }], nextCursor: null });
  });

  it('refuses a cursor it did not give out (400)', async () => {
    const { deps } = setup(log);
    for (const cursor of ['nope', 'ZZZZZZZZZZZZZZZZZZZZZZZZZZ', '01ARZ3NDEKTSV4RRFFQ69G5FA']) {
      await expect(listAuditEntries({ limit: 2, cursor }, deps)).rejects.toMatchObject({ status: 400 });
    }
  });
});
