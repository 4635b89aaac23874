import { describe, expect, it } from 'vitest';
import { conversationIdOf, noteMessageId } from '../../../../functions/core/messages/conversation-id';
import { postOrderNote } from '../../../../functions/core/messages/order-notes';
import { aFundedOrder } from '../orders/order-fakes';
import { messagingDeps } from './memory-messages';

const AT = new Date('2026-11-28T10:00:00.000Z');

describe("a system note in an order's conversation (decision 053)", () => {
  const order = aFundedOrder({ orderId: 'O1', buyerId: 'BUYER', buyerUsername: 'bea', sellerId: 'SELLER' });
  const orders = { get: async (id: string) => (id === 'O1' ? order : null) };
  const note = { orderId: 'O1', senderId: 'BUYER', content: 'Issue reported: Damaged. Cracked.', noteKey: 'k1' };

  it("starts the item's conversation if needed, writes the note once per key, and pushes it to the other party", async () => {
    const { deps, memory, published } = messagingDeps();
    expect(await postOrderNote(note, AT, { ...deps, orders })).toBe(true);
    expect(await postOrderNote(note, AT, { ...deps, orders })).toBe(false);

    const conversationId = conversationIdOf({ listingId: order.lines[0]!.listingId }, 'BUYER');
    const { items } = await memory.store.messages(conversationId, { limit: 10 });
    expect(items).toEqual([
      expect.objectContaining({
        kind: 'system',
        senderId: 'BUYER',
        content: note.content,
        messageId: noteMessageId('k1', AT),
      }),
    ]);
    expect(published.map((e) => e.type)).toEqual(['message.created', 'message.created']);
    expect((await memory.store.entry('SELLER', 'BUYER', conversationId))?.unread).toBe(1);
  });

  it('writes nothing for an unknown order or a sender who is not a party', async () => {
    const { deps } = messagingDeps();
    expect(await postOrderNote({ ...note, orderId: 'NOPE' }, AT, { ...deps, orders })).toBe(false);
    expect(await postOrderNote({ ...note, senderId: 'OTHER' }, AT, { ...deps, orders })).toBe(false);
  });

  it('makes ids that sort by time and differ by key', () => {
    expect(noteMessageId('k1', AT)).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(noteMessageId('k1', AT) < noteMessageId('k1', new Date(AT.getTime() + 1))).toBe(true);
    expect(noteMessageId('k1', AT)).not.toBe(noteMessageId('k2', AT));
  });
});
