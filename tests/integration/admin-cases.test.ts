import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CaseSummary, CaseView } from '../../shared/api/admin-cases';
import type { AuditEntryView } from '../../shared/api/admin-audit';
import { call } from './auth-support';
import { buyerAndSeller, waitForOrder } from './checkout-support';
import { deliveredSale } from './delivered-sale';
import { until } from './message-support';
import { signUp, type Account } from './route-support';
import { makeAdmin } from './table-support';

/** The admin Cases tab's reads and an administrator's decision through the local gateway (decision 068). */

const FROM = '127.0.9.68';
let buyer: Account;
let seller: Account;
let admin: Account;

type Failure = { error?: { code: string; fields?: Record<string, string> } };
const get = <T>(a: Account, path: string) => call<T & Failure>('GET', path, { token: a.token, from: a.from });
const post = <T>(a: Account, path: string, body: unknown) =>
  call<T & Failure>('POST', path, { token: a.token, from: a.from, body, headers: { 'idempotency-key': randomUUID() } });
const cases = (a: Account) => get<{ items: CaseSummary[]; more: boolean }>(a, '/api/admin/cases');
const caseOf = (a: Account, orderId: string) => get<CaseView>(a, `/api/admin/cases/${orderId}`);

beforeAll(async () => {
  ({ buyer, seller } = await buyerAndSeller(FROM, 'cas'));
  admin = await signUp(FROM, 'casadm');
  await makeAdmin(admin.userId);
}, 120_000);

describe('the admin case queue', () => {
  it('lists an open dispute by its deadline with both sides and the notes; a release with a reason ends it, audited', async () => {
    const order = await deliveredSale(seller, buyer, FROM);
    // The monitor's held count is a counter moved with each hold (decision 065), not a read of the held orders.
    const held = async () => (await get<{ counts: { held: number } }>(admin, '/api/admin/escrows')).body.counts.held;
    const heldBefore = await held();
    const description = 'The radio does not turn on.';
    const opened = await post<{ dispute: { endsAt: string } }>(buyer, `/api/orders/${order.id}/dispute`, {
      reason: 'not_as_described',
      description,
    });
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    expect(await held()).toBe(heldBefore + 1);
    const answer = 'It worked when I packed it.';
    expect((await post(seller, `/api/orders/${order.id}/dispute/responses`, { message: answer })).status).toBe(201);

    // Only an administrator reads the queue (the matrix checks every caller).
    expect((await cases(seller)).status).toBe(403);
    const queue = await cases(admin);
    expect(queue.status, JSON.stringify(queue.body)).toBe(200);
    const deadlines = queue.body.items.flatMap((c) => (c.deadline ? [c.deadline] : []));
    expect(deadlines).toEqual([...deadlines].sort());
    expect(queue.body.items.find((c) => c.orderId === order.id)).toEqual({
      orderId: order.id,
      kind: 'dispute',
      title: order.lines[0]!.title,
      buyer: { id: buyer.userId, username: buyer.username },
      seller: { id: seller.userId, username: seller.username },
      amountCents: order.totalCents,
      reason: 'Not as described',
      openedAt: expect.any(String),
      deadline: opened.body.dispute.endsAt,
    });

    // The case: both sides, the conversation's notes (written by the events consumer) and the timeline; no secrets.
    const read = () => caseOf(admin, order.id);
    await until(async () => (await read()).body.messages?.some((m) => m.content.startsWith('Issue reported:')));
    const c = (await read()).body;
    expect(c).toMatchObject({ open: true, outcomes: ['release', 'refund'], status: 'open' });
    expect(c.statements.map((s) => [s.by, s.text])).toEqual([
      ['buyer', description],
      ['seller', answer],
    ]);
    expect(c.timeline.map((s) => s.label)).toEqual(
      expect.arrayContaining(['Escrow funded', 'Delivered', 'Dispute opened']),
    );
    expect(JSON.stringify(c)).not.toMatch(/sealedFulfillment|condition|postalCode/);
    expect((await caseOf(admin, 'NOCASE1')).status).toBe(404);

    // A blank reason is refused at its field; with one, the release goes through and is audited.
    const path = `/api/admin/orders/${order.id}/dispute/resolution`;
    const blank = await post(admin, path, { outcome: 'release', note: '  ' });
    expect(blank.status).toBe(400);
    expect(blank.body.error?.fields?.note).toBe('Please write the reason.');
    const reason = 'The seller showed the radio working before it was packed.';
    const resolved = await post(admin, path, { outcome: 'release', note: reason });
    expect(resolved.status, JSON.stringify(resolved.body)).toBe(200);
    expect(await waitForOrder(buyer, order.id, ['releasing'])).toMatchObject({
      status: 'completed',
      dispute: { status: 'released', resolution: { by: 'admin', note: reason } },
    });
    expect((await cases(admin)).body.items.map((i) => i.orderId)).not.toContain(order.id);
    expect(await held()).toBe(heldBefore);
    expect((await read()).body).toMatchObject({
      open: false,
      outcomes: [],
      resolution: { outcome: 'released', note: reason },
    });
    const audit = await get<{ items: AuditEntryView[] }>(
      admin,
      `/api/admin/audit?action=case.release&actor=${admin.username}`,
    );
    expect(audit.body.items.filter((e) => e.subject === order.id)).toEqual([
      expect.objectContaining({
        actorId: admin.userId,
        action: 'case.release',
        after: expect.objectContaining({ reason }),
      }),
    ]);
  }, 90_000);
});
