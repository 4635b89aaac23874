import type { DynamoDBDocumentClient, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { endHold, takeHolds } from '../../../functions/adapters/db/buyer-holds';
import { serviceFor } from '../../../functions/adapters/db/service';
import { anOrder } from '../../fixtures/order-record';

/** The transaction's items as DynamoDB would get them (a client that records and answers success). */
async function sentItems(build: Parameters<ReturnType<typeof serviceFor>['transaction']['write']>[0]) {
  const sent: TransactWriteCommand['input'][] = [];
  const client = {
    async send(command: { input: TransactWriteCommand['input'] }) {
      sent.push(command.input);
      return {};
    },
  };
  await serviceFor(client as unknown as DynamoDBDocumentClient, 't')
    .transaction.write(build)
    .go();
  return sent[0]!.TransactItems!.map((i) => i.Update!);
}

const sortKeyOf = (u: { Key?: Record<string, unknown> }) => JSON.stringify(u.Key).toLowerCase();
const valuesOf = (u: { ExpressionAttributeValues?: Record<string, unknown> }) =>
  Object.values(u.ExpressionAttributeValues ?? {});

const order = anOrder({
  createdAt: '2026-11-24T23:20:00.000Z',
  hold: { day: '2026-11-24', seconds: 900 },
  lines: [{ listingId: 'L1', title: 'Lamp', imageKey: null, quantity: 1, unitPriceCents: 4_500, shippingCents: 0 }],
});

describe('the hold items a checkout and an order ending write (decision 041)', () => {
  it("checkout: the buyer's count, conditioned on the limit, and one item per listing for the checkout's day", async () => {
    const items = await sentItems(({ buyerHold }) => takeHolds(buyerHold, [order], '2026-11-24T23:20:00.000Z'));
    expect(items).toHaveLength(2);
    expect(sortKeyOf(items[0]!)).toContain('open');
    expect(items[0]!.ConditionExpression).toMatch(/attribute_not_exists|<=/);
    expect(sortKeyOf(items[1]!)).toContain('day#l1#2026-11-24');
    expect(valuesOf(items[1]!)).toContain(900);
  });

  it('an unpaid end past 23:00 settles the checkout day and puts the cooldown on both days it runs on', async () => {
    const items = await sentItems(({ buyerHold }) =>
      endHold(buyerHold, order, 'cancelled', '2026-11-24T23:30:00.000Z'),
    );
    expect(items.map(sortKeyOf)).toEqual([
      expect.stringContaining('open'),
      expect.stringContaining('day#l1#2026-11-24'),
      expect.stringContaining('day#l1#2026-11-25'),
    ]);
    // Held 10 minutes of the 15 charged: 5 go back.
    expect(valuesOf(items[1]!)).toEqual(expect.arrayContaining([-300, '2026-11-25T00:30:00.000Z']));
    expect(valuesOf(items[2]!)).toContain('2026-11-25T00:30:00.000Z');
    expect(items.every((u) => u.ConditionExpression === undefined || !/seconds/.test(u.ConditionExpression))).toBe(
      true,
    );
  });

  it('a paid end gives the whole charge back and starts no cooldown; an order without a charge writes nothing', async () => {
    const items = await sentItems(({ buyerHold }) => endHold(buyerHold, order, 'funded', '2026-11-24T23:25:00.000Z'));
    expect(items).toHaveLength(2);
    expect(valuesOf(items[1]!)).toContain(-900);
    expect(JSON.stringify(items)).not.toContain('2026-11-25T');
    const { hold: _, ...auctionOrder } = order;
    expect(endHold({} as never, auctionOrder, 'cancelled', '2026-11-24T23:25:00.000Z')).toEqual([]);
  });
});
