import { describe, expect, it } from 'vitest';
import { conversationIdOf } from '../../../../functions/core/messages/conversation-id';
import { startConversation } from '../../../../functions/core/messages/start-conversation';
import { aListing, messagingDeps } from './memory-messages';

describe('the conversation id', () => {
  it('is one per (listing or seller, buyer): 26 Crockford base32 characters, the same every time', () => {
    const id = conversationIdOf({ listingId: 'L1' }, 'BUYER');
    expect(id).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(conversationIdOf({ listingId: 'L1' }, 'BUYER')).toBe(id);
    const others = [
      conversationIdOf({ listingId: 'L2' }, 'BUYER'),
      conversationIdOf({ listingId: 'L1' }, 'OTHER'),
      // A store's conversation is not a listing's, even with a listing id equal to the seller's id.
      conversationIdOf({ sellerId: 'L1' }, 'BUYER'),
    ];
    expect(new Set([id, ...others]).size).toBe(4);
  });
});

describe('Contact Seller', () => {
  it("makes the buyer's conversation with the listing's seller once, then finds it", async () => {
    const { deps, memory } = messagingDeps();
    const first = await startConversation('BUYER', { listingId: 'L1' }, deps);
    expect(first.created).toBe(true);
    expect(first.conversation).toEqual({
      id: conversationIdOf({ listingId: 'L1' }, 'BUYER'),
      role: 'buyer',
      listing: {
        id: 'L1',
        title: 'Brass Lantern',
        imageUrl: 'https://media.test/listing-photos/L1/a-thumb.webp',
      },
      otherParty: { id: 'SELLER', username: 'sam' },
      lastMessage: null,
      unreadCount: 0,
      createdAt: '2026-06-01T12:00:00.000Z',
      updatedAt: '2026-06-01T12:00:00.000Z',
    });
    expect([...memory.conversations.values()]).toEqual([
      expect.objectContaining({ buyerId: 'BUYER', buyerUsername: 'bea', sellerId: 'SELLER', sellerUsername: 'sam' }),
    ]);
    // Only the buyer's list has it until a message is sent.
    expect([...memory.entries.values()].map((e) => e.userId)).toEqual(['BUYER']);
    const again = await startConversation('BUYER', { listingId: 'L1' }, deps);
    expect(again).toEqual({ ...first, created: false });
    // Only the making counted against the caller's limit.
    expect(deps.limitStarts).toHaveBeenCalledTimes(1);
    expect(deps.limitStarts).toHaveBeenCalledWith('BUYER');
  });

  it('past the limit on new conversations nothing is made; finding one made before still works', async () => {
    const { deps, memory } = messagingDeps();
    await startConversation('BUYER', { listingId: 'L1' }, deps);
    deps.limitStarts.mockRejectedValue(Object.assign(new Error('Too many requests'), { status: 429 }));
    await expect(startConversation('BUYER', { sellerId: 'SELLER' }, deps)).rejects.toMatchObject({ status: 429 });
    expect(memory.conversations.size).toBe(1);
    expect((await startConversation('BUYER', { listingId: 'L1' }, deps)).created).toBe(false);
  });

  it('a sold listing can still be asked about (the purchase page); a deleted or unknown one is 404', async () => {
    const { deps } = messagingDeps([aListing({ status: 'sold' }), aListing({ listingId: 'L2', status: 'deleted' })]);
    expect((await startConversation('BUYER', { listingId: 'L1' }, deps)).conversation.listing?.title).toBe(
      'Brass Lantern',
    );
    await expect(startConversation('BUYER', { listingId: 'L2' }, deps)).rejects.toMatchObject({ status: 404 });
    await expect(startConversation('BUYER', { listingId: 'L9' }, deps)).rejects.toMatchObject({
      status: 404,
      message: 'Listing not found',
    });
  });

  it("refuses one's own listing or store with 'Cannot Contact Yourself', before writing anything", async () => {
    const { deps, memory } = messagingDeps();
    for (const target of [{ listingId: 'L1' }, { sellerId: 'SELLER' }]) {
      await expect(startConversation('SELLER', target, deps)).rejects.toMatchObject({
        status: 403,
        code: 'cannot_contact_yourself',
        message: 'Cannot Contact Yourself',
      });
    }
    expect(memory.conversations.size).toBe(0);
  });

  it("from a store page: about no listing, with the store's user; an unknown user is 404", async () => {
    const { deps } = messagingDeps();
    const { conversation } = await startConversation('BUYER', { sellerId: 'SELLER' }, deps);
    expect(conversation).toMatchObject({ listing: null, otherParty: { id: 'SELLER', username: 'sam' } });
    expect(deps.listings).not.toHaveBeenCalled();
    await expect(startConversation('BUYER', { sellerId: 'NOBODY' }, deps)).rejects.toMatchObject({
      status: 404,
      message: 'User not found',
    });
  });

  it('a click that lost the race to make it finds the one the other click made', async () => {
    const { deps, memory } = messagingDeps();
    const made = await startConversation('BUYER', { listingId: 'L1' }, deps);
    // The read before the write saw nothing: the write then finds it made.
    const seen = memory.store.conversation;
    let first = true;
    memory.store.conversation = async (id) => (first ? ((first = false), null) : seen(id));
    const lost = await startConversation('BUYER', { listingId: 'L1' }, deps);
    expect(lost).toEqual({ ...made, created: false });
  });
});

describe('a seller who does not accept direct messages (decision 057)', () => {
  it('refuses new conversations from listing and store, before counting or writing; existing ones still open', async () => {
    const { deps, memory } = messagingDeps();
    const before = await startConversation('BUYER', { listingId: 'L1' }, deps);
    deps.directContact.allowed.mockResolvedValue(false);
    expect(await startConversation('BUYER', { listingId: 'L1' }, deps)).toEqual({ ...before, created: false });
    for (const [buyer, target] of [
      ['OTHER', { listingId: 'L1' }],
      ['BUYER', { sellerId: 'SELLER' }],
    ] as const) {
      await expect(startConversation(buyer, target, deps)).rejects.toMatchObject({
        status: 403,
        code: 'direct_contact_off',
        message: 'This seller does not accept direct messages.',
      });
    }
    expect(deps.directContact.allowed).toHaveBeenCalledWith('SELLER');
    expect(deps.limitStarts).toHaveBeenCalledTimes(1);
    expect(memory.conversations.size).toBe(1);
  });

  it("opens the conversation about the buyer's paid order of the listing (the purchase page's Contact Seller)", async () => {
    const { deps } = messagingDeps();
    deps.directContact.allowed.mockResolvedValue(false);
    deps.directContact.hasOrder.mockImplementation(
      async (buyer, seller, listing) => buyer === 'BUYER' && seller === 'SELLER' && listing === 'L1',
    );
    expect((await startConversation('BUYER', { listingId: 'L1' }, deps)).created).toBe(true);
    await expect(startConversation('OTHER', { listingId: 'L1' }, deps)).rejects.toMatchObject({ status: 403 });
  });
});
