import { describe, expect, it } from 'vitest';
import { offerEntity } from '../../../functions/adapters/db/entities/offer';
import { moveWrite, newRow } from '../../../functions/adapters/db/offer-store';
import { countered, firstOffer, moved } from '../../../functions/core/offers/offer-rules';

const offer = offerEntity({ table: 't' });
const now = new Date('2026-06-01T12:00:00.000Z');
const first = (expires: boolean) =>
  firstOffer(
    { conversationId: 'C1', listingId: 'L1', buyerId: 'B1', sellerId: 'S1' },
    { offerId: 'O1', senderId: 'B1', amountCents: 4_000, expires, at: now },
  );
const itemOf = (o: ReturnType<typeof first>) => offer.put(newRow(o)).params<{ Item: Record<string, unknown> }>().Item;
type Update = { Update: { UpdateExpression: string; ConditionExpression: string } };
const updateOf = (from: ReturnType<typeof first>, to: ReturnType<typeof first>) =>
  (moveWrite({ offer } as never, from, to) as unknown as Update).Update;

describe('offer entity', () => {
  it('puts a pending offer with an expiry in the expiry index, by expiry; one without stays out', () => {
    const item = itemOf(first(true));
    expect(item.gsi5pk).toBe('$marketplace#status_pending');
    expect(String(item.gsi5sk)).toContain('expirykey_2026-06-02t12:00:00.000z');
    expect(item.gsi6pk).toBe('$marketplace#buyerid_b1');
    const open = itemOf(first(false));
    expect(open.gsi5pk).toBeUndefined();
    expect(open.gsi6pk).toBeDefined();
  });

  it('an answer leaves the expiry index, conditionally on the status read and no order', () => {
    const o = first(true);
    const update = updateOf(o, moved(o, 'accepted', now));
    expect(update.UpdateExpression).toMatch(/REMOVE #gsi5pk, #gsi5sk$/);
    expect(update.UpdateExpression).not.toContain('gsi6');
    expect(update.ConditionExpression).toContain('#status = :status0');
    expect(update.ConditionExpression).toContain('attribute_not_exists(#orderId)');
  });

  it('a countered round leaves the buyer’s list too (a thread is one line, its newest round)', () => {
    const o = first(true);
    const r = countered(o, { offerId: 'O2', senderId: 'S1', amountCents: 4_500, expires: true, at: now });
    if ('code' in r) throw new Error(r.code);
    expect(updateOf(o, r.answered).UpdateExpression).toMatch(/REMOVE #gsi5pk, #gsi5sk, #gsi6pk, #gsi6sk$/);
  });
});
