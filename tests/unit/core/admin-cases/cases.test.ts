import { describe, expect, it } from 'vitest';
import { CASES_LIMIT } from '../../../../shared/api/admin-cases';
import { getCase } from '../../../../functions/core/admin-cases/get-case';
import { listCases } from '../../../../functions/core/admin-cases/list-cases';
import type { CaseDeps } from '../../../../functions/core/admin-cases/ports';
import { conversationIdOf } from '../../../../functions/core/messages/conversation-id';
import type { ConversationRecord, MessageRecord } from '../../../../functions/core/messages/ports';
import type { OrderDispute, OrderRecord } from '../../../../functions/core/orders/order';
import { NEVER, type ReturnRecord } from '../../../../functions/core/returns/ports';
import { aFundedOrder, NOW } from '../orders/order-fakes';

const HOUR = 3_600_000;
const at = (ms: number) => new Date(NOW.getTime() + ms).toISOString();

const dispute = (over: Partial<OrderDispute> = {}): OrderDispute => ({
  reason: 'damaged',
  description: 'The lid is cracked.',
  photoKeys: ['dispute-photos/D1/a.jpg'],
  status: 'open',
  openedAt: at(HOUR),
  endsAt: at(100 * HOUR),
  responses: [{ message: 'It left intact.', photoKeys: ['dispute-photos/D1/b.jpg'], at: at(2 * HOUR) }],
  resolution: null,
  ...over,
});
const disputed = (orderId: string, endsAt: string, over: Partial<OrderRecord> = {}) =>
  aFundedOrder({
    orderId,
    status: 'delivered',
    releaseHold: 'dispute',
    dispute: dispute({ endsAt }),
    ...over,
  });

const aReturn = (orderId: string, over: Partial<ReturnRecord> = {}): ReturnRecord =>
  ({
    orderId,
    buyerId: 'B',
    buyerUsername: 'buyer',
    sellerId: 'S',
    sellerUsername: 'seller',
    listingId: 'L1',
    listingTitle: 'Lamp',
    imageKey: null,
    case: 'after_release',
    stage: 'escalated',
    reason: 'not_as_described',
    description: 'Not the colour shown.',
    refundCents: 4_500,
    requestedAt: at(-50 * HOUR),
    decidedAt: at(-40 * HOUR),
    approved: false,
    sellerNote: 'It is the colour shown.',
    escalatedAt: at(-30 * HOUR),
    resolution: null,
    dueAt: NEVER,
    updatedAt: at(-30 * HOUR),
    ...over,
  }) as ReturnRecord;

/** The case reads over memory: the dispute index as the table keeps it (open ones by end), returns by stage. */
function caseWorld(orders: OrderRecord[], returns: ReturnRecord[], messages: MessageRecord[] = []) {
  const reads: number[] = [];
  const conversation: ConversationRecord = {
    conversationId: conversationIdOf({ listingId: 'L1' }, 'B'),
    listingId: 'L1',
    listing: { title: 'Lamp', imageKey: null },
    buyerId: 'B',
    buyerUsername: 'buyer',
    sellerId: 'S',
    sellerUsername: 'seller',
    createdAt: at(-60 * HOUR),
    updatedAt: at(0),
  };
  const deps: CaseDeps = {
    disputes: {
      async openDisputes(limit) {
        reads.push(limit);
        return orders
          .filter((o) => o.dispute?.status === 'open')
          .sort((a, b) => a.dispute!.endsAt.localeCompare(b.dispute!.endsAt))
          .slice(0, limit);
      },
    },
    returns: {
      get: async (id) => returns.find((r) => r.orderId === id) ?? null,
      due: async (stage, before, limit) =>
        returns.filter((r) => r.stage === stage && r.dueAt <= before).slice(0, limit),
    },
    orders: { get: async (id) => orders.find((o) => o.orderId === id) ?? null },
    messages: {
      conversation: async (id) => (id === conversation.conversationId ? conversation : null),
      messages: async (_id, q) => ({
        items: [...messages].reverse().slice(0, q.limit),
        more: messages.length > q.limit,
      }),
    },
    mediaUrl: (key) => `https://media.test/${key}`,
  };
  return { deps, reads };
}

describe('the admin case queue (decision 068)', () => {
  it('lists open disputes by their deadline, then escalated returns longest waiting first; nothing else', async () => {
    const orders = [
      disputed('D2', at(50 * HOUR)),
      disputed('D1', at(20 * HOUR)),
      aFundedOrder({ orderId: 'W1', status: 'delivered', dispute: dispute({ status: 'withdrawn' }) }),
    ];
    const returns = [
      aReturn('R2', { escalatedAt: at(-2 * HOUR) }),
      aReturn('R1', { escalatedAt: at(-9 * HOUR) }),
      aReturn('R3', { stage: 'refund_owed' }),
      aReturn('R4', { stage: 'rejected', dueAt: at(HOUR) }),
    ];
    const { deps } = caseWorld(orders, returns);
    const { items, more } = await listCases(deps);
    expect(items.map((c) => [c.orderId, c.kind])).toEqual([
      ['D1', 'dispute'],
      ['D2', 'dispute'],
      ['R1', 'return'],
      ['R2', 'return'],
    ]);
    expect(more).toBe(false);
    expect(items[0]).toEqual({
      orderId: 'D1',
      kind: 'dispute',
      title: 'Lamp',
      buyer: { id: 'B', username: 'buyer' },
      seller: { id: 'S', username: 'seller' },
      amountCents: 4_500,
      reason: 'Damaged',
      openedAt: at(HOUR),
      deadline: at(20 * HOUR),
    });
    expect(items[2]).toMatchObject({ reason: 'Not as described', amountCents: 4_500, deadline: null });
  });

  it('shows at most 50, reading one more of each source to say that more are open', async () => {
    const orders = Array.from({ length: CASES_LIMIT + 5 }, (_, i) =>
      disputed(`D${String(i).padStart(3, '0')}`, at((i + 1) * HOUR)),
    );
    const { deps, reads } = caseWorld(orders, [aReturn('R1')]);
    const { items, more } = await listCases(deps);
    expect(items).toHaveLength(CASES_LIMIT);
    expect(items.at(-1)!.orderId).toBe('D049');
    expect(more).toBe(true);
    expect(reads).toEqual([CASES_LIMIT + 1]);
    expect((await listCases(caseWorld(orders.slice(0, CASES_LIMIT), []).deps)).more).toBe(false);
  });
});

describe('one case', () => {
  const messages: MessageRecord[] = [
    { conversationId: 'c', messageId: 'M1', senderId: 'B', kind: 'text', content: 'Is it boxed?', createdAt: at(-70) },
    {
      conversationId: 'c',
      messageId: 'M2',
      senderId: 'S',
      kind: 'system',
      content: 'Issue reported.',
      createdAt: at(-60),
    },
  ];

  it("shows both sides' words and photos, the conversation oldest first and the timeline; nothing secret", async () => {
    const { deps } = caseWorld([disputed('D1', at(20 * HOUR))], [], messages);
    const c = await getCase('D1', deps);
    expect(c).toMatchObject({ kind: 'dispute', status: 'open', open: true, outcomes: ['release', 'refund'] });
    expect(c.statements).toEqual([
      {
        by: 'buyer',
        text: 'The lid is cracked.',
        photoUrls: ['https://media.test/dispute-photos/D1/a.jpg'],
        at: at(HOUR),
      },
      {
        by: 'seller',
        text: 'It left intact.',
        photoUrls: ['https://media.test/dispute-photos/D1/b.jpg'],
        at: at(2 * HOUR),
      },
    ]);
    expect(c.messages.map((m) => [m.senderUsername, m.content])).toEqual([
      ['buyer', 'Is it boxed?'],
      ['seller', 'Issue reported.'],
    ]);
    expect(c.timeline.map((s) => s.label)).toEqual([
      'Order placed',
      'Escrow funded',
      'Dispute opened',
      'Seller answered the dispute',
    ]);
    const text = JSON.stringify(c);
    expect(text).not.toContain('aes.x');
    expect(text).not.toContain('Main St');
  });

  it('a decided dispute has no outcomes left and shows the reason; an escalated return is the case of its order', async () => {
    const decided = disputed('D1', at(20 * HOUR), {
      status: 'releasing',
      dispute: dispute({ status: 'released', resolution: { by: 'admin', note: 'As listed.', at: at(3 * HOUR) } }),
    });
    const { deps } = caseWorld([decided, aFundedOrder({ orderId: 'R1', status: 'completed' })], [aReturn('R1')]);
    expect(await getCase('D1', deps)).toMatchObject({
      open: false,
      outcomes: [],
      deadline: null,
      resolution: { outcome: 'released', note: 'As listed.', at: at(3 * HOUR) },
    });
    const r = await getCase('R1', deps);
    expect(r).toMatchObject({ kind: 'return', status: 'escalated', open: true, outcomes: ['refund', 'close'] });
    expect(r.statements.map((s) => [s.by, s.text])).toEqual([
      ['buyer', 'Not the colour shown.'],
      ['seller', 'Rejected. It is the colour shown.'],
    ]);
    expect(r.timeline.map((s) => s.label)).toContain('Return sent to the marketplace');
  });

  it('is 404 for an order with neither a dispute nor an escalated return', async () => {
    const { deps } = caseWorld(
      [aFundedOrder({ orderId: 'P1' })],
      [aReturn('P1', { stage: 'pending', escalatedAt: null })],
    );
    await expect(getCase('P1', deps)).rejects.toMatchObject({ status: 404 });
    await expect(getCase('NONE', deps)).rejects.toMatchObject({ status: 404 });
  });
});
