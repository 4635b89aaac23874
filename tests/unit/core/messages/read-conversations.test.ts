import { describe, expect, it } from 'vitest';
import { getConversation } from '../../../../functions/core/messages/get-conversation';
import { getUnreadMessageCount } from '../../../../functions/core/messages/get-unread-message-count';
import { listConversations } from '../../../../functions/core/messages/list-conversations';
import { listMessages } from '../../../../functions/core/messages/list-messages';
import { markConversationRead } from '../../../../functions/core/messages/mark-conversation-read';
import { LAST_MESSAGE_PREVIEW } from '../../../../functions/core/messages/conversation-view';
import { sendMessage } from '../../../../functions/core/messages/send-message';
import { startConversation } from '../../../../functions/core/messages/start-conversation';
import { aListing, messagingDeps } from './memory-messages';

const listings = [
  aListing(),
  aListing({ listingId: 'L2', title: 'Copper Kettle', images: [], status: 'ended' }),
  aListing({ listingId: 'L3', sellerId: 'OTHER', sellerUsername: 'olly' }),
];

describe('the conversation list', () => {
  it("the caller's conversations by last activity, each with listing, other party, last message and unread", async () => {
    const { deps } = messagingDeps(listings);
    const a = (await startConversation('BUYER', { listingId: 'L1' }, deps)).conversation.id;
    const b = (await startConversation('BUYER', { listingId: 'L2' }, deps)).conversation.id;
    const c = (await startConversation('BUYER', { listingId: 'L3' }, deps)).conversation.id;
    const store = (await startConversation('BUYER', { sellerId: 'SELLER' }, deps)).conversation.id;
    await sendMessage('BUYER', a, 'about the lantern', deps);
    await sendMessage('SELLER', a, `${'long '.repeat(100)}reply`, deps);
    await sendMessage('OTHER', c, 'hello from olly', deps);

    const mine = await listConversations('BUYER', undefined, deps);
    expect(mine.items.map((i) => i.id)).toEqual([c, a, store, b]);
    expect(mine.unreadCount).toBe(2);
    const first = mine.items[1]!;
    expect(first).toMatchObject({ role: 'buyer', unreadCount: 1, otherParty: { id: 'SELLER', username: 'sam' } });
    expect(first.lastMessage!.content).toHaveLength(LAST_MESSAGE_PREVIEW);
    expect(first.lastMessage!.senderId).toBe('SELLER');
    // The listing as it was when the conversation began; a store's conversation has none.
    expect(mine.items[3]!.listing).toEqual({ id: 'L2', title: 'Copper Kettle', imageUrl: null });
    expect(mine.items[1]!.listing).toEqual({
      id: 'L1',
      title: 'Brass Lantern',
      imageUrl: 'https://media.test/listing-photos/L1/a-thumb.webp',
    });
    expect(mine.items[2]!.listing).toBeNull();
    // The list reads no listing: only Contact Seller did (once per conversation).
    deps.listings.mockClear();
    await listConversations('BUYER', undefined, deps);
    expect(deps.listings).not.toHaveBeenCalled();

    // The seller only has what has messages; a user with nothing has an empty list.
    expect((await listConversations('SELLER', undefined, deps)).items.map((i) => i.id)).toEqual([a]);
    expect(await listConversations('NOBODY', undefined, deps)).toEqual({ items: [], unreadCount: 0 });
  });

  it('with a user: the conversations with that user only, most recent first', async () => {
    const { deps } = messagingDeps(listings);
    const a = (await startConversation('BUYER', { listingId: 'L1' }, deps)).conversation.id;
    const b = (await startConversation('BUYER', { sellerId: 'SELLER' }, deps)).conversation.id;
    await startConversation('BUYER', { listingId: 'L3' }, deps);
    await sendMessage('BUYER', b, 'store question', deps);
    await sendMessage('BUYER', a, 'lantern question', deps);
    expect((await listConversations('SELLER', 'BUYER', deps)).items.map((i) => i.id)).toEqual([a, b]);
    expect((await listConversations('BUYER', 'SELLER', deps)).items.map((i) => i.id)).toEqual([a, b]);
    expect((await listConversations('SELLER', 'OTHER', deps)).items).toEqual([]);
  });

  it('one conversation by id for its parties (the seller before any message too); 404 to anyone else', async () => {
    const { deps } = messagingDeps(listings);
    const { conversation } = await startConversation('BUYER', { listingId: 'L1' }, deps);
    expect(await getConversation('BUYER', conversation.id, deps)).toEqual(conversation);
    expect(await getConversation('SELLER', conversation.id, deps)).toMatchObject({
      role: 'seller',
      otherParty: { id: 'BUYER', username: 'bea' },
      unreadCount: 0,
    });
    await expect(getConversation('OTHER', conversation.id, deps)).rejects.toMatchObject({ status: 404 });
  });
});

describe('reading a conversation', () => {
  it('pages messages oldest first within the page, with when the other party last read it', async () => {
    const { deps } = messagingDeps(listings);
    const id = (await startConversation('BUYER', { listingId: 'L1' }, deps)).conversation.id;
    for (const text of ['one', 'two', 'three']) await sendMessage('BUYER', id, text, deps);
    const page = await listMessages('BUYER', id, { limit: 2 }, deps);
    expect(page.items.map((m) => m.content)).toEqual(['two', 'three']);
    expect(page).toMatchObject({ more: true, otherReadAt: null });
    const older = await listMessages('SELLER', id, { before: page.items[0]!.id }, deps);
    expect(older).toMatchObject({ items: [{ content: 'one', senderUsername: 'bea' }], more: false });
    await expect(listMessages('OTHER', id, {}, deps)).rejects.toMatchObject({ status: 404 });

    const read = await markConversationRead('SELLER', id, deps);
    expect(read).toEqual({ conversationId: id, unreadCount: 0 });
    expect((await listMessages('BUYER', id, {}, deps)).otherReadAt).not.toBeNull();
  });

  it('marking read clears the count and tells the reader’s tabs and the other party; nothing unread tells no one', async () => {
    const { deps, published } = messagingDeps(listings);
    const id = (await startConversation('BUYER', { listingId: 'L1' }, deps)).conversation.id;
    const other = (await startConversation('BUYER', { listingId: 'L3' }, deps)).conversation.id;
    await sendMessage('SELLER', id, 'a', deps);
    await sendMessage('SELLER', id, 'b', deps);
    await sendMessage('OTHER', other, 'c', deps);
    expect(await getUnreadMessageCount('BUYER', deps)).toEqual({ unreadCount: 3 });
    published.length = 0;
    expect(await markConversationRead('BUYER', id, deps)).toEqual({ conversationId: id, unreadCount: 1 });
    expect(published).toEqual([
      expect.objectContaining({
        type: 'conversation.read',
        topic: 'user:BUYER',
        data: expect.objectContaining({ conversationId: id, readerId: 'BUYER', unreadCount: 1 }),
      }),
      expect.objectContaining({
        type: 'conversation.read',
        topic: 'user:SELLER',
        data: expect.objectContaining({ conversationId: id, readerId: 'BUYER', unreadCount: null }),
      }),
    ]);
    published.length = 0;
    expect(await markConversationRead('BUYER', id, deps)).toEqual({ conversationId: id, unreadCount: 1 });
    expect(published).toEqual([]);
    await expect(markConversationRead('OTHER', id, deps)).rejects.toMatchObject({ status: 404 });
  });
});
